// <Record> as Twilio follows it (twilio.com/docs/voice/twiml/record; README "Recordings"): a beep (playBeep), then
// the caller's audio is kept until maxLength seconds pass, `timeout` seconds pass in silence, a finishOnKey key is
// pressed or the caller hangs up. The recording (8 kHz mono WAV; trimmed of its silent start and end unless
// trim="do-not-trim") goes to the recordings table, its recordingStatusCallback events are sent signed, and the action
// URL (the current document's without one) is asked what to do next with RecordingUrl, RecordingDuration,
// RecordingSid and Digits. An empty recording is "absent": no action request, the document goes on.
//
// The caller's audio is what its far end receives (the browser that placed the call, or the phone page's microphone),
// or, for a phone page call without a microphone, the tone that caller is. The WAV lasts as long as the <Record> did
// in real time; durations are simulated seconds, like CallDuration (the same when voice time is not sped up).
import type { SimulatorDatabase } from '@ringwise/simulator-common/host';
import type { CallbackAnswer, CallbackDelivery } from '../delivery.ts';
import { newSid, rfc2822 } from '../context.ts';
import { recordingUrl } from '../resources/recordings.ts';
import * as store from '../store.ts';
import type { RecordingStatusEvent, RecordVerb } from '../twiml.ts';
import type { CallMachine } from './call-machine.ts';
import { isTerminal, type VoiceCall } from './calls.ts';
import { decodeCapture, recordingSampleRate, trimSilence } from './media/capture.ts';
import type { MediaEnd } from './media/media-end.ts';
import { beepPackets, beepSegments, tonePcm } from './media/tones.ts';
import { wavFile } from './media/wav.ts';

export interface RecordingContext {
  machine: CallMachine;
  callbacks: CallbackDelivery;
  db: SimulatorDatabase;
  accountSid: string;
  /** Where RecordingUrl points (simulator.ts `recordingMediaBase`). */
  mediaBase: string;
  now: () => number;
  /** The caller's far end, or null when the caller is a tone. */
  callerAudio: (call: VoiceCall) => MediaEnd | null;
}

type RecordEnd = { kind: 'max-length' | 'silence' | 'hangup' } | { kind: 'key'; key: string };

/** Twilio's codes of a recording with no audio: too short, silent (support.twilio.com, recording status callbacks). */
const tooShort = 16_101;
const silent = 16_102;

/** Follows a <Record>: the action's answer, or null when the document goes on (an empty recording) or the call is over. */
export async function followRecord(context: RecordingContext, call: VoiceCall, verb: RecordVerb, documentUrl: string): Promise<CallbackAnswer | null> {
  const { machine } = context;
  if (call.status === 'ringing') machine.setStatus(call, 'in-progress');
  const media = context.callerAudio(call);
  if (verb.playBeep) {
    media?.play({ kind: 'clip', packets: beepPackets() });
    await machine.pause(call, (beepSegments[0]?.ms ?? 0) / 1000);
  } else media?.play({ kind: 'silence' });
  if (isTerminal(call.status)) return null;

  const sid = newSid('RE');
  const startMs = context.now();
  const url = recordingUrl(context.mediaBase, context.accountSid, sid);
  const row: store.RecordingRow = { sid, account_sid: context.accountSid, call_sid: call.sid, status: 'in-progress', source: 'RecordVerb', channels: 1, duration_s: null, error_code: null, start_ms: startMs, created_ms: startMs, updated_ms: startMs };
  await context.db.privileged((sql) => store.saveRecording(sql, row, null));
  const report = (status: RecordingStatusEvent, extra: Record<string, string>) => {
    if (!verb.recordingStatusCallback || !verb.recordingStatusCallbackEvents.includes(status)) return;
    context.callbacks.send(new URL(verb.recordingStatusCallback, documentUrl).toString(), verb.recordingStatusCallbackMethod, {
      AccountSid: context.accountSid,
      CallSid: call.sid,
      RecordingSid: sid,
      RecordingUrl: url,
      RecordingStatus: status,
      RecordingChannels: '1',
      RecordingStartTime: rfc2822(startMs),
      RecordingSource: 'RecordVerb',
      ErrorCode: '0',
      ...extra,
    });
  };
  report('in-progress', {});

  const realStart = performance.now();
  const end = await recordUntilEnd(machine, call, verb, media);
  const captured = media?.stopCapture() ?? null;
  const realMs = captured ? captured.endedMs - captured.startedMs : performance.now() - realStart;
  const raw = captured ? decodeCapture(captured) : tonePcm('tone', recordingSampleRate, Math.round((realMs / 1000) * recordingSampleRate));
  const pcm = verb.trim === 'trim-silence' ? trimSilence(raw) : raw;
  const endedMs = context.now();

  if (pcm.length === 0) {
    const errorCode = raw.length === 0 ? tooShort : silent;
    await context.db.privileged((sql) => store.saveRecording(sql, { ...row, status: 'absent', duration_s: 0, error_code: errorCode, updated_ms: endedMs }, null));
    report('absent', { RecordingDuration: '0', ErrorCode: String(errorCode) });
    return null;
  }
  const durationS = Math.max(1, machine.seconds((pcm.length / recordingSampleRate) * 1000));
  await context.db.privileged((sql) => store.saveRecording(sql, { ...row, status: 'completed', duration_s: durationS, updated_ms: endedMs }, wavFile(pcm, recordingSampleRate)));
  report('completed', { RecordingDuration: String(durationS) });

  const fields: Record<string, string> = { ...call.fields, CallStatus: call.status, RecordingUrl: url, RecordingDuration: String(durationS), RecordingSid: sid };
  if (end.kind === 'key') fields.Digits = end.key;
  else if (end.kind === 'hangup') fields.Digits = 'hangup';
  const answer = await context.callbacks.deliver(verb.action === null ? documentUrl : new URL(verb.action, documentUrl).toString(), verb.method, fields);
  // a caller who hung up has gone: the action hears of the recording, its answer has no call to steer
  return isTerminal(call.status) ? null : answer;
}

/** Keeps the caller's audio until maxLength, the silence timeout, a finishing key or the hang-up. */
function recordUntilEnd(machine: CallMachine, call: VoiceCall, verb: RecordVerb, media: MediaEnd | null): Promise<RecordEnd> {
  return new Promise((resolve) => {
    let done = false;
    let cancelSilence: (() => void) | null = null;
    const finish = (end: RecordEnd) => {
      if (done) return;
      done = true;
      cancelMaxLength();
      cancelSilence?.();
      call.onKey = null;
      call.onEnd = null;
      resolve(end);
    };
    const cancelMaxLength = machine.after(verb.maxLength, () => finish({ kind: 'max-length' }));
    // a tone caller is never silent for a whole second: only a far end's audio is listened to
    const listen = media !== null && verb.timeout > 0;
    const armSilence = () => {
      cancelSilence?.();
      cancelSilence = machine.after(verb.timeout, () => finish({ kind: 'silence' }));
    };
    if (listen) armSilence();
    call.onKey = (key) => {
      if (verb.finishOnKey.includes(key)) finish({ kind: 'key', key });
    };
    call.onEnd = () => finish({ kind: 'hangup' });
    media?.startCapture((voiced) => {
      if (voiced && listen && !done) armSilence();
    });
    if (isTerminal(call.status)) finish({ kind: 'hangup' });
  });
}
