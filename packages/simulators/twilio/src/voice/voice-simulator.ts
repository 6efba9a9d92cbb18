// The carrier simulator's voice side (the wire: @ringwise/contract/simulator-voice): the official Voice SDK connects
// to its signalling gateway (signalling.ts, the SDK's PStream protocol over a WebSocket, with a real WebRTC far end
// per call), and the simulator plays Twilio's part towards the app: it asks the TwiML App's Voice URL or a bought
// number's VoiceUrl what to do and follows the answer (twiml-execution.ts), rings "phones" that follow the documented
// test destinations and the browsers (call-machine.ts), and sends the <Number>/<Client> status callbacks
// (status-callbacks.ts), all signed like the other callbacks.
//
// SINGLE-PROCESS: live calls, their timers, the signalling sessions and the media peers live in the memory of the
// process that serves them (a dev/test stand-in, unlike the REST side whose state is in the database). Every change
// of a call is written to twilio_simulator.voice_calls for the phone page and the Calls REST resource
// (resources/calls.ts, which ends calls through `endCall`); a call whose process stopped stays as last written.
//
// Time: ring times (simulatorRingSeconds, busy after 1 s) and <Dial timeLimit/timeout> are simulated seconds; a
// simulated second lasts `timeScale` × 1000 ms of the injected timers (tests use e.g. 0.01), and durations
// (CallDuration) are the clock's elapsed milliseconds divided by the same factor.
import { parsePhoneNumber } from '@ringwise/phone';
import type { FetchFunction, SimulatorDatabase } from '@ringwise/simulator-common/host';
import { AccessTokenError, requireIncoming, requireOutgoing, verifyAccessToken, type AccessTokenKeys, type VerifiedAccessToken } from '../access-token.ts';
import type { CallbackDelivery } from '../delivery.ts';
import { apiVersion, newSid } from '../context.ts';
import { e164Shaped } from '../params.ts';
import * as store from '../store.ts';
import { CallMachine } from './call-machine.ts';
import { defaultTimers, deferred, isTerminal, snapshot, type Leg, type VoiceCall, type VoiceCallSnapshot, type VoiceTimers } from './calls.ts';
import { MediaEnd, type MediaReport } from './media/media-end.ts';
import { defaultSignallingTiming, Signalling, type SignallingSocket, type SignallingTiming } from './signalling.ts';
import { StatusCallbacks } from './status-callbacks.ts';
import { followTwiml, type TwimlExecution } from './twiml-execution.ts';

export type { MediaReport, SignallingSocket, SignallingTiming, VoiceCallSnapshot, VoiceTimers };

export interface VoiceSimulatorOptions {
  db: SimulatorDatabase;
  accountSid: string;
  /** The API key and TwiML App the browser's tokens are checked against; null: every token is refused. */
  keys: AccessTokenKeys | null;
  /** The TwiML App's Voice URL (the app's /webhooks/twilio/voice), as configured (what is signed). */
  voiceUrl: string | null;
  callbacks: CallbackDelivery;
  /** Where recordings' URLs point (simulator.ts `recordingMediaBase`). */
  recordingMediaBase: string;
  /** How <Play> fetches its files (default: global fetch). */
  fetch?: FetchFunction;
  now: () => number;
  /** Real milliseconds per simulated millisecond (default 1; tests 0.01 or less). */
  timeScale?: number;
  timers?: VoiceTimers;
  /** The signalling gateway's times, in real milliseconds (reconnection window, media timeout, heartbeat, the
   *  signalling-drop destination, the echo's delay). */
  signalling?: Partial<SignallingTiming>;
  log: (message: string, error?: unknown) => void;
}

export type IncomingOutcome =
  | { ok: true; callSid: string; /** The caller's far end's answer, when it called with a microphone. */ answerSdp: string | null }
  | { ok: false; reason: 'unknown-number' | 'no-voice-url' | 'bad-offer' };

export class VoiceSimulator {
  readonly #options: VoiceSimulatorOptions;
  readonly #work = new Set<Promise<unknown>>();
  readonly #signalling: Signalling;
  readonly #calls: CallMachine;
  readonly #twiml: TwimlExecution;

  constructor(options: VoiceSimulatorOptions) {
    this.#options = options;
    const timers = options.timers ?? defaultTimers;
    const track = (work: Promise<unknown>) => this.#track(work);
    const statusCallbacks = new StatusCallbacks({ accountSid: options.accountSid, callbacks: options.callbacks, now: options.now, track });
    this.#signalling = new Signalling({
      calls: {
        verify: (token) => this.#verify(token),
        requireOutgoing: (token) => requireOutgoing(token, this.#options.keys as AccessTokenKeys),
        requireIncoming,
        busy: (identity) => this.#calls.busy(identity),
        place: (sid, identity, params) => this.#place(sid, identity, params),
        call: (sid) => this.#calls.callOrLeg(sid),
        hangUp: (sid) => this.#hangUp(sid),
        accept: (sid) => this.#accept(sid),
        reject: (sid) => this.#reject(sid),
        digits: (sid, digits) => this.#digits(sid, digits),
      },
      timers,
      now: options.now,
      ...(options.signalling ? { timing: options.signalling } : {}),
      log: options.log,
    });
    this.#calls = new CallMachine({
      db: options.db,
      now: options.now,
      timers,
      timeScale: options.timeScale ?? 1,
      devices: this.#signalling,
      statusCallbacks,
      track,
      log: options.log,
    });
    this.#twiml = {
      machine: this.#calls,
      callbacks: options.callbacks,
      now: options.now,
      db: options.db,
      accountSid: options.accountSid,
      mediaBase: options.recordingMediaBase,
      fetch: options.fetch ?? ((input, init) => fetch(input, init)),
      log: options.log,
      // the browser that placed the call, or the phone page's microphone; a phone page call without one is a tone
      callerAudio: (call) => (call.direction === 'outbound' ? this.#signalling.farEnd(call.sid) : call.callerMedia),
      ownPhone: (call, number) => this.#isOwnPhone(call, number),
    };
  }

  // ── tests and the phone page ──

  /** A live call of this process (by its own or its dialled leg's sid). */
  call(sid: string): VoiceCallSnapshot | null {
    const call = this.#calls.callOrLeg(sid);
    return call ? snapshot(call) : null;
  }

  /** Every call this process knows, newest first. */
  calls(): VoiceCallSnapshot[] {
    return this.#calls.all().reverse().map(snapshot);
  }

  /** How many signalling sessions are registered for an identity's incoming calls. */
  registered(identity: string): number {
    return this.#signalling.registered(identity);
  }

  /** The WebRTC far end of a call placed or answered over the signalling gateway (by the sid its device knows). */
  media(sid: string): MediaReport | null {
    return this.#signalling.media(sid);
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

  /** Ends every live call and closes every signalling session (shutdown, tests). */
  async close(): Promise<void> {
    for (const call of this.#calls.all()) this.#calls.hangUp(call);
    this.#signalling.closeAll();
    await this.settle();
  }

  // ── the Calls REST resource (resources/calls.ts) ──

  /** A call of this process as the calls table keeps it, fresher than the table (by its own or its dialled leg's
   *  sid); null when this process does not serve it. */
  callRecord(sid: string): store.VoiceCallRow | null {
    const call = this.#calls.callOrLeg(sid);
    return call ? this.#calls.record(call) : null;
  }

  /**
   * `Status=canceled|completed` through the REST API, as Twilio applies it. On the parent call: `completed` hangs
   * it up whatever its state, `canceled` only while it rings (answered, it is left as it is); either way exactly as
   * the browser's hangup: its leg ends (canceled while ringing, completed once answered), the browser gets its
   * `hangup` (or an incoming call its `cancel`), the media stops, the status callbacks follow. On a dialled leg: it
   * ends (canceled while it rings, completed once answered, `canceled` leaving an answered one alone) and its <Dial>
   * goes on as when the far end hangs up. A call that already ended is left as it is. Null when this process does
   * not serve the call.
   */
  endCall(sid: string, status: 'canceled' | 'completed'): store.VoiceCallRow | null {
    const call = this.#calls.callOrLeg(sid);
    if (!call) return null;
    const leg = call.leg;
    if (call.sid === sid) {
      if (status === 'completed' || call.status === 'ringing') this.#calls.hangUp(call);
    } else if (leg && !isTerminal(leg.status)) {
      if (leg.status !== 'in-progress') this.#calls.endLeg(call, leg, 'canceled', 487);
      else if (status === 'completed') this.#calls.endLeg(call, leg, 'completed', 200);
    }
    return this.#calls.record(call);
  }

  // ── the browser's signalling ──

  /** A WebSocket of the Voice SDK's signalling (GET …/voice/signal). */
  signal(socket: SignallingSocket): { message(data: unknown): void; close(): void } {
    return this.#signalling.open(socket);
  }

  async #verify(token: string | null): Promise<VerifiedAccessToken> {
    const keys = this.#options.keys;
    if (!keys) throw new AccessTokenError(20101, 'Invalid Access Token: the simulator has no API key configured');
    return verifyAccessToken(token, keys, this.#options.now());
  }

  /** A browser's call: the TwiML App's Voice URL is asked what to do, with the SDK's custom parameters. */
  #place(sid: string, identity: string, params: Record<string, string>): void {
    const voiceUrl = this.#options.voiceUrl;
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
    const call = this.#calls.newCall({ sid, direction: 'outbound', identity, from, to: params.To ?? '', fields });
    this.#run(
      (async () => {
        if (!voiceUrl) return this.#calls.fail(call, 11200, 'HTTP retrieval failure: the TwiML App has no Voice URL');
        const answer = await this.#options.callbacks.deliver(voiceUrl, 'POST', fields);
        await followTwiml(this.#twiml, call, { answer, url: voiceUrl });
      })(),
    );
  }

  /** A browser hangs up its call (an outgoing call, or an incoming leg it answered), or the gateway ends it for it. */
  #hangUp(sid: string): void {
    const call = this.#calls.callOrLeg(sid);
    if (call) this.#calls.hangUp(call);
  }

  /** A browser answers an incoming leg; false when it no longer rings. */
  #accept(legSid: string): boolean {
    const call = this.#calls.callOrLeg(legSid);
    const leg = call?.leg;
    if (!call || !leg || leg.sid !== legSid || leg.status !== 'ringing') return false;
    this.#calls.answer(call, leg);
    return true;
  }

  #reject(legSid: string): void {
    const call = this.#calls.callOrLeg(legSid);
    const leg = call?.leg;
    if (call && leg?.sid === legSid && leg.status === 'ringing') this.#calls.endLeg(call, leg, 'busy', 486);
  }

  /** DTMF keys the browser sent (a `w` is a pause, not a key): logged on the call. */
  #digits(sid: string, digits: string): void {
    const call = this.#calls.callOrLeg(sid);
    if (!call || isTerminal(call.status)) return;
    const keys = digits.replace(/w/g, '');
    call.digits += keys;
    this.#calls.persist(call);
    for (const key of keys) call.onKey?.(key);
  }

  // ── the phone page ──

  /** A phone calls a number bought in the simulator: its VoiceUrl is asked what to do. Resolves once the TwiML was
   *  followed up to a <Dial>, to what the caller hears first (<Say>, <Play>, <Record>), or to its end. */
  async callNumber(from: string, to: string, offerSdp: string | null = null): Promise<IncomingOutcome> {
    const numbers = await this.#options.db.privileged((sql) => store.allIncomingNumbers(sql));
    const number = numbers.find((row) => row.phone_number === to);
    if (!number) return { ok: false, reason: 'unknown-number' };
    if (!number.voice_url) return { ok: false, reason: 'no-voice-url' };
    const sid = newSid('CA');
    const callerMedia = offerSdp === null ? null : await this.#callerMedia(sid, offerSdp);
    if (callerMedia === false) return { ok: false, reason: 'bad-offer' };
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
    const call = this.#calls.newCall({ sid, direction: 'inbound', identity: null, from, to, fields, callerMedia });
    const reached = deferred();
    const answer = await this.#options.callbacks.deliver(number.voice_url, number.voice_method, fields);
    this.#run(followTwiml(this.#twiml, call, { answer, url: number.voice_url }, reached).finally(reached.resolve));
    await reached.promise;
    await call.persisted;
    return { ok: true, callSid: sid, answerSdp: callerMedia?.localSdp ?? null };
  }

  /**
   * The phone page's microphone as the caller's far end: it hears ringback until a browser takes the call (then
   * the two are bridged, signalling.ts), and the call ends when the page stops sending (a closed tab). False when
   * the offer cannot be answered.
   */
  async #callerMedia(sid: string, offerSdp: string): Promise<MediaEnd | false> {
    let media: MediaEnd;
    try {
      media = await MediaEnd.answering(offerSdp, { log: this.#options.log, onFailure: () => this.hangUpFromPhone(sid) });
    } catch (error) {
      this.#options.log('the phone page\'s offer could not be answered', error);
      return false;
    }
    media.play({ kind: 'ringback' });
    const { mediaTimeoutMs } = { ...defaultSignallingTiming, ...this.#options.signalling };
    media.watch(() => {
      this.#options.log(`call ${sid}: no audio from the phone page for ${mediaTimeoutMs} ms; ending it`);
      this.hangUpFromPhone(sid);
    }, mediaTimeoutMs);
    return media;
  }

  /** The phone page's "Hang up" (a call to a Ringwise number). */
  hangUpFromPhone(sid: string): boolean {
    const call = this.#calls.call(sid);
    if (!call || call.direction !== 'inbound' || isTerminal(call.status)) return false;
    this.#calls.hangUp(call);
    return true;
  }

  // ── the customer's own phone (a forwarded call to a verified caller ID), answered on the phone page ──

  /** Whether a dialled number is a verified Outgoing Caller ID of the call's account (the number's account for a
   *  phone's call, the simulator's for a browser's): then it is the phone page's phone. */
  async #isOwnPhone(call: VoiceCall, number: string): Promise<boolean> {
    const phoneNumber = e164Shaped(number);
    if (phoneNumber === null) return false;
    const accountSid = call.fields.AccountSid ?? this.#options.accountSid;
    try {
      return (await this.#options.db.privileged((sql) => store.findCallerIdByNumber(sql, accountSid, phoneNumber))) !== null;
    } catch (error) {
      this.#options.log(`could not tell whether ${phoneNumber} is a verified caller ID; it rings as any number`, error);
      return false;
    }
  }

  /** The live leg of this sid when it rings (or is on) the customer's own phone. */
  #ownPhoneLeg(legSid: string): { call: VoiceCall; leg: Leg } | null {
    const call = this.#calls.callOrLeg(legSid);
    const leg = call?.leg;
    if (!call || !leg || leg.sid !== legSid || !leg.ownPhone || isTerminal(leg.status) || isTerminal(call.status)) return null;
    return { call, leg };
  }

  /** The phone page's "Answer" on the customer's own phone: false when that leg does not ring (any more). */
  answerOnPhone(legSid: string): boolean {
    const found = this.#ownPhoneLeg(legSid);
    if (!found || found.leg.status !== 'ringing') return false;
    this.#calls.answer(found.call, found.leg);
    return true;
  }

  /** The phone page's "Decline": the leg ends busy (486), as a phone that rejects the call. */
  declineOnPhone(legSid: string): boolean {
    const found = this.#ownPhoneLeg(legSid);
    if (!found || found.leg.status !== 'ringing') return false;
    this.#calls.endLeg(found.call, found.leg, 'busy', 486);
    return true;
  }

  /** The phone page's "Hang up" on the answered own phone: the leg ends completed (200) and the <Dial> goes on to
   *  its action, as when any far end hangs up. */
  hangUpOnPhone(legSid: string): boolean {
    const found = this.#ownPhoneLeg(legSid);
    if (!found || found.leg.status !== 'in-progress') return false;
    this.#calls.endLeg(found.call, found.leg, 'completed', 200);
    return true;
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
}
