// The carrier's calls into the app (ARCHITECTURE.md §4), each signed (telephony/webhook-signature.ts):
//   POST /webhooks/twilio/voice     the TwiML App's Voice URL: the browser's call, answered with
//                                   <Dial callerId timeLimit answerOnBridge><Number statusCallback …>destination</Number></Dial>
//   POST /webhooks/twilio/status    the <Number>'s (or <Client>'s) status callbacks: applyCallStatus
//   POST /webhooks/twilio/incoming  the Voice URL of purchased numbers: rings the owner's browser for 25 s (<Dial timeout><Client>),
//                                   or a polite message for a number nobody holds; one nobody answers goes to voicemail
//   POST /webhooks/twilio/voicemail   the <Dial>'s and <Record>'s actions; /webhooks/twilio/recording  the message kept
//                                   (voicemail.ts)
import twilio from 'twilio';
import { incomingRingSeconds } from '@ringwise/contract/calls';
import { webhooks } from '@ringwise/contract/webhooks';
import type { Database } from '../../db/database.ts';
import { isUuid } from '../../lib/uuid.ts';
import { callDurationOf, isSid, sipResponseCodeOf } from '../../telephony/webhook-fields.ts';
import { callStatusOf, applyCallStatus, type StatusOutcome } from './settle.ts';
import { voicemailStepUrl } from './voicemail-twiml.ts';
import { forwardingColumnsSql, type ForwardingMode, type ForwardServices } from './forward.ts';
import { forwardOrVoicemail } from './voicemail.ts';

const { VoiceResponse } = twilio.twiml;

export const voicePaths = {
  voice: webhooks.twilioVoice.path,
  status: webhooks.twilioCallStatus.path,
  incoming: webhooks.twilioIncoming.path,
  voicemail: webhooks.twilioVoicemail.path,
  recording: webhooks.twilioRecording.path,
} as const;

/** The <Number>'s events we follow. */
const statusEvents = ['initiated', 'ringing', 'answered', 'completed'] as const;

const spoken = (text: string) => {
  const response = new VoiceResponse();
  response.say(text);
  response.hangup();
  return response.toString();
};

export const notAvailableMessage = 'Sorry, this call cannot be connected. Please try again from the Ringwise app.';
export const numberNotInServiceMessage = 'Thank you for calling. The number you have dialled is not in service. Goodbye.';

interface OutgoingCall {
  id: string;
  user_id: string;
  destination_number: string;
  from_number: string;
  max_duration_seconds: number;
  twilio_call_sid: string | null;
}

/** The voice webhook: the call the browser started (its `callId` parameter), dialled with its caller ID and time limit. */
export async function answerOutgoing(db: Pick<Database, 'privileged'>, publicUrl: string, form: Record<string, string>): Promise<string> {
  const callId = form.callId ?? '';
  const identity = (form.From ?? form.Caller ?? '').replace(/^client:/, '');
  const callSid = form.CallSid ?? '';
  if (!isUuid(callId) || !isSid('CA', callSid)) return spoken(notAvailableMessage);
  const [call] = await db.privileged((sql) =>
    sql.query<OutgoingCall>(
      `update public.calls set twilio_call_sid = coalesce(twilio_call_sid, $3)
       where id = $1 and user_id::text = $2 and call_direction = 'outbound' and status = 'queued'
         and (twilio_call_sid is null or twilio_call_sid = $3)
       returning id, user_id, destination_number, from_number, max_duration_seconds, twilio_call_sid`,
      [callId, identity, callSid],
    ),
  );
  if (!call) return spoken(notAvailableMessage);
  const response = new VoiceResponse();
  const dial = response.dial({ callerId: call.from_number, timeLimit: call.max_duration_seconds, answerOnBridge: true });
  dial.number(
    { statusCallback: `${publicUrl}${voicePaths.status}?callId=${call.id}`, statusCallbackEvent: [...statusEvents], statusCallbackMethod: 'POST' },
    call.destination_number,
  );
  return response.toString();
}

/**
 * A status callback: which call (the URL's callId), its leg (CallSid), its status and, at the end, its duration.
 * One whose fields do not read as Twilio writes them (no leg SID, an unknown status, a duration that is not whole
 * seconds within a day) is ignored: it neither moves nor settles the call (a call whose final callback never
 * reads is settled by the reconciler, from the carrier's own record of the leg).
 */
export async function recordStatus(db: Pick<Database, 'privileged'>, callId: string | null, form: Record<string, string>): Promise<StatusOutcome> {
  const status = callStatusOf(form.CallStatus);
  const legSid = form.CallSid;
  const duration = callDurationOf(form.CallDuration);
  if (!callId || !isUuid(callId) || status === null || !isSid('CA', legSid) || duration === 'malformed') return 'ignored';
  const sip = sipResponseCodeOf(form.SipResponseCode);
  return applyCallStatus(db, { callId, status, legSid, duration, endReason: sip ? `${status} (SIP ${sip})` : null });
}

/** Who is calling a purchased number, as kept with the call: Twilio's From (a number, `anonymous`, a SIP URI …). */
const maxCallerLength = 128;

/** Why an incoming call for an owner signed in nowhere ends at once, as unanswered. */
export const nobodySignedInReason = 'unanswered: the owner is signed in nowhere';

/**
 * A call to a purchased number: the owner's browser rings (their identity is their user id), only while they are
 * signed in somewhere (private.has_live_session): Twilio cannot revoke a browser's access token, so a page signed out
 * (or an account deleted) may still be registered until its token expires, and must not ring. Otherwise the call is
 * recorded and ended as unanswered (no-answer, free) and the caller hears that it cannot be connected.
 */
export async function answerIncoming(services: ForwardServices, form: Record<string, string>): Promise<string> {
  const { db, publicUrl } = services;
  const to = form.To ?? form.Called ?? '';
  const caller = form.From ?? form.Caller ?? '';
  const from = caller.length <= maxCallerLength ? caller : '';
  // the owner and the call's record in one transaction
  const ringing = await db.privileged(async (sql) => {
    const [owner] = await sql.query<{ user_id: string; signed_in: boolean; forwarding_mode: ForwardingMode; forward_to: string | null }>(
      `select v.user_id, private.has_live_session(v.user_id) as signed_in, ${forwardingColumnsSql}
       from public.virtual_numbers v where v.phone_number = $1 and v.status in ('active', 'grace')`,
      [to],
    );
    if (!owner) return 'not-in-service';
    // a repeated request for the same call finds its record; a SID that is another call's (outbound, or to
    // another number) is not taken over
    const [call] = await sql.query<{ id: string }>(
      `insert into public.calls (user_id, twilio_call_sid, destination_number, from_number, status, call_direction, calling_method, cost)
       values ($1, $2, $3, $4, 'ringing', 'inbound', 'virtual', 0)
       on conflict (twilio_call_sid) do update set updated_at = now()
         where calls.call_direction = 'inbound' and calls.user_id = excluded.user_id and calls.destination_number = excluded.destination_number
       returning id`,
      [owner.user_id, isSid('CA', form.CallSid) ? form.CallSid : null, to, from || 'unknown'],
    );
    return call ? { userId: owner.user_id, callId: call.id, signedIn: owner.signed_in, forwarding: { mode: owner.forwarding_mode, to: owner.forward_to } } : 'not-available';
  });
  if (ringing === 'not-in-service') return spoken(numberNotInServiceMessage);
  if (ringing === 'not-available') return spoken(notAvailableMessage);
  const incoming = { id: ringing.callId, userId: ringing.userId, caller: from || 'unknown' };
  // every call forwarded: the browser does not ring (the incoming call's record ends with the forwarded leg, settle.ts)
  if (ringing.forwarding.mode === 'always' && isSid('CA', form.CallSid)) return forwardOrVoicemail(services, incoming, ringing.forwarding);
  if (!ringing.signedIn) {
    await applyCallStatus(db, { callId: ringing.callId, status: 'no-answer', duration: 0, endReason: nobodySignedInReason });
    if (!isSid('CA', form.CallSid)) return spoken(notAvailableMessage);
    return forwardOrVoicemail(services, incoming, ringing.forwarding);
  }
  const response = new VoiceResponse();
  // a call the browser does not take (rang out, declined, failed) goes on to voicemail: the <Dial>'s action
  const dial = response.dial({ answerOnBridge: true, timeout: incomingRingSeconds, action: voicemailStepUrl(publicUrl, ringing.callId, 'unanswered'), method: 'POST' });
  dial.client(
    { statusCallback: `${publicUrl}${voicePaths.status}?callId=${ringing.callId}`, statusCallbackEvent: [...statusEvents], statusCallbackMethod: 'POST' },
    ringing.userId,
  );
  return response.toString();
}
