// The call state machine: the calls this process serves and the legs their <Dial>s ring, and every change of their
// state (ringing, answered, ended, and why), each sent where it must go: the browsers (signalling.ts), the app's
// status callbacks (status-callbacks.ts) and the calls table the phone page lists. A number rings as the documented
// test destinations say (simulatorTestDestinations: busy, no answer, failed; anything else answers), except the
// customer's own phone (a verified Outgoing Caller ID, `ownPhone`), which rings until the phone page answers or
// declines it; a client rings its registered devices. Times are simulated seconds: one lasts `timeScale` × 1000 ms of the timers.
import { simulatorRingSeconds, simulatorTestDestinations } from '@ringwise/contract/simulator-voice';
import type { SimulatorDatabase } from '@ringwise/simulator-common/host';
import { newSid } from '../context.ts';
import * as store from '../store.ts';
import type { DialTarget, TwimlVerb } from '../twiml.ts';
import { deferred, isTerminal, type CallStatus, type DeviceNotifier, type Leg, type LegStatus, type VoiceCall, type VoiceTimers } from './calls.ts';
import type { StatusCallbacks } from './status-callbacks.ts';

/** Ended calls a process remembers in memory. */
const maxRememberedCalls = 500;

/** Seconds a busy test destination rings before it answers busy. */
export const busyRingSeconds = 1;

export interface CallMachineOptions {
  db: SimulatorDatabase;
  now: () => number;
  timers: VoiceTimers;
  /** Real milliseconds per simulated millisecond. */
  timeScale: number;
  devices: DeviceNotifier;
  statusCallbacks: StatusCallbacks;
  /** Short work (a database write) that `settle` waits for. */
  track: (work: Promise<unknown>) => void;
  log: (message: string, error?: unknown) => void;
}

export class CallMachine {
  readonly #options: CallMachineOptions;
  readonly #calls = new Map<string, VoiceCall>();
  /** Leg sid → its call. */
  readonly #legs = new Map<string, VoiceCall>();

  constructor(options: CallMachineOptions) {
    this.#options = options;
  }

  /** A call by its own sid. */
  call(sid: string): VoiceCall | undefined {
    return this.#calls.get(sid);
  }

  /** A call by its own or its dialled leg's sid. */
  callOrLeg(sid: string): VoiceCall | undefined {
    return this.#calls.get(sid) ?? this.#legs.get(sid);
  }

  /** Every call this process remembers, oldest first. */
  all(): VoiceCall[] {
    return [...this.#calls.values()];
  }

  /** Whether an identity is on a call: one it placed, or an incoming one it answered. */
  busy(identity: string): boolean {
    for (const call of this.#calls.values()) {
      if (isTerminal(call.status)) continue;
      if (call.direction === 'outbound' && call.identity === identity) return true;
      const leg = call.leg;
      if (leg && leg.target.kind === 'client' && leg.target.address === identity && leg.status === 'in-progress') return true;
    }
    return false;
  }

  newCall(init: Pick<VoiceCall, 'sid' | 'direction' | 'identity' | 'from' | 'to' | 'fields'> & Partial<Pick<VoiceCall, 'callerMedia'>>): VoiceCall {
    const call: VoiceCall = { callerMedia: null, ...init, status: 'ringing', createdMs: this.#options.now(), answeredMs: null, endedMs: null, said: [], digits: '', errorCode: null, leg: null, onKey: null, onEnd: null, persisted: Promise.resolve() };
    this.#calls.set(call.sid, call);
    // ended calls are kept (for `call`) up to a bound; the table keeps them all
    if (this.#calls.size > maxRememberedCalls) {
      for (const old of this.#calls.values()) {
        if (this.#calls.size <= maxRememberedCalls) break;
        if (!isTerminal(old.status)) continue;
        this.#calls.delete(old.sid);
        if (old.leg) this.#legs.delete(old.leg.sid);
      }
    }
    this.persist(call);
    return call;
  }

  /** The call as the calls table keeps it (and the Calls REST resource shows it): the parent and its dialled leg. */
  record(call: VoiceCall): store.VoiceCallRow {
    const leg = call.leg;
    return {
      sid: call.sid,
      direction: call.direction,
      from_number: call.from,
      to_number: call.to,
      identity: call.identity ?? (leg?.target.kind === 'client' ? leg.target.address : null),
      status: call.status,
      dial_sid: leg?.sid ?? null,
      dial_status: leg?.status ?? null,
      dial_from: leg?.from ?? null,
      dial_to: leg?.to ?? null,
      dial_created_ms: leg?.createdMs ?? null,
      dial_answered_ms: leg?.answeredMs ?? null,
      dial_ended_ms: leg?.endedMs ?? null,
      dial_duration_s: leg?.durationS ?? null,
      said: call.said.length ? call.said.join('\n') : null,
      digits: call.digits || null,
      error_code: call.errorCode,
      created_ms: call.createdMs,
      answered_ms: call.answeredMs,
      ended_ms: call.endedMs,
      duration_s: call.answeredMs !== null && call.endedMs !== null ? this.seconds(call.endedMs - call.answeredMs) : null,
    };
  }

  /** Writes the call's state to the calls table, after its earlier writes. */
  persist(call: VoiceCall): void {
    const row = this.record(call);
    call.persisted = call.persisted
      .then(() => this.#options.db.privileged((sql) => store.saveVoiceCall(sql, row)))
      .catch((error: unknown) => this.#options.log(`could not record the call ${call.sid}`, error));
    this.#options.track(call.persisted);
  }

  /** Simulated seconds in these real milliseconds, rounded. */
  seconds(ms: number): number {
    return Math.max(0, Math.round(ms / this.#options.timeScale / 1000));
  }

  /** Runs `work` after simulated `seconds` (voice time); the returned function cancels it. */
  after(seconds: number, work: () => void): () => void {
    const handle = this.#options.timers.setTimeout(work, seconds * 1000 * this.#options.timeScale);
    return () => this.#options.timers.clearTimeout(handle);
  }

  /** Resolves after simulated `seconds`, or as soon as the call ends (a verb that plays or waits). */
  pause(call: VoiceCall, seconds: number): Promise<void> {
    if (isTerminal(call.status)) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        cancel();
        if (call.onEnd === done) call.onEnd = null;
        resolve();
      };
      const cancel = this.after(seconds, done);
      call.onEnd = done;
    });
  }

  /** Real milliseconds in simulated `seconds`. */
  realMs(seconds: number): number {
    return seconds * 1000 * this.#options.timeScale;
  }

  fail(call: VoiceCall, code: number, message: string): void {
    this.#options.log(`call ${call.sid} failed: ${code} ${message}`);
    call.errorCode = code;
    this.endCall(call, 'failed');
  }

  setStatus(call: VoiceCall, status: CallStatus): void {
    if (isTerminal(call.status)) return;
    call.status = status;
    if (status === 'in-progress' && call.answeredMs === null) call.answeredMs = this.#options.now();
    if (isTerminal(status)) {
      call.onEnd?.();
      call.callerMedia?.close();
    }
    this.persist(call);
    if (call.direction === 'outbound') this.#options.devices.outgoing(call.sid, status, call.errorCode);
  }

  endCall(call: VoiceCall, status: CallStatus): void {
    if (isTerminal(call.status)) return;
    call.endedMs = this.#options.now();
    this.setStatus(call, status);
  }

  /** Either side hangs up: the leg ends (canceled while ringing), then the call. */
  hangUp(call: VoiceCall): void {
    const leg = call.leg;
    let status: CallStatus = call.answeredMs === null ? 'canceled' : 'completed';
    if (leg && !isTerminal(leg.status)) {
      if (leg.status === 'in-progress') {
        status = 'completed';
        this.endLeg(call, leg, 'completed', 200);
      } else this.endLeg(call, leg, 'canceled', 487);
    }
    this.endCall(call, status);
  }

  /** A <Dial>: its leg, ringing its first target; the leg's `done` resolves when it ends. `ownPhone`: the target
   *  number is a verified caller ID, the phone page's phone (it rings until answered, declined or the ring time). */
  dial(call: VoiceCall, verb: Extract<TwimlVerb, { verb: 'dial' }>, options: { ownPhone?: boolean } = {}): Leg {
    const target = verb.targets[0] as DialTarget;
    const leg: Leg = {
      sid: newSid('CA'),
      target,
      from: verb.callerId ?? call.from,
      to: target.kind === 'client' ? `client:${target.address}` : target.address,
      status: 'queued',
      sequence: 0,
      createdMs: this.#options.now(),
      answeredMs: null,
      endedMs: null,
      durationS: null,
      timeLimit: verb.timeLimit,
      ownPhone: target.kind === 'number' && options.ownPhone === true,
      timers: new Set(),
      done: deferred(),
    };
    call.leg = leg;
    this.#legs.set(leg.sid, call);
    this.#legStatus(call, leg, 'initiated');
    if (target.kind === 'number' && leg.ownPhone) {
      this.#ringing(call, leg);
      this.#after(leg, Math.min(simulatorRingSeconds.noAnswer, verb.timeout), () => this.endLeg(call, leg, 'no-answer', 487));
      return leg;
    }
    if (target.kind === 'number') {
      const ending = target.address.replace(/\D/g, '').slice(-4);
      if (ending === simulatorTestDestinations.failed) {
        this.endLeg(call, leg, 'failed', 503);
        return leg;
      }
      this.#ringing(call, leg);
      if (ending === simulatorTestDestinations.busy) this.#after(leg, Math.min(busyRingSeconds, verb.timeout), () => this.endLeg(call, leg, 'busy', 486));
      else if (ending === simulatorTestDestinations.noAnswer || simulatorRingSeconds.answer >= verb.timeout) {
        this.#after(leg, Math.min(simulatorRingSeconds.noAnswer, verb.timeout), () => this.endLeg(call, leg, 'no-answer', 487));
      } else this.#after(leg, simulatorRingSeconds.answer, () => this.answer(call, leg));
      return leg;
    }
    const identity = target.address;
    if (this.#options.devices.registered(identity) === 0) {
      this.endLeg(call, leg, 'no-answer', 480);
      return leg;
    }
    this.#ringing(call, leg);
    this.#options.devices.ring(identity, leg.sid, { CallSid: leg.sid, From: call.from, To: leg.to, ...(call.direction === 'inbound' ? { Called: call.to } : {}) });
    this.#after(leg, Math.min(simulatorRingSeconds.incomingNoAnswer, verb.timeout), () => this.endLeg(call, leg, 'no-answer', 487));
    return leg;
  }

  /** The far end answers a ringing leg: the call is in progress until the <Dial timeLimit>. */
  answer(call: VoiceCall, leg: Leg): void {
    if (leg.status !== 'ringing') return;
    for (const handle of leg.timers) this.#options.timers.clearTimeout(handle);
    leg.timers.clear();
    leg.answeredMs = this.#options.now();
    this.#legStatus(call, leg, 'in-progress');
    if (leg.target.kind === 'client') this.#options.devices.incoming(leg.sid, 'in-progress');
    // the phone page's microphone hears the forwarded phone as a tone while they are bridged
    if (leg.ownPhone) call.callerMedia?.play({ kind: 'tone' });
    this.setStatus(call, 'in-progress');
    this.#after(leg, leg.timeLimit, () => this.endLeg(call, leg, 'completed', 200, leg.timeLimit));
  }

  endLeg(call: VoiceCall, leg: Leg, status: LegStatus, sipResponseCode: number, duration?: number): void {
    if (isTerminal(leg.status)) return;
    for (const handle of leg.timers) this.#options.timers.clearTimeout(handle);
    leg.timers.clear();
    const seconds = duration ?? (leg.answeredMs === null ? 0 : this.seconds(this.#options.now() - leg.answeredMs));
    leg.endedMs = this.#options.now();
    leg.durationS = seconds;
    this.#legStatus(call, leg, status, { CallDuration: String(seconds), Duration: String(Math.ceil(seconds / 60)), SipResponseCode: String(sipResponseCode) });
    if (leg.target.kind === 'client') this.#options.devices.incoming(leg.sid, status);
    if (leg.ownPhone && leg.answeredMs !== null && !isTerminal(call.status)) call.callerMedia?.play({ kind: 'silence' });
    this.persist(call);
    leg.done.resolve();
  }

  #ringing(call: VoiceCall, leg: Leg): void {
    this.#legStatus(call, leg, 'ringing');
    if (call.direction === 'outbound') this.#options.devices.outgoing(call.sid, 'ringing', null);
  }

  #legStatus(call: VoiceCall, leg: Leg, status: LegStatus, extra: Record<string, string> = {}): void {
    leg.status = status;
    this.#options.statusCallbacks.report(call, leg, status, extra);
  }

  #after(leg: Leg, seconds: number, work: () => void): void {
    const handle = this.#options.timers.setTimeout(() => {
      leg.timers.delete(handle);
      work();
    }, seconds * 1000 * this.#options.timeScale);
    leg.timers.add(handle);
  }
}
