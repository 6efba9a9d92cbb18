// A voice call as the simulator keeps it while it lasts: the parent call (a device's outgoing call, or a phone calling
// a Ringwise number) and the leg its <Dial> rings, what a test or the phone page sees of them, and the timers voice
// time runs on.
import type { DialTarget } from '../twiml.ts';
import type { MediaEnd } from './media/media-end.ts';

export interface VoiceTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const defaultTimers: VoiceTimers = { setTimeout: (callback, ms) => setTimeout(callback, ms), clearTimeout: (handle) => clearTimeout(handle as number) };

/** A parent call's status (it is created ringing). */
export type CallStatus = 'ringing' | 'in-progress' | 'completed' | 'busy' | 'no-answer' | 'failed' | 'canceled';

export type LegStatus = 'queued' | 'initiated' | 'ringing' | 'in-progress' | 'completed' | 'busy' | 'no-answer' | 'failed' | 'canceled';

const terminalStatuses: ReadonlySet<string> = new Set(['completed', 'busy', 'no-answer', 'failed', 'canceled']);
export const isTerminal = (status: string) => terminalStatuses.has(status);

export interface Deferred {
  promise: Promise<void>;
  resolve(): void;
}

export function deferred(): Deferred {
  let resolve = () => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/** Where the call machine tells the browsers about their calls: the Voice SDK's signalling sessions (signalling.ts). */
export interface DeviceNotifier {
  /** How many sessions of an identity are registered for incoming calls. */
  registered(identity: string): number;
  /** A change of a call a browser placed (by the parent call's sid); `errorCode` when the app's TwiML failed
   *  (11200, 12100, 12200). */
  outgoing(sid: string, status: CallStatus, errorCode: number | null): void;
  /** An incoming leg rings an identity's registered sessions. */
  ring(identity: string, legSid: string, parameters: Record<string, string>): void;
  /** A change of an incoming leg: answered, or ended. */
  incoming(legSid: string, status: LegStatus): void;
}

/** A dialled leg (<Dial><Number> or <Dial><Client>): the child call. */
export interface Leg {
  sid: string;
  target: DialTarget;
  from: string;
  to: string;
  status: LegStatus;
  sequence: number;
  /** When it was dialled (its `start_time`), answered and ended; its `CallDuration` once it ended. */
  createdMs: number;
  answeredMs: number | null;
  endedMs: number | null;
  durationS: number | null;
  timeLimit: number;
  /** A <Dial><Number> to a verified Outgoing Caller ID: the customer's own phone, which lives on the phone page and
   *  is answered, declined and hung up there (it never answers by itself). */
  ownPhone: boolean;
  timers: Set<unknown>;
  done: Deferred;
}

/** A call: the parent leg (a device's outgoing call, or a phone calling a Ringwise number). */
export interface VoiceCall {
  sid: string;
  direction: 'outbound' | 'inbound';
  /** The device identity that placed it (outbound). */
  identity: string | null;
  from: string;
  to: string;
  status: CallStatus;
  /** The webhook fields (sent again, with the Dial* fields, to <Dial action>). */
  fields: Record<string, string>;
  createdMs: number;
  answeredMs: number | null;
  endedMs: number | null;
  said: string[];
  /** DTMF keys the caller pressed, in order. */
  digits: string;
  errorCode: number | null;
  leg: Leg | null;
  /** The phone page's microphone when it calls with one: the far end the browser that takes the call is bridged
   *  to; it closes when the call ends. */
  callerMedia: MediaEnd | null;
  /** What a verb under way (a <Record>) hears: each key the caller presses, and the call's end. */
  onKey: ((key: string) => void) | null;
  onEnd: (() => void) | null;
  persisted: Promise<void>;
}

/** What a test or the phone page sees of a call. */
export type VoiceCallSnapshot = Pick<VoiceCall, 'sid' | 'direction' | 'identity' | 'from' | 'to' | 'status' | 'said' | 'digits' | 'errorCode'> & {
  leg: { sid: string; to: string; status: LegStatus; identity: string | null; ownPhone: boolean } | null;
};

export function snapshot(call: VoiceCall): VoiceCallSnapshot {
  const leg = call.leg;
  return {
    sid: call.sid,
    direction: call.direction,
    identity: call.identity,
    from: call.from,
    to: call.to,
    status: call.status,
    said: [...call.said],
    digits: call.digits,
    errorCode: call.errorCode,
    leg: leg ? { sid: leg.sid, to: leg.to, status: leg.status, identity: leg.target.kind === 'client' ? leg.target.address : null, ownPhone: leg.ownPhone } : null,
  };
}
