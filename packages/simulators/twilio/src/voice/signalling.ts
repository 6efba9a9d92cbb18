// The Voice SDK's signalling gateway (the wire: pstream.ts): each WebSocket is a session that listens with an access
// token and registers its identity for incoming calls; its invites become calls of the call machine (the same voice
// webhook, TwiML, status callbacks as every call), each with a real WebRTC far end (media/media-end.ts); what
// happens to those calls reaches the session as ringing, answer, cancel and hangup. When a session's WebSocket goes
// away its calls wait for the SDK to come back with their reconnect tokens (the SDK's signalling reconnection)
// and end, as Twilio ends them, when it does not come back in time or its audio stops for as long.
import { simulatorTestDestinations } from '@ringwise/contract/simulator-voice';
import { AccessTokenError, type VerifiedAccessToken } from '../access-token.ts';
import { newSid } from '../context.ts';
import { isTerminal, type CallStatus, type DeviceNotifier, type LegStatus, type VoiceCall, type VoiceTimers } from './calls.ts';
import { poorNetwork } from './media/impairment.ts';
import { MediaEnd, type MediaReport } from './media/media-end.ts';
import { decode, encode, heartbeat, text, type PStreamMessage } from './pstream.ts';

/** The hang-up error of an invite or an answer while the identity is on another call (the SDK: a ConnectionError). */
const busyMessage = 'You already have a call in progress';

/** One WebSocket as the gateway sees it. */
export interface SignallingSocket {
  send(text: string): void;
  close(code?: number, reason?: string): void;
}

/** What the gateway asks of the voice simulator. */
export interface SignallingCalls {
  /** Throws AccessTokenError. */
  verify(token: string): Promise<VerifiedAccessToken>;
  requireOutgoing(token: VerifiedAccessToken): void;
  requireIncoming(token: VerifiedAccessToken): void;
  /** Whether an identity is on a call (one it placed, or an incoming one it answered): one call at a time. */
  busy(identity: string): boolean;
  /** Places a call with this sid (the TwiML App's Voice URL is asked in the background). */
  place(sid: string, identity: string, params: Record<string, string>): void;
  call(sid: string): VoiceCall | undefined;
  /** The device hangs up the call of this sid (an outgoing call, or an incoming leg). */
  hangUp(sid: string): void;
  /** Answers a ringing incoming leg; false when it no longer rings. */
  accept(legSid: string): boolean;
  reject(legSid: string): void;
  digits(sid: string, digits: string): void;
}

export interface SignallingTiming {
  /** How long a call waits for its session to come back (the SDK's window: 30 s, or its listen's
   *  reconnectTimeout when set). */
  reconnectWindowMs: number;
  /** A call whose browser sends no RTP for this long ends. */
  mediaTimeoutMs: number;
  /** The server's heartbeat; a session silent for `staleMs` is taken as gone. */
  heartbeatMs: number;
  staleMs: number;
  /** The signalling-drop destination: how long after the answer its WebSocket is closed, and for how long the
   *  identity's next session is kept waiting. */
  dropAfterMs: number;
  dropForMs: number;
  /** The echo's delay. */
  echoDelayMs: number;
}

export const defaultSignallingTiming: SignallingTiming = {
  reconnectWindowMs: 30_000,
  mediaTimeoutMs: 30_000,
  heartbeatMs: 5000,
  staleMs: 20_000,
  dropAfterMs: 4000,
  dropForMs: 3000,
  echoDelayMs: 250,
};

export interface SignallingOptions {
  calls: SignallingCalls;
  timers: VoiceTimers;
  now: () => number;
  timing?: Partial<SignallingTiming>;
  log: (message: string, error?: unknown) => void;
}

interface Session {
  socket: SignallingSocket;
  token: VerifiedAccessToken | null;
  registered: boolean;
  reconnectTimeoutS: number;
  open: boolean;
  lastSeenMs: number;
  /** Messages are handled one at a time, in order. */
  queue: Promise<void>;
  beat: ReturnType<typeof setInterval>;
  expiry: unknown;
}

/** A call as a client sees it: an outgoing call (the parent's sid) or an incoming leg it accepted. */
interface ClientCall {
  sid: string;
  /** The SDK's temporary id of an outgoing call (TJS…), by which it knows the call until it is told the sid. */
  tempSid: string | null;
  /** Whether the SDK was told the sid (in `ringing` or `answer`; an incoming call's `invite`). */
  sidTold: boolean;
  direction: 'outgoing' | 'incoming';
  identity: string;
  session: Session | null;
  media: MediaEnd;
  reconnect: string;
  lost: unknown;
}

/** The far end the dialled number is (simulatorTestDestinations). */
type FarEnd = 'echo' | 'impaired' | 'drop' | 'menu' | 'tone';

function farEndOf(call: VoiceCall | undefined): FarEnd {
  const target = call?.leg?.target;
  if (!target) return 'tone';
  if (target.kind !== 'number') return 'echo';
  const ending = target.address.replace(/\D/g, '').slice(-4);
  if (ending === simulatorTestDestinations.impaired) return 'impaired';
  if (ending === simulatorTestDestinations.signallingDrop) return 'drop';
  if (ending === simulatorTestDestinations.menu) return 'menu';
  return 'echo';
}

export class Signalling implements DeviceNotifier {
  readonly #options: SignallingOptions;
  readonly #timing: SignallingTiming;
  readonly #sessions = new Set<Session>();
  readonly #calls = new Map<string, ClientCall>();
  /** Incoming legs still ringing: each invited session's far end. */
  readonly #offers = new Map<string, Map<Session, MediaEnd>>();
  /** Identities whose next listen waits until then (the signalling-drop destination). */
  readonly #holds = new Map<string, number>();
  /** The last media reports of ended calls (tests read them after the hang-up). */
  readonly #ended = new Map<string, MediaReport>();

  constructor(options: SignallingOptions) {
    this.#options = options;
    this.#timing = { ...defaultSignallingTiming, ...options.timing };
  }

  /** A new WebSocket: what to call with each of its frames and when it closes. */
  open(socket: SignallingSocket): { message(data: unknown): void; close(): void } {
    const session: Session = {
      socket,
      token: null,
      registered: false,
      reconnectTimeoutS: 0,
      open: true,
      lastSeenMs: this.#options.now(),
      queue: Promise.resolve(),
      beat: setInterval(() => this.#beat(session), this.#timing.heartbeatMs),
      expiry: null,
    };
    this.#sessions.add(session);
    return {
      message: (data) => {
        session.lastSeenMs = this.#options.now();
        const message = decode(data);
        if (message === null || message === 'heartbeat') return;
        session.queue = session.queue
          .then(() => this.#handle(session, message))
          .catch((error: unknown) => this.#options.log(`signalling: ${message.type} failed`, error));
      },
      close: () => this.#lose(session),
    };
  }

  /** Sessions registered for an identity's incoming calls. */
  registered(identity: string): number {
    let count = 0;
    for (const session of this.#sessions) if (session.open && session.registered && session.token?.identity === identity) count++;
    return count;
  }

  /** The far end's media of a call (by the sid its client knows). */
  media(sid: string): MediaReport | null {
    return this.#calls.get(sid)?.media.report() ?? this.#ended.get(sid) ?? null;
  }

  /** The live far end of a call (by the sid its client knows), or null. */
  farEnd(sid: string): MediaEnd | null {
    return this.#calls.get(sid)?.media ?? null;
  }

  closeAll(): void {
    for (const session of this.#sessions) {
      session.socket.close(1001, 'the simulator is stopping');
      this.#lose(session);
    }
    for (const call of this.#calls.values()) this.#forget(call);
    for (const offers of this.#offers.values()) for (const media of offers.values()) media.close();
    this.#offers.clear();
  }

  // ── from the SDK ──

  async #handle(session: Session, { type, payload }: PStreamMessage): Promise<void> {
    if (!session.open) return;
    const callsid = text(payload.callsid);
    switch (type) {
      case 'listen':
        return this.#listen(session, text(payload.token), Number(payload.reconnectTimeout) || 0);
      case 'register':
        return this.#register(session, (payload.media as { audio?: unknown } | undefined)?.audio === true);
      case 'invite':
        if (typeof payload.reconnect === 'string') return this.#resume(session, callsid, payload.reconnect);
        return this.#place(session, callsid, text(payload.sdp), text((payload.twilio as { params?: unknown } | undefined)?.params));
      case 'answer':
        return this.#accept(session, callsid, text(payload.sdp));
      case 'reject':
        return this.#reject(session, callsid);
      case 'hangup': {
        const call = this.#find(session, callsid);
        if (call) this.#options.calls.hangUp(call.sid);
        return;
      }
      case 'dtmf':
        return this.#dtmf(session, callsid, text(payload.dtmf));
      case 'reinvite':
        return this.#reinvite(session, callsid, text(payload.sdp));
      case 'message': {
        // call messages reach Twilio and are acknowledged; the simulator has no app subscribed to them
        const voiceeventsid = text(payload.voiceeventsid);
        if (this.#find(session, callsid)) this.#sendOn(session, 'ack', { acktype: 'message', callsid, voiceeventsid });
        else this.#sendOn(session, 'error', { callsid, voiceeventsid, error: { code: 31005, message: `The call ${callsid} is not in progress` } });
        return;
      }
      default:
        this.#options.log(`signalling: ignored a ${type} message`);
    }
  }

  async #listen(session: Session, token: string, reconnectTimeoutS: number): Promise<void> {
    let verified: VerifiedAccessToken;
    try {
      verified = await this.#options.calls.verify(token);
    } catch (error) {
      if (!(error instanceof AccessTokenError)) throw error;
      // Twilio's gateway codes: 31204 invalid token, 31205 expired (the Device reports 20101 and 20104)
      this.#sendOn(session, 'error', { error: { code: error.code === 20104 ? 31205 : 31204, message: error.message } });
      this.#sendOn(session, 'close');
      session.socket.close(1000, 'invalid access token');
      this.#lose(session);
      return;
    }
    const until = this.#holds.get(verified.identity);
    if (until !== undefined) {
      this.#holds.delete(verified.identity);
      const wait = until - this.#options.now();
      if (wait > 0) await new Promise<void>((resolve) => this.#options.timers.setTimeout(resolve, wait));
      if (!session.open) return;
    }
    session.token = verified;
    session.reconnectTimeoutS = Math.max(0, Math.min(30, reconnectTimeoutS));
    if (session.expiry) this.#options.timers.clearTimeout(session.expiry);
    const ttlMs = verified.expiresAtMs - this.#options.now();
    session.expiry = this.#options.timers.setTimeout(() => {
      session.registered = false;
      this.#sendOn(session, 'error', { error: { code: 31205, message: 'Access Token expired or expiration date invalid' } });
    }, Math.max(0, ttlMs));
    this.#sendOn(session, 'connected', { region: 'us1', home: 'us1', edge: 'simulator', token: { identity: verified.identity, ttl: Math.max(0, Math.floor(ttlMs / 1000)) } });
  }

  #register(session: Session, audio: boolean): void {
    const token = session.token;
    if (!token) return this.#sendOn(session, 'error', { error: { code: 31204, message: 'Register before a valid listen' } });
    if (!audio) {
      session.registered = false;
      return this.#sendOn(session, 'offline');
    }
    try {
      this.#options.calls.requireIncoming(token);
    } catch (error) {
      if (!(error instanceof AccessTokenError)) throw error;
      return this.#sendOn(session, 'error', { error: { code: 31204, message: error.message } });
    }
    session.registered = true;
    this.#sendOn(session, 'ready');
  }

  async #place(session: Session, tempSid: string, sdp: string, params: string): Promise<void> {
    const token = session.token;
    const refuse = (code: number, message: string) => this.#sendOn(session, 'hangup', { callsid: tempSid, error: { code, message } });
    if (!token) return refuse(31204, 'Invite before a valid listen');
    try {
      this.#options.calls.requireOutgoing(token);
    } catch (error) {
      if (!(error instanceof AccessTokenError)) throw error;
      return refuse(31204, error.message);
    }
    const sid = newSid('CA');
    let media: MediaEnd;
    try {
      media = await MediaEnd.answering(sdp, { log: this.#options.log, onKey: (key) => this.#options.calls.digits(sid, key), onFailure: () => this.#options.calls.hangUp(sid) });
    } catch (error) {
      this.#options.log('signalling: could not answer an offer', error);
      return refuse(31000, 'The offer could not be answered');
    }
    if (!session.open) return media.close();
    // checked here, with no await before the call exists, so that two sessions of one identity cannot both pass
    if (this.#options.calls.busy(token.identity)) {
      media.close();
      return refuse(31005, busyMessage);
    }
    const call: ClientCall = { sid, tempSid, sidTold: false, direction: 'outgoing', identity: token.identity, session, media, reconnect: newSid('RT'), lost: null };
    this.#calls.set(sid, call);
    this.#watch(call);
    this.#options.calls.place(sid, token.identity, Object.fromEntries(new URLSearchParams(params)));
  }

  /** The SDK back after its WebSocket dropped: the call follows it to this session. */
  #resume(session: Session, callsid: string, reconnect: string): void {
    const call = this.#calls.get(callsid);
    if (!call || call.reconnect !== reconnect || call.identity !== session.token?.identity) {
      return this.#sendOn(session, 'hangup', { callsid });
    }
    if (call.lost) this.#options.timers.clearTimeout(call.lost);
    call.lost = null;
    call.session = session;
    this.#sendOn(session, 'answer', { callsid, sdp: call.media.localSdp, reconnect });
  }

  async #accept(session: Session, callsid: string, sdp: string): Promise<void> {
    const media = this.#offers.get(callsid)?.get(session);
    if (!media || !session.token) return;
    this.#offers.get(callsid)?.delete(session);
    try {
      await media.accept(sdp);
    } catch (error) {
      this.#options.log('signalling: could not take an answer', error);
      media.close();
      return this.#sendOn(session, 'hangup', { callsid, error: { code: 31000, message: 'The answer could not be applied' } });
    }
    if (this.#options.calls.busy(session.token.identity)) {
      media.close();
      return this.#sendOn(session, 'hangup', { callsid, error: { code: 31005, message: busyMessage } });
    }
    const call: ClientCall = { sid: callsid, tempSid: null, sidTold: true, direction: 'incoming', identity: session.token.identity, session, media, reconnect: newSid('RT'), lost: null };
    this.#calls.set(callsid, call);
    if (!this.#options.calls.accept(callsid)) {
      this.#forget(call);
      return this.#sendOn(session, 'cancel', { callsid });
    }
    this.#watch(call);
    // the caller's voice: the phone page's microphone when it called with one, otherwise a tone
    const caller = this.#options.calls.call(callsid)?.callerMedia;
    if (caller) MediaEnd.bridge(media, caller);
    else media.play({ kind: 'tone' });
    this.#sendOn(session, 'answer', { callsid, reconnect: call.reconnect });
  }

  #reject(session: Session, callsid: string): void {
    const media = this.#offers.get(callsid)?.get(session);
    if (!media) return;
    this.#offers.get(callsid)?.delete(session);
    media.close();
    this.#options.calls.reject(callsid);
  }

  #dtmf(session: Session, callsid: string, digits: string): void {
    const call = this.#find(session, callsid);
    if (!call || !/^[0-9*#w]+$/.test(digits)) return;
    this.#options.calls.digits(call.sid, digits);
    for (const key of digits.replace(/w/g, '')) call.media.answerKey(key);
  }

  async #reinvite(session: Session, callsid: string, sdp: string): Promise<void> {
    const call = this.#find(session, callsid);
    if (!call) return this.#sendOn(session, 'hangup', { callsid });
    try {
      this.#sendOn(session, 'answer', { callsid, sdp: await call.media.renegotiate(sdp) });
    } catch (error) {
      this.#options.log('signalling: an ICE restart failed', error);
    }
  }

  // ── from the call machine (DeviceNotifier) ──

  /** An outgoing call's ringing (with early media), answer, or end, as the SDK hears them. */
  outgoing(sid: string, status: CallStatus, errorCode: number | null): void {
    const call = this.#calls.get(sid);
    if (!call || call.direction !== 'outgoing') return;
    if (status === 'ringing') {
      // early media: the ringback the caller hears until the far end answers
      call.media.play({ kind: 'ringback' });
      this.#sendTo(call, 'ringing', { callsid: sid, sdp: call.media.localSdp });
      call.sidTold = true;
    } else if (status === 'in-progress') {
      this.#farEnd(call);
      this.#sendTo(call, 'answer', { callsid: sid, sdp: call.media.localSdp, reconnect: call.reconnect });
      call.sidTold = true;
    } else if (isTerminal(status)) {
      // the app's failure (11200, 12100, 12200): the SDK reports it as a ConnectionError carrying this code. A call
      // that ended before it rang (a failed destination, the app's failure) is named by the SDK's temporary id: the
      // SDK's Call ignores a hangup naming a sid it was never told.
      const error = errorCode === null ? {} : { error: { code: errorCode, message: `The call failed: Twilio error ${errorCode}` } };
      this.#sendTo(call, 'hangup', { callsid: call.sidTold ? sid : (call.tempSid ?? sid), ...error });
      this.#forget(call);
    }
  }

  /** An incoming leg answered or ended: the sessions it still rings stop (cancel), the one that took it hears the end. */
  incoming(legSid: string, status: LegStatus): void {
    const call = this.#calls.get(legSid);
    const offers = this.#offers.get(legSid);
    if (status === 'in-progress' || isTerminal(status)) {
      // answered elsewhere, given up by the caller, or rejected: the other invited sessions stop ringing
      for (const [session, media] of offers ?? []) {
        media.close();
        this.#sendOn(session, 'cancel', { callsid: legSid });
      }
      this.#offers.delete(legSid);
    }
    if (call && isTerminal(status)) {
      this.#sendTo(call, 'hangup', { callsid: legSid });
      this.#forget(call);
    }
  }

  /** An invite, with its own far end's offer, to each registered session of the identity. */
  ring(identity: string, legSid: string, parameters: Record<string, string>): void {
    void this.#invite(identity, legSid, parameters);
  }

  async #invite(identity: string, legSid: string, parameters: Record<string, string>): Promise<void> {
    const ringing = () => this.#options.calls.call(legSid)?.leg?.status === 'ringing';
    for (const session of this.#sessions) {
      if (!session.open || !session.registered || session.token?.identity !== identity) continue;
      let media: MediaEnd;
      try {
        // a failed far end ends the leg only once it is the call's (a ringing offer's failure fails its accept)
        const onFailure = () => {
          if (this.#calls.get(legSid)?.media === media) this.#options.calls.hangUp(legSid);
        };
        media = await MediaEnd.offering({ log: this.#options.log, onKey: (key) => this.#options.calls.digits(legSid, key), onFailure });
      } catch (error) {
        this.#options.log('signalling: could not make an offer', error);
        continue;
      }
      if (!ringing() || !session.open) {
        media.close();
        continue;
      }
      let offers = this.#offers.get(legSid);
      if (!offers) this.#offers.set(legSid, (offers = new Map()));
      offers.set(session, media);
      this.#sendOn(session, 'invite', { callsid: legSid, sdp: media.localSdp, parameters });
    }
  }

  #farEnd(call: ClientCall): void {
    const farEnd = farEndOf(this.#options.calls.call(call.sid));
    const echo = { kind: 'echo', delayMs: this.#timing.echoDelayMs } as const;
    if (farEnd === 'menu') return call.media.play({ kind: 'menu' });
    if (farEnd === 'tone') return call.media.play({ kind: 'tone' });
    call.media.play(echo);
    if (farEnd === 'impaired') call.media.impair(poorNetwork);
    if (farEnd === 'drop') {
      this.#options.timers.setTimeout(() => {
        const session = call.session;
        if (!session || !this.#calls.has(call.sid)) return;
        this.#holds.set(call.identity, this.#options.now() + this.#timing.dropForMs);
        session.socket.close(4000, 'simulated signalling drop');
        this.#lose(session);
      }, this.#timing.dropAfterMs);
    }
  }

  // ── sessions and calls ──

  #watch(call: ClientCall): void {
    call.media.watch(() => {
      this.#options.log(`call ${call.sid}: no audio from the browser for ${this.#timing.mediaTimeoutMs} ms; ending it`);
      this.#options.calls.hangUp(call.sid);
    }, this.#timing.mediaTimeoutMs);
  }

  #find(session: Session, callsid: string): ClientCall | undefined {
    const call = this.#calls.get(callsid) ?? [...this.#calls.values()].find((candidate) => candidate.tempSid === callsid);
    return call && call.identity === session.token?.identity ? call : undefined;
  }

  #beat(session: Session): void {
    if (this.#options.now() - session.lastSeenMs > this.#timing.staleMs) {
      session.socket.close(1001, 'no heartbeat');
      this.#lose(session);
      return;
    }
    session.socket.send(heartbeat);
  }

  /** The session's WebSocket is gone: its calls wait for the SDK to come back, its offers stop. */
  #lose(session: Session): void {
    if (!session.open) return;
    session.open = false;
    clearInterval(session.beat);
    if (session.expiry) this.#options.timers.clearTimeout(session.expiry);
    this.#sessions.delete(session);
    const windowMs = session.reconnectTimeoutS > 0 ? session.reconnectTimeoutS * 1000 : this.#timing.reconnectWindowMs;
    for (const call of this.#calls.values()) {
      if (call.session !== session) continue;
      call.session = null;
      call.lost = this.#options.timers.setTimeout(() => {
        call.lost = null;
        if (call.session || !this.#calls.has(call.sid)) return;
        this.#options.log(`call ${call.sid}: the browser did not come back within ${windowMs} ms; ending it`);
        this.#options.calls.hangUp(call.sid);
      }, windowMs);
    }
    for (const offers of this.#offers.values()) {
      offers.get(session)?.close();
      offers.delete(session);
    }
  }

  #forget(call: ClientCall): void {
    if (call.lost) this.#options.timers.clearTimeout(call.lost);
    call.lost = null;
    this.#ended.set(call.sid, call.media.report());
    if (this.#ended.size > 200) this.#ended.delete(this.#ended.keys().next().value as string);
    call.media.close();
    this.#calls.delete(call.sid);
  }

  #sendTo(call: ClientCall, type: string, payload: Record<string, unknown>): void {
    if (call.session) this.#sendOn(call.session, type, payload);
  }

  #sendOn(session: Session, type: string, payload: Record<string, unknown> = {}): void {
    if (!session.open) return;
    try {
      session.socket.send(encode(type, payload));
    } catch (error) {
      this.#options.log(`signalling: could not send ${type}`, error);
    }
  }
}
