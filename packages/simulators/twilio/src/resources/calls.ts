// Calls: the voice side's calls (voice/) as Twilio's Call resource shows them, so that the app reads a call's status
// and duration and ends it through the official SDK (`client.calls(sid).fetch()`, `.update({ status })`,
// `client.calls.list()`). A call and the leg its <Dial> rang are two Calls, the leg's `parent_call_sid` the call's.
// A live call is read from the simulator's memory (fresher than the table); one that is over from the calls table
// (the calls a stopped process left live were ended there when the simulator started again: simulator.ts `recover`).
import { accountPath, apiVersion, rfc2822, type ApiResult, type ServiceContext } from '../context.ts';
import { invalidParameter, notFound } from '../errors.ts';
import { e164Shaped, listPage, readPage } from '../params.ts';
import * as store from '../store.ts';

/** What the resource asks of the voice side (voice/voice-simulator.ts). */
export interface LiveCalls {
  /** A call this process serves (by its own or its leg's sid), or null. */
  callRecord(sid: string): store.VoiceCallRow | null;
  /** Applies `Status` to a call this process serves (Twilio's rules); null when it does not serve it. */
  endCall(sid: string, status: UpdateStatus): store.VoiceCallRow | null;
}

export type UpdateStatus = 'canceled' | 'completed';

/** Twilio's call statuses (call_enum_status); a leg's `initiated` shows as `queued`. */
const callStatuses: ReadonlySet<string> = new Set(['queued', 'ringing', 'in-progress', 'completed', 'busy', 'failed', 'no-answer', 'canceled']);
const restStatus = (status: string) => (status === 'initiated' ? 'queued' : status);

/** A NANP number the way Twilio formats it, "(415) 555-1234"; anything else as it is. */
function formatted(number: string): string {
  const nanp = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(number);
  return nanp ? `(${nanp[1]}) ${nanp[2]}-${nanp[3]}` : number;
}

const ms = (value: number | string | null) => (value === null ? null : Number(value));

/** One Call: the parent (what the browser's SDK or the phone page placed) or its dialled leg. */
function callResource(ctx: ServiceContext, row: store.VoiceCallRow, leg: boolean, phoneNumberSid: string | null) {
  const sid = leg ? (row.dial_sid ?? '') : row.sid;
  const from = (leg ? row.dial_from : row.from_number) ?? '';
  const to = (leg ? row.dial_to : row.to_number) ?? '';
  const created = ms(leg ? row.dial_created_ms : row.created_ms) ?? Number(row.created_ms);
  const answered = ms(leg ? row.dial_answered_ms : row.answered_ms);
  const ended = ms(leg ? row.dial_ended_ms : row.ended_ms);
  const duration = leg ? row.dial_duration_s : row.duration_s;
  const uri = `${accountPath(ctx)}/Calls/${sid}`;
  return {
    account_sid: ctx.accountSid,
    annotation: null,
    answered_by: null,
    api_version: apiVersion,
    caller_name: null,
    date_created: rfc2822(created),
    date_updated: rfc2822(Math.max(created, answered ?? 0, ended ?? 0)),
    // a browser's call and a phone's call both come in to Twilio; the leg a <Dial> rings goes out
    direction: leg ? 'outbound-dial' : 'inbound',
    // seconds from the answer (0 when it was never answered, as the leg's CallDuration); none while it lasts
    duration: ended === null ? null : String(duration ?? 0),
    end_time: ended === null ? null : rfc2822(ended),
    forwarded_from: null,
    from,
    from_formatted: formatted(from),
    group_sid: null,
    parent_call_sid: leg ? row.sid : null,
    phone_number_sid: phoneNumberSid,
    price: null,
    price_unit: 'USD',
    queue_time: '0',
    sid,
    // when Twilio took the call in, or dialled the leg
    start_time: rfc2822(created),
    status: restStatus((leg ? row.dial_status : row.status) ?? 'queued'),
    subresource_uris: {
      feedback: `${uri}/Feedback.json`,
      feedback_summaries: `${accountPath(ctx)}/Calls/FeedbackSummary.json`,
      notifications: `${uri}/Notifications.json`,
      recordings: `${uri}/Recordings.json`,
      payments: `${uri}/Payments.json`,
      events: `${uri}/Events.json`,
      siprec: `${uri}/Siprec.json`,
      streams: `${uri}/Streams.json`,
      transcriptions: `${uri}/Transcriptions.json`,
      user_defined_message_subscriptions: `${uri}/UserDefinedMessageSubscriptions.json`,
      user_defined_messages: `${uri}/UserDefinedMessages.json`,
    },
    to,
    to_formatted: formatted(to),
    trunk_sid: null,
    uri: `${uri}.json`,
  };
}

/** A call rendered for the sid asked for (the parent's or its leg's). */
async function render(ctx: ServiceContext, row: store.VoiceCallRow, leg: boolean) {
  // a phone calling a bought number reached it through that number
  const numberSid = !leg && row.direction === 'inbound' ? await store.incomingNumberSid(ctx.sql, row.to_number) : null;
  return callResource(ctx, row, leg, numberSid);
}

export async function fetchCall(ctx: ServiceContext, live: LiveCalls, sid: string, path: string): Promise<ApiResult> {
  const row = live.callRecord(sid) ?? (await store.findVoiceCall(ctx.sql, sid));
  if (!row) throw notFound(path);
  return { status: 200, body: await render(ctx, row, row.sid !== sid) };
}

/**
 * `calls(sid).update({ status })`: `canceled` ends a call that is queued or ringing (an answered one is returned as
 * it is), `completed` ends it whatever its state (voice-simulator.ts `endCall`). Redirecting a live call (`Url`,
 * `Twiml`) is not simulated.
 */
export async function updateCall(ctx: ServiceContext, live: LiveCalls, sid: string, params: URLSearchParams, path: string): Promise<ApiResult> {
  const status = params.get('Status');
  if (status !== null && status !== 'canceled' && status !== 'completed') {
    throw invalidParameter(`Status must be canceled or completed, not ${JSON.stringify(status)}`);
  }
  if (params.get('Url') !== null || params.get('Twiml') !== null) throw invalidParameter('The carrier simulator does not redirect calls (Url, Twiml)');
  const row = (status !== null ? live.endCall(sid, status) : live.callRecord(sid)) ?? (await store.findVoiceCall(ctx.sql, sid));
  if (!row) throw notFound(path);
  return { status: 200, body: await render(ctx, row, row.sid !== sid) };
}

/** `calls.list({ status, from, to, parentCallSid })`: newest first, each leg after its call. */
export async function listCalls(ctx: ServiceContext, live: LiveCalls, params: URLSearchParams, path: string): Promise<ApiResult> {
  const query = readPage(params);
  for (const name of ['StartTime', 'StartTime<', 'StartTime>', 'EndTime', 'EndTime<', 'EndTime>']) {
    if (params.has(name)) throw invalidParameter(`The carrier simulator does not filter calls by ${name}`);
  }
  const status = params.get('Status');
  if (status !== null && !callStatuses.has(status)) throw invalidParameter(`Status must be one of ${[...callStatuses].join(', ')}`);
  const number = (name: string) => {
    const value = params.get(name);
    return value ? (e164Shaped(value) ?? value) : null;
  };
  const [from, to, parent] = [number('From'), number('To'), params.get('ParentCallSid')];
  const filter = { ...(status ? { status } : {}), ...(from ? { from } : {}), ...(to ? { to } : {}), ...(parent ? { parentCallSid: parent } : {}) };
  const { calls, more } = await store.listVoiceCalls(ctx.sql, filter, query);
  const items = [];
  for (const { row, leg } of calls) items.push(await render(ctx, live.callRecord(row.sid) ?? row, leg));
  return { status: 200, body: listPage('calls', items, path, params, query, more) };
}
