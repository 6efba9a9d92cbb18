// The carrier simulator's voice side (the wire: @ringwise/contract/simulator-voice): browser devices register
// over Server-Sent Events and place calls over HTTP; the simulator plays Twilio's part towards the app (the
// TwiML App's Voice URL, a bought number's VoiceUrl, the <Number>/<Client> status callbacks, all signed like the
// other callbacks) and rings "phones" that follow the documented test destinations.
//
// SINGLE-PROCESS: live calls, their timers and the devices' event streams live in the memory of the process that
// serves them (a dev/test stand-in, unlike the REST side whose state is in the database). Every change of a call is
// written to twilio_simulator.voice_calls for the phone page; a call whose process stopped stays as last written.
//
// Time: ring times (simulatorRingSeconds, busy after 1 s) and <Dial timeLimit/timeout> are simulated seconds; a
// simulated second lasts `timeScale` × 1000 ms of the injected timers (tests use e.g. 0.01), and durations
// (CallDuration) are the clock's elapsed milliseconds divided by the same factor.
import { simulatorRingSeconds, simulatorTestDestinations, type SimulatorCallStatus, type SimulatorEvent } from '@ringwise/contract/simulator-voice';
import { parsePhoneNumber } from '@ringwise/phone';
import type { SimulatorDatabase } from '@ringwise/simulator-common/host';
import { AccessTokenError, requireIncoming, requireOutgoing, verifyAccessToken, type AccessTokenKeys, type VerifiedAccessToken } from './access-token.ts';
import type { CallbackDelivery } from './delivery.ts';
import { apiVersion, newSid, rfc2822 } from './service.ts';
import * as store from './store.ts';
import { parseTwiml, TwimlError, type DialTarget, type TwimlVerb } from './twiml.ts';

export interface VoiceTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface VoiceSimulatorOptions {
  db: SimulatorDatabase;
  accountSid: string;
  /** The API key and TwiML App the browser's tokens are checked against; null: every token is refused. */
  keys: AccessTokenKeys | null;
  /** The TwiML App's Voice URL (the app's /webhooks/twilio/voice), as configured (what is signed). */
  voiceUrl: string | null;
  callbacks: CallbackDelivery;
  now: () => number;
  /** Real milliseconds per simulated millisecond (default 1; tests 0.01 or less). */
  timeScale?: number;
  timers?: VoiceTimers;
  /** The heartbeat comment's period on event streams (default 15 s, not scaled). */
  heartbeatMs?: number;
  log: (message: string, error?: unknown) => void;
}

type LegStatus = 'queued' | 'initiated' | 'ringing' | 'in-progress' | 'completed' | 'busy' | 'no-answer' | 'failed' | 'canceled';

const terminalStatuses: ReadonlySet<string> = new Set(['completed', 'busy', 'no-answer', 'failed', 'canceled']);
export const isTerminal = (status: string) => terminalStatuses.has(status);

/** Ended calls a process remembers in memory. */
const maxRememberedCalls = 500;

/** Seconds a busy test destination rings before it answers busy. */
export const busyRingSeconds = 1;

interface Deferred {
  promise: Promise<void>;
  resolve(): void;
}

function deferred(): Deferred {
  let resolve = () => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/** A dialled leg (<Dial><Number> or <Dial><Client>): the child call. */
interface Leg {
  sid: string;
  target: DialTarget;
  from: string;
  to: string;
  status: LegStatus;
  sequence: number;
  answeredMs: number | null;
  timeLimit: number;
  timers: Set<unknown>;
  done: Deferred;
}

/** A call: the parent leg (a device's outgoing call, or a phone calling a Ringwise number). */
interface VoiceCall {
  sid: string;
  direction: 'outbound' | 'inbound';
  /** The device identity that placed it (outbound). */
  identity: string | null;
  from: string;
  to: string;
  status: SimulatorCallStatus;
  /** The webhook fields (sent again, with the Dial* fields, to <Dial action>). */
  fields: Record<string, string>;
  createdMs: number;
  answeredMs: number | null;
  endedMs: number | null;
  said: string[];
  errorCode: number | null;
  leg: Leg | null;
  persisted: Promise<void>;
}

/** What a test or the phone page sees of a call. */
export interface VoiceCallSnapshot {
  sid: string;
  direction: 'outbound' | 'inbound';
  identity: string | null;
  from: string;
  to: string;
  status: SimulatorCallStatus;
  said: string[];
  errorCode: number | null;
  leg: { sid: string; to: string; status: LegStatus; identity: string | null } | null;
}

interface DeviceStream {
  identity: string;
  send(event: SimulatorEvent): void;
  close(): void;
}

/** A failure answered to the device: `{code, message}` with an HTTP status. */
export class VoiceRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = 'VoiceRequestError';
  }
}

const defaultTimers: VoiceTimers = { setTimeout: (callback, ms) => setTimeout(callback, ms), clearTimeout: (handle) => clearTimeout(handle as number) };

export type IncomingOutcome = { ok: true; callSid: string } | { ok: false; reason: 'unknown-number' | 'no-voice-url' };

export class VoiceSimulator {
  readonly #options: VoiceSimulatorOptions;
  readonly #timers: VoiceTimers;
  readonly #scale: number;
  readonly #calls = new Map<string, VoiceCall>();
  /** Leg sid → its call. */
  readonly #legs = new Map<string, VoiceCall>();
  readonly #streams = new Map<string, Set<DeviceStream>>();
  readonly #work = new Set<Promise<unknown>>();
  /** Status callbacks per leg, in order. */
  readonly #queues = new Map<string, Promise<void>>();

  constructor(options: VoiceSimulatorOptions) {
    this.#options = options;
    this.#timers = options.timers ?? defaultTimers;
    this.#scale = options.timeScale ?? 1;
  }

  // ── tests and the phone page ──

  /** A live call of this process (by its own or its dialled leg's sid). */
  call(sid: string): VoiceCallSnapshot | null {
    const call = this.#calls.get(sid) ?? this.#legs.get(sid);
    return call ? snapshot(call) : null;
  }

  /** Every call this process knows, newest first. */
  calls(): VoiceCallSnapshot[] {
    return [...this.#calls.values()].reverse().map(snapshot);
  }

  /** How many event streams are open for an identity. */
  registered(identity: string): number {
    return this.#streams.get(identity)?.size ?? 0;
  }

  /** Resolves once no webhook, status callback or database write is pending (live calls may still wait for
   *  their timers or devices). */
  async settle(): Promise<void> {
    do {
      while (this.#work.size > 0) await Promise.allSettled(this.#work);
      await this.#options.callbacks.flush();
      // a webhook's answer may have started more work
      await Bun.sleep(0);
    } while (this.#work.size > 0);
  }

  /** Ends every live call and closes every stream (shutdown, tests). */
  async close(): Promise<void> {
    for (const call of this.#calls.values()) this.#hangUp(call);
    for (const streams of this.#streams.values()) for (const stream of streams) stream.close();
    await this.settle();
  }

  // ── the device's wire ──

  async #verify(token: string | null): Promise<VerifiedAccessToken> {
    const keys = this.#options.keys;
    if (!keys) throw new AccessTokenError(20101, 'Invalid Access Token: the simulator has no API key configured');
    return verifyAccessToken(token, keys, this.#options.now());
  }

  /** GET events?token=…: the device's event stream (registered as the token's identity). */
  async events(token: string | null, signal?: AbortSignal): Promise<Response> {
    const encoder = new TextEncoder();
    const headers = { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache, no-store', 'x-accel-buffering': 'no' };
    const frame = (event: SimulatorEvent) => encoder.encode(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
    let verified: VerifiedAccessToken;
    try {
      verified = await this.#verify(token);
      requireIncoming(verified);
    } catch (error) {
      if (!(error instanceof AccessTokenError)) throw error;
      // EventSource cannot read a 401's body: the refusal is an `error` event, then the stream ends
      return new Response(frame({ type: 'error', code: error.code, message: error.message }), { status: 200, headers });
    }
    const identity = verified.identity;
    let cleanup = () => {};
    const body = new ReadableStream<Uint8Array>({
      start: (controller) => {
        let open = true;
        const enqueue = (bytes: Uint8Array) => {
          if (!open) return;
          try {
            controller.enqueue(bytes);
          } catch {
            cleanup();
          }
        };
        const heartbeat = setInterval(() => enqueue(encoder.encode(': keep-alive\n\n')), this.#options.heartbeatMs ?? 15_000);
        const expiry = this.#timers.setTimeout(
          () => {
            stream.send({ type: 'error', code: 20104, message: 'Access Token expired or expiration date invalid' });
            stream.close();
          },
          Math.max(0, verified.expiresAtMs - this.#options.now()),
        );
        const stream: DeviceStream = {
          identity,
          send: (event) => enqueue(frame(event)),
          close: () => {
            if (!open) return;
            cleanup();
            try {
              controller.close();
            } catch {
              // already closed by the client
            }
          },
        };
        cleanup = () => {
          if (!open) return;
          open = false;
          clearInterval(heartbeat);
          this.#timers.clearTimeout(expiry);
          const streams = this.#streams.get(identity);
          streams?.delete(stream);
          if (streams?.size === 0) this.#streams.delete(identity);
        };
        let streams = this.#streams.get(identity);
        if (!streams) this.#streams.set(identity, (streams = new Set()));
        streams.add(stream);
        stream.send({ type: 'registered', identity });
        signal?.addEventListener('abort', () => stream.close(), { once: true });
      },
      cancel: () => cleanup(),
    });
    return new Response(body, { status: 200, headers });
  }

  /** POST calls: places a call for the token's identity. */
  async placeCall(token: string | null, params: Record<string, string>): Promise<{ callSid: string; parameters: Record<string, string> }> {
    const verified = await this.#verify(token);
    requireOutgoing(verified, this.#options.keys as AccessTokenKeys);
    const identity = verified.identity;
    if (this.#busy(identity)) throw new VoiceRequestError(409, 31005, `${identity} already has a call in progress`);
    const voiceUrl = this.#options.voiceUrl;
    const sid = newSid('CA');
    const from = `client:${identity}`;
    const fields: Record<string, string> = {
      AccountSid: this.#options.accountSid,
      ApiVersion: apiVersion,
      ApplicationSid: (this.#options.keys as AccessTokenKeys).twimlAppSid,
      CallSid: sid,
      CallStatus: 'ringing',
      Called: '',
      Caller: from,
      Direction: 'inbound',
      From: from,
      To: params.To ?? '',
    };
    for (const [key, value] of Object.entries(params)) fields[key] = value;
    const call = this.#newCall({ sid, direction: 'outbound', identity, from, to: params.To ?? '', fields });
    this.#run(
      (async () => {
        if (!voiceUrl) return this.#fail(call, 11200, 'HTTP retrieval failure: the TwiML App has no Voice URL');
        const answer = await this.#options.callbacks.deliver(voiceUrl, 'POST', fields);
        await this.#follow(call, answer);
      })(),
    );
    return { callSid: sid, parameters: { ...params, CallSid: sid, From: from } };
  }

  /** POST calls/{sid}/{action} from a device. */
  async deviceAction(token: string | null, sid: string, action: string, body: Record<string, unknown>): Promise<void> {
    const verified = await this.#verify(token);
    const identity = verified.identity;
    const call = this.#calls.get(sid) ?? this.#legs.get(sid);
    if (!call) throw new VoiceRequestError(404, 20404, `The call ${sid} was not found`);
    const leg = call.leg;
    const mine = call.direction === 'outbound' ? call.sid === sid && call.identity === identity : leg?.sid === sid && leg.target.kind === 'client' && leg.target.address === identity;
    if (!mine) throw new VoiceRequestError(404, 20404, `The call ${sid} was not found`);
    switch (action) {
      case 'hangup':
        if (call.direction === 'inbound' && leg && (leg.status === 'ringing' || leg.status === 'initiated')) this.#endLeg(call, leg, 'busy', 486);
        else this.#hangUp(call);
        return;
      case 'accept':
        if (!leg || leg.status !== 'ringing') throw new VoiceRequestError(409, 31005, `The call ${sid} is not ringing`);
        if (this.#busy(identity)) throw new VoiceRequestError(409, 31005, `${identity} already has a call in progress`);
        this.#answer(call, leg);
        return;
      case 'reject':
        if (!leg || leg.status !== 'ringing') throw new VoiceRequestError(409, 31005, `The call ${sid} is not ringing`);
        this.#endLeg(call, leg, 'busy', 486);
        return;
      case 'digits': {
        const digits = typeof body.digits === 'string' ? body.digits : '';
        if (!/^[0-9*#w]+$/.test(digits)) throw new VoiceRequestError(400, 31000, 'Digits may only be 0-9, *, # and w');
        return;
      }
      default:
        throw new VoiceRequestError(404, 20404, `Unknown action ${action}`);
    }
  }

  // ── the phone page ──

  /** A phone calls a number bought in the simulator: its VoiceUrl is asked what to do. Resolves once the TwiML was
   *  followed up to a <Dial> (or to its end). */
  async callNumber(from: string, to: string): Promise<IncomingOutcome> {
    const numbers = await this.#options.db.privileged((sql) => store.allIncomingNumbers(sql));
    const number = numbers.find((row) => row.phone_number === to);
    if (!number) return { ok: false, reason: 'unknown-number' };
    if (!number.voice_url) return { ok: false, reason: 'no-voice-url' };
    const sid = newSid('CA');
    const country = (value: string) => parsePhoneNumber(value)?.region ?? '';
    const fields: Record<string, string> = {
      AccountSid: number.account_sid,
      ApiVersion: apiVersion,
      CallSid: sid,
      CallStatus: 'ringing',
      Called: to,
      CalledCountry: country(to),
      Caller: from,
      CallerCountry: country(from),
      Direction: 'inbound',
      From: from,
      FromCountry: country(from),
      To: to,
      ToCountry: country(to),
    };
    const call = this.#newCall({ sid, direction: 'inbound', identity: null, from, to, fields });
    const reached = deferred();
    const answer = await this.#options.callbacks.deliver(number.voice_url, number.voice_method, fields);
    this.#run(this.#follow(call, answer, reached).finally(reached.resolve));
    await reached.promise;
    await call.persisted;
    return { ok: true, callSid: sid };
  }

  /** The phone page's "Hang up" (a call to a Ringwise number). */
  hangUpFromPhone(sid: string): boolean {
    const call = this.#calls.get(sid);
    if (!call || call.direction !== 'inbound' || isTerminal(call.status)) return false;
    this.#hangUp(call);
    return true;
  }

  // ── calls ──

  #busy(identity: string): boolean {
    for (const call of this.#calls.values()) {
      if (isTerminal(call.status)) continue;
      if (call.direction === 'outbound' && call.identity === identity) return true;
      const leg = call.leg;
      if (leg && leg.target.kind === 'client' && leg.target.address === identity && leg.status === 'in-progress') return true;
    }
    return false;
  }

  #newCall(init: Pick<VoiceCall, 'sid' | 'direction' | 'identity' | 'from' | 'to' | 'fields'>): VoiceCall {
    const call: VoiceCall = { ...init, status: 'ringing', createdMs: this.#options.now(), answeredMs: null, endedMs: null, said: [], errorCode: null, leg: null, persisted: Promise.resolve() };
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
    this.#persist(call);
    return call;
  }

  /** A call's TwiML being followed: it lasts as long as the call, so `settle` does not wait for it. */
  #run(work: Promise<void>): void {
    work.catch((error: unknown) => this.#options.log('a voice call failed unexpectedly', error));
  }

  /** Short work (a status callback, a database write) that `settle` waits for. */
  #track<T>(work: Promise<T>): void {
    const tracked = work.catch((error: unknown) => this.#options.log('a voice call failed unexpectedly', error)).finally(() => this.#work.delete(tracked));
    this.#work.add(tracked);
  }

  #persist(call: VoiceCall): void {
    const duration = call.answeredMs !== null && call.endedMs !== null ? this.#seconds(call.endedMs - call.answeredMs) : null;
    const row: store.VoiceCallRow = {
      sid: call.sid,
      direction: call.direction,
      from_number: call.from,
      to_number: call.to,
      identity: call.identity ?? (call.leg?.target.kind === 'client' ? call.leg.target.address : null),
      status: call.status,
      dial_sid: call.leg?.sid ?? null,
      dial_status: call.leg?.status ?? null,
      said: call.said.length ? call.said.join('\n') : null,
      error_code: call.errorCode,
      created_ms: call.createdMs,
      answered_ms: call.answeredMs,
      ended_ms: call.endedMs,
      duration_s: duration,
    };
    call.persisted = call.persisted
      .then(() => this.#options.db.privileged((sql) => store.saveVoiceCall(sql, row)))
      .catch((error: unknown) => this.#options.log(`could not record the call ${call.sid}`, error));
    this.#track(call.persisted);
  }

  /** Simulated seconds in these real milliseconds, rounded. */
  #seconds(ms: number): number {
    return Math.max(0, Math.round(ms / this.#scale / 1000));
  }

  #after(leg: Leg, seconds: number, work: () => void): void {
    const handle = this.#timers.setTimeout(() => {
      leg.timers.delete(handle);
      work();
    }, seconds * 1000 * this.#scale);
    leg.timers.add(handle);
  }

  #toDevice(identity: string | null, event: SimulatorEvent): void {
    if (!identity) return;
    for (const stream of this.#streams.get(identity) ?? []) stream.send(event);
  }

  /** Follows the app's answer to a webhook: TwiML verbs in order, <Dial action> answers included. */
  async #follow(call: VoiceCall, answer: { status: number; body: string }, reached?: Deferred): Promise<void> {
    let current = answer;
    for (let depth = 0; depth < 10; depth++) {
      if (isTerminal(call.status)) return;
      if (current.status < 200 || current.status >= 300) return this.#fail(call, 11200, `HTTP retrieval failure: the app answered ${current.status || 'nothing'}`);
      let verbs: TwimlVerb[];
      try {
        verbs = parseTwiml(current.body);
      } catch (error) {
        if (error instanceof TwimlError) return this.#fail(call, error.code, error.message);
        throw error;
      }
      let lastDial: LegStatus | null = null;
      let next: { status: number; body: string } | null = null;
      for (const verb of verbs) {
        if (isTerminal(call.status)) return;
        if (verb.verb === 'say') {
          lastDial = null;
          call.said.push(verb.text);
          if (call.status === 'ringing') this.#setStatus(call, 'in-progress');
          else this.#persist(call);
        } else if (verb.verb === 'hangup') {
          return this.#endCall(call, 'completed');
        } else if (verb.verb === 'reject') {
          return this.#endCall(call, 'busy');
        } else {
          reached?.resolve();
          const leg = this.#dial(call, verb);
          await leg.done.promise;
          if (isTerminal(call.status)) return;
          lastDial = leg.status;
          if (verb.action) {
            const duration = leg.answeredMs === null ? 0 : this.#seconds(this.#options.now() - leg.answeredMs);
            const fields = { ...call.fields, CallStatus: call.status, DialCallStatus: leg.status, DialCallSid: leg.sid, DialCallDuration: String(duration) };
            next = await this.#options.callbacks.deliver(verb.action, verb.method, fields);
            break;
          }
        }
      }
      if (next) {
        current = next;
        continue;
      }
      // the caller hears the dialled leg's fate when nothing followed the <Dial>
      return this.#endCall(call, lastDial && lastDial !== 'completed' ? (lastDial as SimulatorCallStatus) : 'completed');
    }
    this.#fail(call, 12100, 'Document parse failure: too many <Dial action> redirects');
  }

  #fail(call: VoiceCall, code: number, message: string): void {
    this.#options.log(`call ${call.sid} failed: ${code} ${message}`);
    call.errorCode = code;
    this.#endCall(call, 'failed');
  }

  #setStatus(call: VoiceCall, status: SimulatorCallStatus): void {
    if (isTerminal(call.status)) return;
    call.status = status;
    if (status === 'in-progress' && call.answeredMs === null) call.answeredMs = this.#options.now();
    this.#persist(call);
    if (call.direction === 'outbound') this.#toDevice(call.identity, { type: 'call', callSid: call.sid, status, direction: 'OUTGOING', ...(call.errorCode !== null ? { errorCode: call.errorCode } : {}) });
  }

  #endCall(call: VoiceCall, status: SimulatorCallStatus): void {
    if (isTerminal(call.status)) return;
    call.endedMs = this.#options.now();
    this.#setStatus(call, status);
  }

  /** Either side hangs up: the leg ends (canceled while ringing), then the call. */
  #hangUp(call: VoiceCall): void {
    const leg = call.leg;
    let status: SimulatorCallStatus = call.answeredMs === null ? 'canceled' : 'completed';
    if (leg && !isTerminal(leg.status)) {
      if (leg.status === 'in-progress') {
        status = 'completed';
        this.#endLeg(call, leg, 'completed', 200);
      } else this.#endLeg(call, leg, 'canceled', 487);
    }
    this.#endCall(call, status);
  }

  #dial(call: VoiceCall, verb: Extract<TwimlVerb, { verb: 'dial' }>): Leg {
    const target = verb.targets[0] as DialTarget;
    const leg: Leg = {
      sid: newSid('CA'),
      target,
      from: verb.callerId ?? call.from,
      to: target.kind === 'client' ? `client:${target.address}` : target.address,
      status: 'queued',
      sequence: 0,
      answeredMs: null,
      timeLimit: verb.timeLimit,
      timers: new Set(),
      done: deferred(),
    };
    call.leg = leg;
    this.#legs.set(leg.sid, call);
    this.#legStatus(call, leg, 'initiated');
    if (target.kind === 'number') {
      const ending = target.address.replace(/\D/g, '').slice(-4);
      if (ending === simulatorTestDestinations.failed) {
        this.#endLeg(call, leg, 'failed', 503);
        return leg;
      }
      this.#ringing(call, leg);
      if (ending === simulatorTestDestinations.busy) this.#after(leg, Math.min(busyRingSeconds, verb.timeout), () => this.#endLeg(call, leg, 'busy', 486));
      else if (ending === simulatorTestDestinations.noAnswer || simulatorRingSeconds.answer >= verb.timeout) {
        this.#after(leg, Math.min(simulatorRingSeconds.noAnswer, verb.timeout), () => this.#endLeg(call, leg, 'no-answer', 487));
      } else this.#after(leg, simulatorRingSeconds.answer, () => this.#answer(call, leg));
      return leg;
    }
    const identity = target.address;
    if (this.registered(identity) === 0) {
      this.#endLeg(call, leg, 'no-answer', 480);
      return leg;
    }
    this.#ringing(call, leg);
    this.#toDevice(identity, { type: 'incoming', callSid: leg.sid, parameters: { CallSid: leg.sid, From: call.from, To: leg.to, ...(call.direction === 'inbound' ? { Called: call.to } : {}) } });
    this.#after(leg, Math.min(simulatorRingSeconds.incomingNoAnswer, verb.timeout), () => this.#endLeg(call, leg, 'no-answer', 487));
    return leg;
  }

  #ringing(call: VoiceCall, leg: Leg): void {
    this.#legStatus(call, leg, 'ringing');
    if (call.direction === 'outbound') this.#toDevice(call.identity, { type: 'call', callSid: call.sid, status: 'ringing', direction: 'OUTGOING' });
  }

  #answer(call: VoiceCall, leg: Leg): void {
    if (leg.status !== 'ringing') return;
    for (const handle of leg.timers) this.#timers.clearTimeout(handle);
    leg.timers.clear();
    leg.answeredMs = this.#options.now();
    this.#legStatus(call, leg, 'in-progress');
    if (leg.target.kind === 'client') this.#toDevice(leg.target.address, { type: 'call', callSid: leg.sid, status: 'in-progress', direction: 'INCOMING' });
    this.#setStatus(call, 'in-progress');
    this.#after(leg, leg.timeLimit, () => this.#endLeg(call, leg, 'completed', 200, leg.timeLimit));
  }

  #endLeg(call: VoiceCall, leg: Leg, status: LegStatus, sipResponseCode: number, duration?: number): void {
    if (isTerminal(leg.status)) return;
    for (const handle of leg.timers) this.#timers.clearTimeout(handle);
    leg.timers.clear();
    const seconds = duration ?? (leg.answeredMs === null ? 0 : this.#seconds(this.#options.now() - leg.answeredMs));
    this.#legStatus(call, leg, status, { CallDuration: String(seconds), Duration: String(Math.ceil(seconds / 60)), SipResponseCode: String(sipResponseCode) });
    if (leg.target.kind === 'client') this.#toDevice(leg.target.address, { type: 'call', callSid: leg.sid, status: status as SimulatorCallStatus, direction: 'INCOMING' });
    this.#persist(call);
    leg.done.resolve();
  }

  /** A leg's new status, and its status callback when the TwiML asked for that event (in order per leg). */
  #legStatus(call: VoiceCall, leg: Leg, status: LegStatus, extra: Record<string, string> = {}): void {
    leg.status = status;
    const event = status === 'in-progress' ? 'answered' : isTerminal(status) ? 'completed' : status;
    const { statusCallback, statusCallbackMethod, statusCallbackEvents } = leg.target;
    if (!statusCallback || !(statusCallbackEvents as string[]).includes(event)) return;
    const fields: Record<string, string> = {
      AccountSid: this.#options.accountSid,
      ApiVersion: apiVersion,
      CallSid: leg.sid,
      ParentCallSid: call.sid,
      CallStatus: status,
      Called: leg.to,
      Caller: leg.from,
      CallbackSource: 'call-progress-events',
      Direction: 'outbound-dial',
      From: leg.from,
      To: leg.to,
      Timestamp: rfc2822(this.#options.now()),
      SequenceNumber: String(leg.sequence++),
      ...extra,
    };
    const previous = this.#queues.get(leg.sid) ?? Promise.resolve();
    const next = previous.then(async () => {
      await this.#options.callbacks.deliver(statusCallback, statusCallbackMethod, fields);
    });
    this.#queues.set(leg.sid, next);
    this.#track(next);
    if (isTerminal(status)) void next.finally(() => this.#queues.delete(leg.sid));
  }
}

function snapshot(call: VoiceCall): VoiceCallSnapshot {
  const leg = call.leg;
  return {
    sid: call.sid,
    direction: call.direction,
    identity: call.identity,
    from: call.from,
    to: call.to,
    status: call.status,
    said: [...call.said],
    errorCode: call.errorCode,
    leg: leg ? { sid: leg.sid, to: leg.to, status: leg.status, identity: leg.target.kind === 'client' ? leg.target.address : null } : null,
  };
}
