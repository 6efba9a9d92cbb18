// Voicemail (issue 36). The carrier's side: the <Dial>'s action of an incoming call nobody answered sends the
// caller to the greeting and <Record>; the recording callback keeps the message on the call's row, once, and queues
// its e-mail in the same transaction. The owner's side: the audio streamed from the carrier under their session,
// marking it heard, deleting it (at the carrier first). Another user's call is 404, as a call without a message.
import type { Twilio } from 'twilio';
import type { Database } from '../../db/database.ts';
import { isUuid } from '../../lib/uuid.ts';
import { HttpError } from '../../plugins/errors.ts';
import { callDurationOf, isSid } from '../../telephony/webhook-fields.ts';
import type { RecordingMedia } from '../../telephony/twilio-client.ts';
import { carrier, isRestException } from '../numbers/carrier.ts';
import { greetingUrlOfCall } from '../numbers/greeting.ts';
import { forwardingOfCall, forwardRefusedText, forwardTwiml, type Forwarding, type ForwardServices, type IncomingCall } from './forward.ts';
import { hangUpTwiml, messageKeptText, spokenGoodbye, voicemailTwiml, type VoicemailStep } from './voicemail-twiml.ts';

type Privileged = Pick<Database, 'privileged'>;

/** DialCallStatus values after which the caller is offered voicemail (the browser rang out, declined, or failed). */
const unansweredDialStatuses = new Set(['no-answer', 'busy', 'failed']);

const stepOf = (value: string | null): VoicemailStep | null => (value === 'unanswered' || value === 'forwarded' || value === 'recorded' ? value : null);

/** The incoming call a carrier request is about: the URL's callId and the carrier's own CallSid must agree. */
async function incomingCall(db: Privileged, callId: string | null, callSid: string | undefined): Promise<{ id: string; user_id: string; from_number: string } | null> {
  if (!callId || !isUuid(callId) || !isSid('CA', callSid)) return null;
  const [call] = await db.privileged((sql) =>
    sql.query<{ id: string; user_id: string; from_number: string }>(
      `select id, user_id, from_number from public.calls where id = $1 and twilio_call_sid = $2 and call_direction = 'inbound' and deleted_at is null`,
      [callId, callSid],
    ),
  );
  return call ?? null;
}

/** The caller's next step after the browser did not take the call: forwarded when the number forwards (the caller
 *  told when it cannot be), else the voicemail greeting and <Record>. */
export async function forwardOrVoicemail(services: ForwardServices, incoming: IncomingCall, forwarding: Forwarding): Promise<string> {
  const { db, publicUrl } = services;
  let preface: string | null = null;
  if (forwarding.mode !== 'off' && forwarding.to) {
    const forwarded = await forwardTwiml(services, incoming, forwarding.to);
    if (forwarded) return forwarded;
    preface = forwardRefusedText;
  }
  return voicemailTwiml(publicUrl, incoming.id, await greetingUrlOfCall(db, publicUrl, incoming.id), preface);
}

/** POST /webhooks/twilio/voicemail: what the caller hears next. */
export async function answerVoicemailStep(services: ForwardServices, url: URL, form: Record<string, string>): Promise<string> {
  const { db, publicUrl } = services;
  const step = stepOf(url.searchParams.get('step'));
  const call = step ? await incomingCall(db, url.searchParams.get('callId'), form.CallSid) : null;
  if (!step || !call) return hangUpTwiml();
  if (step === 'recorded') return spokenGoodbye(messageKeptText);
  if (!unansweredDialStatuses.has(form.DialCallStatus ?? '')) return hangUpTwiml();
  // the forwarded leg was not answered either: voicemail
  if (step === 'forwarded') return voicemailTwiml(publicUrl, call.id, await greetingUrlOfCall(db, publicUrl, call.id));
  const incoming = { id: call.id, userId: call.user_id, caller: call.from_number };
  const forwarding = await forwardingOfCall(db, call.id);
  return forwardOrVoicemail(services, incoming, forwarding.mode === 'off' ? forwarding : { ...forwarding, mode: 'unanswered' });
}

export type RecordingOutcome = 'kept' | 'ignored';

/**
 * POST /webhooks/twilio/recording: a completed recording becomes the call's voicemail, once (a repeated callback, or
 * one for a call that already has a message, changes nothing), and its owner's e-mail is queued with it.
 */
export async function keepRecording(db: Privileged, callId: string | null, form: Record<string, string>): Promise<RecordingOutcome> {
  const duration = callDurationOf(form.RecordingDuration);
  if (form.RecordingStatus !== 'completed' || !isSid('RE', form.RecordingSid) || typeof duration !== 'number' || duration < 1) return 'ignored';
  const call = await incomingCall(db, callId, form.CallSid);
  if (!call) return 'ignored';
  return db.privileged(async (sql) => {
    const [kept] = await sql.query<{ from_number: string | null }>(
      `update public.calls set recording_sid = $2, recording_duration = $3, voicemail_at = now()
       where id = $1 and recording_sid is null and voicemail_at is null and deleted_at is null
       returning from_number`,
      [call.id, form.RecordingSid, duration],
    );
    if (!kept) return 'ignored';
    await sql.query(`insert into private.billing_jobs (user_id, kind, payload) values ($1, 'voicemail_received', $2)`, [
      call.user_id,
      { callId: call.id, caller: kept.from_number ?? 'unknown', durationSeconds: String(duration) },
    ]);
    return 'kept';
  });
}

const voicemailNotFound = () => new HttpError(404, 'not_found', 'Voicemail not found');

/** The user's call's voicemail recording SID (404 when the call is not theirs or has no message). */
async function ownVoicemail(db: Privileged, userId: string, callId: string): Promise<string> {
  if (!isUuid(callId)) throw voicemailNotFound();
  const [row] = await db.privileged((sql) =>
    sql.query<{ recording_sid: string }>(
      `select recording_sid from public.calls
       where id = $1 and user_id = $2 and deleted_at is null and voicemail_at is not null and recording_sid is not null`,
      [callId, userId],
    ),
  );
  if (!row) throw voicemailNotFound();
  return row.recording_sid;
}

/** GET /api/calls/{id}/voicemail: the audio as the carrier serves it (WAV), passed through as a stream. */
export async function voicemailAudio(db: Privileged, media: RecordingMedia, userId: string, callId: string): Promise<Response> {
  const sid = await ownVoicemail(db, userId, callId);
  const upstream = await media(sid);
  if (upstream.status === 404) throw voicemailNotFound();
  if (!upstream.ok || !upstream.body) {
    await upstream.body?.cancel();
    throw new HttpError(503, 'unavailable', 'The voicemail could not be fetched from the phone carrier. Try again.');
  }
  const headers = new Headers({
    'content-type': 'audio/wav',
    'cache-control': 'private, no-store',
    'content-disposition': `inline; filename="voicemail-${callId}.wav"`,
  });
  const length = upstream.headers.get('content-length');
  if (length) headers.set('content-length', length);
  return new Response(upstream.body, { status: 200, headers });
}

/** POST /api/calls/{id}/voicemail/heard. */
export async function markVoicemailHeard(db: Privileged, userId: string, callId: string): Promise<void> {
  await ownVoicemail(db, userId, callId);
  await db.privileged((sql) =>
    sql.query('update public.calls set voicemail_heard_at = coalesce(voicemail_heard_at, now()) where id = $1 and user_id = $2', [callId, userId]),
  );
}

/** DELETE /api/calls/{id}/voicemail: the recording is removed at the carrier (one it no longer has is fine), then here. */
export async function deleteVoicemail(db: Privileged, twilio: Twilio, userId: string, callId: string): Promise<void> {
  const sid = await ownVoicemail(db, userId, callId);
  await removeAtCarrier(twilio, sid);
  await db.privileged((sql) =>
    sql.query(
      `update public.calls set recording_sid = null, recording_url = null, recording_duration = null, voicemail_at = null, voicemail_heard_at = null
       where id = $1 and user_id = $2 and recording_sid = $3`,
      [callId, userId, sid],
    ),
  );
}

/** Deletes one recording at the carrier; one it does not have is already gone. */
export async function removeAtCarrier(twilio: Twilio, sid: string): Promise<void> {
  try {
    await carrier(() => twilio.recordings(sid).remove());
  } catch (error) {
    if (isRestException(error) && error.status === 404) return;
    throw error;
  }
}
