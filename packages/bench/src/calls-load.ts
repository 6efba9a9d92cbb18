// The end-to-end calls load generator: N users, each placing one call exactly as a browser does, against running
// api processes reached only over HTTP and WebSocket (no module of the api or of the simulators is loaded here, only
// the contract's shared tables):
//   1. users sign up through the auth server's GoTrue HTTP API (POST <authBase>/signup) and are funded the way a paid
//      top-up funds them: the api makes the Checkout Session (POST /api/stripe/checkout-sessions) and Stripe's signed
//      `checkout.session.completed` for it is posted to /webhooks/stripe (signed with the webhook secret);
//   2. per call: GET /api/twilio/token, POST /api/calls/start, then the Voice SDK's signalling (PStream) over a
//      WebSocket at ws://<chunderw>/signal: listen → connected, register → ready, invite with the SDP offer and the
//      custom parameters (To, callId) → ringing (early media: its SDP) → answer; the dialer's PATCH of the call SID
//      and its 5 s backup status poll; a real werift WebRTC peer per call sending 20 ms Opus frames; hangup from the
//      "browser" when the steady phase ends;
//   3. settlement: GET /api/calls per user until the call is final and charged, then exactly one call_charge for it in
//      GET /api/transactions and a balance drop equal to the charge (GET /api/auth/user before and after);
//   4. the api processes' CPU and RSS (/proc/<pid>/stat and status) while every call is live, minus an idle baseline.
// Where the processes are and how they start is the caller's (a Deployment): the set of origins and the sampled pids
// are inputs, so one api, several behind a proxy, or the stand-ins in processes of their own are measured alike.
import { readFileSync } from 'node:fs';
import OpusScript from 'opusscript';
import Stripe from 'stripe';
import { RTCPeerConnection, RTCRtpCodecParameters, RtpHeader, type RTCRtpTransceiver } from 'werift';
import { percentile } from '@ringwise/bench/load';
import type { Call, CallPage, CallStarted, CallingToken } from '@ringwise/contract/calls';
import { isTerminalCallStatus } from '@ringwise/contract/calls';
import { centsOf } from '@ringwise/contract/decimal';
import { routes } from '@ringwise/contract/routes';
import { simulatorTestDestinations } from '@ringwise/contract/simulator-voice';
import { webhooks } from '@ringwise/contract/webhooks';

// ─── what is measured, and where ─────────────────────────────────────────────────────────────────────────────────

/** A process whose CPU and memory are sampled, e.g. { label: 'api', pid } or { label: 'carrier', pid }. */
export interface SampledProcess {
  label: string;
  pid: number;
}

/** Running processes to load: how the browsers and Stripe reach them, and which pids to sample. */
export interface Deployment {
  /** The app origins the browsers use (users are spread over them round-robin): one api, or a proxy in front of several. */
  origins: string[];
  /** The GoTrue HTTP API of the auth server (`<AUTH_STAND_IN_URL>/auth/v1`, or a Supabase project's). */
  authBase: string;
  /** Where Stripe posts its events (an origin; the path is the contract's). */
  stripeWebhookOrigin: string;
  /** Stripe's webhook signing secret for that endpoint (`whsec_dev` with the simulator). */
  stripeWebhookSecret: string;
  /** The processes sampled for CPU and RSS. */
  sampled: SampledProcess[];
  /** Resolves, with what happened (label, exit code, the error it printed), when any of the deployment's processes exits. */
  exited: Promise<string>;
}

export interface CallsLoadOptions {
  /** Concurrent calls. */
  calls: number;
  /** Seconds every call stays up together (the steady phase, sampled), sending audio. Each call is hung up when it
   *  ends, so the first call of the ramp lasts the ramp plus this, the last one this: N calls are live at once. */
  seconds: number;
  /** Call starts per second. */
  rampPerSecond: number;
  /** The number dialled: one the carrier simulator answers and echoes. */
  destination: string;
  /** Each user's top-up. */
  topUp: string;
  /** Seconds of idle sampling before the calls (the baseline). */
  idleSeconds: number;
  /** How long every started call may take to be final and charged once the browsers hung up (default 60 s). */
  settleWithinMs: number;
  /** What happens to the deployment while every call is live (a test kills a process): the steady phase lasts at
   *  least as long. Deliberate exits are not the deployment dying (Deployment.exited). */
  during?: () => Promise<void>;
}

/** CALLS_LOAD_N="50,100,200" and CALLS_LOAD_SECONDS=20 (plus CALLS_LOAD_RAMP, calls started per second). */
export function callsLoadSettings(env: Record<string, string | undefined> = process.env): { counts: number[]; seconds: number; rampPerSecond: number } {
  const counts = (env.CALLS_LOAD_N?.trim() || '50,100,200').split(',').map((n) => Number(n.trim()));
  if (counts.some((n) => !Number.isInteger(n) || n < 1 || n > 1000)) throw new Error(`CALLS_LOAD_N must be whole numbers from 1 to 1000, comma-separated (got "${env.CALLS_LOAD_N}")`);
  const seconds = Number(env.CALLS_LOAD_SECONDS?.trim() || '20');
  if (!Number.isFinite(seconds) || seconds < 1 || seconds > 600) throw new Error(`CALLS_LOAD_SECONDS must be 1 to 600 (got "${env.CALLS_LOAD_SECONDS}")`);
  const rampPerSecond = Number(env.CALLS_LOAD_RAMP?.trim() || '10');
  if (!Number.isFinite(rampPerSecond) || rampPerSecond <= 0) throw new Error(`CALLS_LOAD_RAMP must be a positive number (got "${env.CALLS_LOAD_RAMP}")`);
  return { counts, seconds, rampPerSecond };
}

/** Answers after about 2 s and echoes the caller's audio (the simulator's other test destinations end in 0002-0007). */
export const echoDestination = '+14155551234';

export const defaultOptions: Omit<CallsLoadOptions, 'calls' | 'seconds' | 'during'> = {
  // DTLS handshakes are the costliest moment of a call (ECDHE and signatures on both peers, the api's in pure
  // TypeScript), and the load generator, the api and the carrier simulator share 2 cores: N offers at once would stall both
  // event loops for seconds, time the signalling's heartbeats and our timeouts out, and measure the burst rather
  // than N calls. Ten starts a second keeps the handshakes from colliding and a 200-call ramp to 20 s.
  rampPerSecond: 10,
  destination: echoDestination,
  topUp: '20.00',
  idleSeconds: 3,
  settleWithinMs: 60_000,
};

// ─── timeouts: every wait ends, and ends at once when a process of the deployment exits ──────────────────────────

class Died extends Error {}

/** `work`, or a rejection after `ms` (naming `what`) or as soon as `died` says a process exited. */
function within<T>(work: Promise<T>, ms: number, what: string, died: Promise<string>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what}: nothing within ${ms} ms`)), ms)));
  const dead = died.then((how) => Promise.reject(new Died(how)));
  return Promise.race([work, late, dead]).finally(() => clearTimeout(timer));
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).split('\n')[0]!.slice(0, 200);

// ─── HTTP, as the browser's API client sends it ──────────────────────────────────────────────────────────────────

export interface User {
  email: string;
  id: string;
  token: string;
  origin: string;
}

async function requestJson<T>(url: string, { expect = [200, 201], ...init }: RequestInit & { expect?: number[] } = {}, timeoutMs = 30_000): Promise<T> {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  const text = await response.text();
  if (!expect.includes(response.status)) {
    throw new Error(`${init.method ?? 'GET'} ${new URL(url).pathname} → ${response.status} ${text.slice(0, 160)}`);
  }
  return (text ? JSON.parse(text) : undefined) as T;
}

export function api<T>(user: User, method: string, path: string, body?: unknown, expect?: number[]): Promise<T> {
  return requestJson<T>(`${user.origin}${path}`, {
    method,
    headers: { authorization: `Bearer ${user.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
    expect,
  });
}

/** Runs `work(i)` for i = 0..count-1, `concurrency` at a time; the first failure is rethrown after the others end. */
async function eachConcurrently(count: number, concurrency: number, work: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  let failure: unknown = null;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, count) }, async () => {
      while (next < count && failure === null) {
        const i = next++;
        await work(i).catch((error: unknown) => {
          failure ??= error;
        });
      }
    }),
  );
  if (failure !== null) throw failure;
}

const stripe = new Stripe('sk_test_calls_load_signing_only');

/** Signs up one user and tops their balance up as a paid Checkout Session does. */
export async function fundedUser(deployment: Deployment, index: number, topUp: string): Promise<User> {
  const email = `calls-load-${crypto.randomUUID()}@example.com`;
  const session = await requestJson<{ access_token: string; user: { id: string } }>(`${deployment.authBase}/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'correct horse battery staple' }),
  });
  const user: User = { email, id: session.user.id, token: session.access_token, origin: deployment.origins[index % deployment.origins.length]! };
  // the session the browser's top-up dialog makes; the api records it and the customer
  const checkout = await api<{ id: string }>(user, routes.createCheckoutSession.method, routes.createCheckoutSession.path, { amount: topUp });
  const me = await api<{ stripeCustomerId: string | null }>(user, routes.currentUser.method, routes.currentUser.path);
  const cents = centsOf(topUp);
  if (cents === null) throw new Error(`top-up ${topUp} is not an amount`);
  // Stripe's event once the card is charged, as Stripe sends it: the raw JSON and its Stripe-Signature
  const event = {
    id: `evt_${crypto.randomUUID().replaceAll('-', '')}`,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: checkout.id,
        object: 'checkout.session',
        amount_total: Number(cents),
        currency: 'usd',
        client_reference_id: user.id,
        customer: me.stripeCustomerId,
        metadata: { kind: 'top_up', user_id: user.id },
        mode: 'payment',
        payment_intent: `pi_${crypto.randomUUID().replaceAll('-', '').slice(0, 24)}`,
        payment_status: 'paid',
        status: 'complete',
      },
    },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type: 'checkout.session.completed',
  };
  const payload = JSON.stringify(event, null, 2);
  const signature = await stripe.webhooks.generateTestHeaderStringAsync({ payload, secret: deployment.stripeWebhookSecret, timestamp: Math.floor(Date.now() / 1000) });
  await requestJson(`${deployment.stripeWebhookOrigin}${webhooks.stripeEvents.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: payload,
  });
  const funded = await api<{ balance: string }>(user, routes.currentUser.method, routes.currentUser.path);
  if (funded.balance !== topUp) throw new Error(`${email}: balance ${funded.balance} after a ${topUp} top-up`);
  return user;
}

// ─── the Voice SDK's signalling (PStream), as the SDK speaks it ──────────────────────────────────────────────────

interface Message {
  type: string;
  payload: Record<string, unknown>;
}

/** The SDK's PStream over one WebSocket: JSON `{type, version, payload}` frames, the server's "\n" heartbeat echoed. */
export class Signalling {
  readonly #socket: WebSocket;
  readonly #queue: Message[] = [];
  readonly #waiters = new Set<{ types: readonly string[]; match: (m: Message) => boolean; resolve: (m: Message) => void }>();
  closed = false;
  /** A message nobody waited for arrived (e.g. the carrier hanging the call up). */
  onUnexpected: ((message: Message) => void) | null = null;

  private constructor(socket: WebSocket) {
    this.#socket = socket;
    socket.addEventListener('message', (event) => {
      const data = String(event.data);
      if (data === '\n') return void socket.send('\n');
      let message: Message;
      try {
        message = JSON.parse(data) as Message;
      } catch {
        return;
      }
      for (const waiter of this.#waiters) {
        if (waiter.types.includes(message.type) && waiter.match(message)) {
          this.#waiters.delete(waiter);
          return waiter.resolve(message);
        }
      }
      this.#queue.push(message);
      this.onUnexpected?.(message);
    });
    socket.addEventListener('close', () => {
      this.closed = true;
    });
  }

  static async connect(url: string, timeoutMs: number, died: Promise<string>): Promise<Signalling> {
    const socket = new WebSocket(url);
    const open = new Promise<void>((resolve, reject) => {
      socket.addEventListener('open', () => resolve(), { once: true });
      socket.addEventListener('error', () => reject(new Error(`could not connect to ${url}`)), { once: true });
    });
    try {
      await within(open, timeoutMs, `WebSocket ${url}`, died);
    } catch (error) {
      socket.close();
      throw error;
    }
    return new Signalling(socket);
  }

  send(type: string, payload: Record<string, unknown>): void {
    // PSTREAM_VERSION of the SDK
    if (this.#socket.readyState === WebSocket.OPEN) this.#socket.send(JSON.stringify({ type, version: '1.6', payload }));
  }

  /** The next message of one of `types` (one that already arrived first), within `timeoutMs`. */
  next(types: readonly string[], timeoutMs: number, died: Promise<string>, match: (m: Message) => boolean = () => true): Promise<Message> {
    const index = this.#queue.findIndex((m) => types.includes(m.type) && match(m));
    if (index >= 0) return Promise.resolve(this.#queue.splice(index, 1)[0]!);
    let waiter!: { types: readonly string[]; match: (m: Message) => boolean; resolve: (m: Message) => void };
    const arrived = new Promise<Message>((resolve) => {
      waiter = { types, match, resolve };
      this.#waiters.add(waiter);
    });
    return within(arrived, timeoutMs, `signalling ${types.join('/')}`, died).finally(() => this.#waiters.delete(waiter));
  }

  close(): void {
    this.#socket.close();
  }
}

// ─── the browser's audio: a werift peer per call, Opus packets encoded once per process ──────────────────────────

const opusClockRate = 48_000;
const frameMs = 20;
const frameSamples = (opusClockRate * frameMs) / 1000;
const opusPayloadType = 111;

/**
 * One second of a 440 Hz tone as 50 Opus frames, encoded once and replayed by every peer. One opusscript encoder for
 * the whole process, freed at once: that WASM codec's heap grows under older codec objects and crashes with a
 * RangeError when a peer each holds one, which is what this measures on the far end, not what it may suffer itself.
 */
const opusCycle: readonly Buffer[] = (() => {
  const codec = new OpusScript(opusClockRate, 1, OpusScript.Application.VOIP);
  try {
    const frames: Buffer[] = [];
    for (let f = 0; f < 1000 / frameMs; f++) {
      const pcm = new Int16Array(frameSamples);
      for (let i = 0; i < frameSamples; i++) pcm[i] = Math.round(6000 * Math.sin((2 * Math.PI * 440 * (f * frameSamples + i)) / opusClockRate));
      frames.push(Buffer.from(codec.encode(Buffer.from(pcm.buffer), frameSamples)));
    }
    return frames;
  } finally {
    codec.delete();
  }
})();

interface IceInternals {
  connection?: { protocols?: Array<{ transport?: { socket?: { listenerCount(event: string): number; on(event: string, listener: (error: unknown) => void): void } } }> };
}

/** A browser's side of one call's audio: offers Opus and telephone-events, host candidates on loopback only. */
export class BrowserAudio {
  readonly pc = new RTCPeerConnection({
    codecs: {
      audio: [
        new RTCRtpCodecParameters({ mimeType: 'audio/opus', clockRate: opusClockRate, channels: 2, payloadType: opusPayloadType }),
        new RTCRtpCodecParameters({ mimeType: 'audio/telephone-event', clockRate: 8000, payloadType: 126 }),
      ],
    },
    iceServers: [],
    iceUseIpv6: false,
    iceAdditionalHostAddresses: ['127.0.0.1'],
  });
  readonly #transceiver: RTCRtpTransceiver;
  #sequence = Math.floor(Math.random() * 0x10000);
  #timestamp = Math.floor(Math.random() * 0x100000000);
  #frame = 0;
  #closed = false;
  /** RTP packets received back (the echo). */
  received = 0;

  constructor() {
    this.#transceiver = this.pc.addTransceiver('audio', { direction: 'sendrecv' });
    this.pc.onTrack.subscribe((track) => track.onReceiveRtp.subscribe(() => this.received++));
  }

  async offer(timeoutMs: number, died: Promise<string>): Promise<string> {
    await this.pc.setLocalDescription(await this.pc.createOffer());
    const gathered = new Promise<void>((resolve) => {
      if (this.pc.iceGatheringState === 'complete') return resolve();
      const { unSubscribe } = this.pc.iceGatheringStateChange.subscribe((state) => {
        if (state !== 'complete') return;
        unSubscribe();
        resolve();
      });
    });
    await within(gathered, timeoutMs, 'ICE gathering', died);
    // Bun reports an ICMP port-unreachable (the far end went away, e.g. the api died) as an `error` event of the UDP
    // socket, and werift listens for none: unheard, it would end this process
    for (const transport of this.pc.iceTransports as unknown as IceInternals[]) {
      for (const protocol of transport.connection?.protocols ?? []) {
        const socket = protocol.transport?.socket;
        if (socket && socket.listenerCount('error') === 0) socket.on('error', () => {});
      }
    }
    return this.pc.localDescription?.sdp ?? '';
  }

  accept(answerSdp: string): Promise<void> {
    return this.pc.setRemoteDescription({ type: 'answer', sdp: answerSdp });
  }

  connected(timeoutMs: number, died: Promise<string>): Promise<void> {
    const connected = new Promise<void>((resolve, reject) => {
      const check = (state: string) => {
        if (state === 'connected') resolve();
        else if (state === 'failed' || state === 'closed') reject(new Error(`media ${state}`));
      };
      this.pc.connectionStateChange.subscribe(check);
      check(this.pc.connectionState);
    });
    return within(connected, timeoutMs, 'media (ICE and DTLS)', died);
  }

  /** The next 20 ms frame of the cached cycle (called by the shared clock). */
  sendFrame(): void {
    if (this.#closed || this.pc.connectionState !== 'connected') return;
    this.#sequence = (this.#sequence + 1) & 0xffff;
    this.#timestamp = (this.#timestamp + frameSamples) >>> 0;
    const payload = opusCycle[this.#frame++ % opusCycle.length]!;
    const header = new RtpHeader({ payloadType: opusPayloadType, sequenceNumber: this.#sequence, timestamp: this.#timestamp, ssrc: this.#transceiver.sender.ssrc });
    // the transport directly, as BrowserPeer does: werift's sender would rewrite the payload type
    this.#transceiver.sender.dtlsTransport.sendRtp(payload, header).catch(() => {});
  }

  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.pc.close().catch(() => {});
  }
}

/** One 20 ms clock for every live peer (a timer per peer would be N timers drifting against each other). */
export class AudioClock {
  readonly #peers = new Set<BrowserAudio>();
  #timer: ReturnType<typeof setInterval> | null = null;

  get size(): number {
    return this.#peers.size;
  }

  add(peer: BrowserAudio): void {
    this.#peers.add(peer);
    this.#timer ??= setInterval(() => {
      for (const p of this.#peers) p.sendFrame();
    }, frameMs);
  }

  remove(peer: BrowserAudio): void {
    this.#peers.delete(peer);
    if (this.#peers.size === 0 && this.#timer) {
      clearInterval(this.#timer);
      this.#timer = null;
    }
  }
}

// ─── one call, as the dialer places it ───────────────────────────────────────────────────────────────────────────

export interface PlacedCall {
  user: User;
  callId: string | null;
  callSid: string | null;
  /** POST /api/calls/start, ms. */
  startMs: number | null;
  /** invite sent → answer received, ms. */
  answerMs: number | null;
  /** Answered, and its media connected. */
  connected: boolean;
  /** The carrier hung up before the browser did. */
  droppedEarly: boolean;
  error: string | null;
  audio: BrowserAudio | null;
  signalling: Signalling | null;
  poll: ReturnType<typeof setInterval> | null;
  /** Packets received back when the steady phase began. */
  receivedAtSteady: number;
}

const waits = { http: 30_000, socket: 10_000, connected: 10_000, ice: 10_000, ringing: 20_000, answer: 30_000, media: 15_000, hangup: 3000 };

export async function placeCall(user: User, options: CallsLoadOptions, clock: AudioClock, died: Promise<string>): Promise<PlacedCall> {
  const call: PlacedCall = {
    user,
    callId: null,
    callSid: null,
    startMs: null,
    answerMs: null,
    connected: false,
    droppedEarly: false,
    error: null,
    audio: null,
    signalling: null,
    poll: null,
    receivedAtSteady: 0,
  };
  try {
    const token = await within(api<CallingToken>(user, routes.getCallingToken.method, routes.getCallingToken.path), waits.http, 'token', died);
    if (!token.signalling) throw new Error('the token is for Twilio itself (no simulator signalling)');
    const t0 = performance.now();
    const started = await within(
      api<CallStarted>(user, routes.startCall.method, routes.startCall.path, { destinationNumber: options.destination }, [201]),
      waits.http,
      'calls/start',
      died,
    );
    call.startMs = performance.now() - t0;
    call.callId = started.callId;

    const signalling = (call.signalling = await Signalling.connect(`ws://${token.signalling.chunderw}/signal`, waits.socket, died));
    signalling.send('listen', { token: token.token, browserinfo: { p: 'browser', plugin: 'rtc', v: 'calls-load' }, reconnectTimeout: 0 });
    await signalling.next(['connected'], waits.connected, died);
    signalling.send('register', { media: { audio: true } });
    await signalling.next(['ready'], waits.connected, died);

    const audio = (call.audio = new BrowserAudio());
    const offer = await audio.offer(waits.ice, died);
    const tempSid = `TJS${crypto.randomUUID()}`;
    const inviteAt = performance.now();
    signalling.send('invite', { callsid: tempSid, sdp: offer, twilio: { params: new URLSearchParams({ To: started.destinationNumber, callId: started.callId }).toString() } });
    const ringing = await signalling.next(['ringing', 'hangup', 'error'], waits.ringing, died);
    if (ringing.type !== 'ringing') throw new Error(`${ringing.type} instead of ringing: ${JSON.stringify(ringing.payload).slice(0, 160)}`);
    const callSid = (call.callSid = String(ringing.payload.callsid));
    let accepted = false;
    if (typeof ringing.payload.sdp === 'string') {
      await audio.accept(ringing.payload.sdp);
      accepted = true;
    }
    // the dialer links the SID to its call and starts its backup poll of the status (every 5 s)
    void api(user, routes.setCallSid.method, routes.setCallSid.path.replace(':id', started.callId), { twilioCallSid: callSid }, [204]).catch((error: unknown) => {
      call.error ??= `PATCH sid: ${errorText(error)}`;
    });
    call.poll = setInterval(() => {
      void api(user, routes.getCallStatus.method, routes.getCallStatus.path.replace(':callSid', callSid)).catch(() => {});
    }, 5000);

    const answer = await signalling.next(['answer', 'hangup', 'error'], waits.answer, died, (m) => m.payload.callsid === callSid || m.type === 'error');
    if (answer.type !== 'answer') throw new Error(`${answer.type} instead of answer: ${JSON.stringify(answer.payload).slice(0, 160)}`);
    call.answerMs = performance.now() - inviteAt;
    if (!accepted && typeof answer.payload.sdp === 'string') await audio.accept(answer.payload.sdp);
    await audio.connected(waits.media, died);
    clock.add(audio);
    call.connected = true;
    signalling.onUnexpected = (m) => {
      if (m.type === 'hangup' && m.payload.callsid === callSid) call.droppedEarly = true;
    };
  } catch (error) {
    call.error = error instanceof Died ? 'the deployment died' : errorText(error);
  }
  return call;
}

/** The browser hangs up (the SDK's hangup, then its WebSocket and peer close). */
export async function hangUp(call: PlacedCall, clock: AudioClock, died: Promise<string>): Promise<void> {
  if (call.poll) clearInterval(call.poll);
  const { signalling, audio } = call;
  if (signalling && !signalling.closed && call.callSid && !call.droppedEarly) {
    signalling.send('hangup', { callsid: call.callSid });
    await signalling.next(['hangup'], waits.hangup, died, (m) => m.payload.callsid === call.callSid).catch(() => null);
  }
  if (audio) {
    clock.remove(audio);
    audio.close();
  }
  signalling?.close();
}

// ─── /proc sampling ──────────────────────────────────────────────────────────────────────────────────────────────

/** USER_HZ: /proc's CPU times are in these ticks (100 on Linux for x86 and ARM). */
const clockTicksPerSecond = 100;

function readProc(pid: number): { cpuSeconds: number; rssMiB: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // the fields after the command name (which may hold spaces): state is field 3, utime 14, stime 15
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    const rss = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return { cpuSeconds: ticks / clockTicksPerSecond, rssMiB: rss ? Number(rss[1]) / 1024 : 0 };
  } catch {
    return null;
  }
}

export interface Usage {
  label: string;
  pid: number;
  /** % of one core over the window (up to the last sample a process that exited answered). */
  cpuPercent: number;
  /** Mean resident memory over the window. */
  rssMiB: number;
  peakRssMiB: number;
}

/** Samples each process every 500 ms until `stop()`: its CPU over the whole window, its mean and peak RSS. */
function startSampling(processes: readonly SampledProcess[]): { stop(): Usage[] } {
  const first = processes.map((p) => ({ at: performance.now(), proc: readProc(p.pid) }));
  const last = [...first];
  const rss = processes.map(() => [] as number[]);
  const take = () =>
    processes.forEach((p, i) => {
      const proc = readProc(p.pid);
      if (!proc) return;
      rss[i]!.push(proc.rssMiB);
      last[i] = { at: performance.now(), proc };
    });
  take();
  const timer = setInterval(take, 500);
  return {
    stop() {
      clearInterval(timer);
      take();
      return processes.map((p, i) => {
        const [from, to, samples] = [first[i]!, last[i]!, rss[i]!];
        const seconds = (to.at - from.at) / 1000;
        return {
          ...p,
          cpuPercent: from.proc && to.proc && seconds > 0.2 ? ((to.proc.cpuSeconds - from.proc.cpuSeconds) / seconds) * 100 : Number.NaN,
          rssMiB: samples.length > 0 ? samples.reduce((a, b) => a + b, 0) / samples.length : Number.NaN,
          peakRssMiB: samples.length > 0 ? Math.max(...samples) : Number.NaN,
        };
      });
    },
  };
}

// ─── a round: N calls at once ────────────────────────────────────────────────────────────────────────────────────

export interface CallsLoadResult {
  calls: number;
  seconds: number;
  /** Calls started on the ramp (fewer when a process exited during it). */
  placed: number;
  /** Answered with their media connected. */
  connected: number;
  /** Of those, calls whose echo came back during the steady phase. */
  audioBack: number;
  droppedEarly: number;
  /** Final, and exactly one call_charge for it (none for a call that cost nothing). */
  settledOnce: number;
  /** Balance drop equal to the charge and to the call's cost. */
  dropEqualsCharge: number;
  startMs: { p50: number; p99: number } | null;
  answerMs: { p50: number; p99: number } | null;
  idle: Usage[];
  /** From the first call start to the steady phase (or to a process's exit). */
  ramp: Usage[];
  steady: Usage[];
  /** When a process exited: the calls live then, and the seconds since the first call start. */
  atExit: { live: number; secondsIntoRamp: number } | null;
  /** The load generator itself during the steady phase (% of a core): on 2 shared cores it competes with the api. */
  loadGeneratorCpuPercent: number;
  /** What exited (label, code, its error), or null. */
  exited: string | null;
  /** The first few distinct failures, for the reader. */
  failures: string[];
  wallSeconds: number;
}

const quantiles = (values: number[]) => {
  if (values.length === 0) return null;
  const sorted = Float64Array.from(values).sort();
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
};

function failuresOf(messages: (string | null)[]): string[] {
  const counts = new Map<string, number>();
  for (const m of messages) if (m) counts.set(m, (counts.get(m) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1]).slice(0, 3).map(([m, n]) => `${n}× ${m}`);
}

/** Runs `options.calls` concurrent calls against the deployment (fresh users, one call each) and checks their settlement. */
export async function runCallsLoad(deployment: Deployment, input: Partial<CallsLoadOptions> & Pick<CallsLoadOptions, 'calls' | 'seconds'>): Promise<CallsLoadResult> {
  const options: CallsLoadOptions = { ...defaultOptions, ...input };
  const began = performance.now();
  let exited: string | null = null;
  let atExit: CallsLoadResult['atExit'] = null;
  let rampStart: number | null = null;
  const clock = new AudioClock();
  const died = deployment.exited.then((how) => {
    if (rampStart !== null) atExit = { live: clock.size, secondsIntoRamp: (performance.now() - rampStart) / 1000 };
    return (exited = how);
  });
  const failures: (string | null)[] = [];
  const result = (partial: Partial<CallsLoadResult>): CallsLoadResult => ({
    calls: options.calls,
    seconds: options.seconds,
    placed: 0,
    connected: 0,
    audioBack: 0,
    droppedEarly: 0,
    settledOnce: 0,
    dropEqualsCharge: 0,
    startMs: null,
    answerMs: null,
    idle: [],
    ramp: [],
    steady: [],
    atExit,
    loadGeneratorCpuPercent: Number.NaN,
    failures: failuresOf(failures),
    wallSeconds: (performance.now() - began) / 1000,
    ...partial,
    exited,
  });

  // users, funded; a few at a time (the auth server hashes each password)
  const users: User[] = [];
  try {
    await within(
      eachConcurrently(options.calls, 6, async (i) => {
        users[i] = await fundedUser(deployment, i, options.topUp);
      }),
      options.calls * 2000 + 30_000,
      'signing up and funding the users',
      died,
    );
  } catch (error) {
    failures.push(`users: ${error instanceof Died ? 'the deployment died' : errorText(error)}`);
    return result({});
  }
  const balanceOf = async (user: User) => (await api<{ balance: string }>(user, routes.currentUser.method, routes.currentUser.path)).balance;
  const before = new Map<string, string>();
  for (const user of users) before.set(user.id, await balanceOf(user));

  // the baseline: the processes idle, with the users in their tables
  const idleSampling = startSampling(deployment.sampled);
  await Promise.race([Bun.sleep(options.idleSeconds * 1000), died]);
  const idle = idleSampling.stop();

  // the ramp: one call start every 1/rampPerSecond s
  const placing: Promise<PlacedCall>[] = [];
  const rampSampling = startSampling(deployment.sampled);
  const rampBegan = (rampStart = performance.now());
  for (let i = 0; i < users.length && exited === null; i++) {
    const due = rampBegan + (i * 1000) / options.rampPerSecond - performance.now();
    if (due > 0) await Promise.race([Bun.sleep(due), died]);
    if (exited === null) placing.push(placeCall(users[i]!, options, clock, died));
  }
  const calls = await Promise.all(placing);
  const ramp = rampSampling.stop();
  failures.push(...calls.map((c) => c.error));

  // the steady phase: every call that connected is up, sending and hearing its echo, for `seconds`
  const live = calls.filter((c) => c.connected);
  for (const c of live) c.receivedAtSteady = c.audio?.received ?? 0;
  const steadySampling = startSampling([...deployment.sampled, { label: 'load generator', pid: process.pid }]);
  if (exited === null) await Promise.race([Promise.all([Bun.sleep(options.seconds * 1000), options.during?.()]), died]);
  const sampled = steadySampling.stop();
  const steady = sampled.slice(0, -1);
  const loadGeneratorCpuPercent = sampled.at(-1)!.cpuPercent;
  const audioBack = live.filter((c) => (c.audio?.received ?? 0) > c.receivedAtSteady).length;
  const droppedEarly = live.filter((c) => c.droppedEarly).length;
  await Promise.all(calls.map((c) => hangUp(c, clock, died)));

  const timings = {
    startMs: quantiles(calls.flatMap((c) => (c.startMs === null ? [] : [c.startMs]))),
    answerMs: quantiles(calls.flatMap((c) => (c.answerMs === null ? [] : [c.answerMs]))),
  };
  const partial = { placed: calls.length, connected: live.length, ramp, audioBack, droppedEarly, idle, steady, loadGeneratorCpuPercent, ...timings };
  if (exited !== null) return result(partial);

  // settlement: each started call final and charged (the carrier's completed callback reached the api)
  const started = calls.filter((c): c is PlacedCall & { callId: string } => c.callId !== null);
  const settled = new Map<string, Call>();
  const settleBy = performance.now() + options.settleWithinMs;
  while (settled.size < started.length && performance.now() < settleBy && exited === null) {
    await eachConcurrently(started.length, 16, async (i) => {
      const c = started[i]!;
      if (settled.has(c.callId)) return;
      const page = await api<CallPage>(c.user, routes.listCalls.method, `${routes.listCalls.path}?limit=5`).catch(() => null);
      const listed = page?.items.find((item) => item.id === c.callId);
      if (listed && isTerminalCallStatus(listed.status) && listed.costItems !== null) settled.set(c.callId, listed);
    });
    if (settled.size < started.length) await Promise.race([Bun.sleep(1000), died]);
  }
  if (settled.size < started.length) failures.push(`${started.length - settled.size} calls not final and charged within ${options.settleWithinMs / 1000} s`);

  // once each: one call_charge for the call, and the balance dropped by exactly that (and the call's cost)
  let settledOnce = 0;
  let dropEqualsCharge = 0;
  await eachConcurrently(started.length, 16, async (i) => {
    const c = started[i]!;
    const listed = settled.get(c.callId);
    if (!listed) return;
    const page = await api<{ items: Array<{ type: string; amount: string; callId: string | null; status: string }> }>(
      c.user,
      routes.listTransactions.method,
      `${routes.listTransactions.path}?limit=100`,
    ).catch((error: unknown) => (failures.push(`transactions: ${errorText(error)}`), null));
    const charges = page?.items.filter((t) => t.type === 'call_charge' && t.callId === c.callId && t.status === 'completed') ?? [];
    // a call that cost nothing (its carrier lost it before a second of it was known) moves no money
    const expected = listed.cost === '0.00' ? 0 : 1;
    if (charges.length !== expected) {
      failures.push(`${charges.length} call_charge entries for a call that cost ${listed.cost}`);
      return;
    }
    settledOnce++;
    const after = await balanceOf(c.user).catch(() => null);
    const was = centsOf(before.get(c.user.id) ?? '');
    const now = after === null ? null : centsOf(after);
    const drop = was === null || now === null ? null : was - now;
    // a charge is signed (negative); centsOf reads unsigned amounts
    const amount = charges[0]?.amount ?? '-0.00';
    const charge = amount.startsWith('-') ? centsOf(amount.slice(1)) : null;
    if (drop !== null && drop === charge && charge === centsOf(listed.cost)) dropEqualsCharge++;
    else failures.push(`balance drop ${drop} ¢, charge ${charge} ¢, cost ${listed.cost}`);
  }).catch((error: unknown) => failures.push(`checking settlement: ${errorText(error)}`));

  return result({ ...partial, settledOnce, dropEqualsCharge });
}

// ─── the printed line ────────────────────────────────────────────────────────────────────────────────────────────

const ms = (q: { p50: number; p99: number } | null, unit: 'ms' | 's') =>
  q === null ? 'n/a' : unit === 'ms' ? `p50 ${q.p50.toFixed(0)} ms p99 ${q.p99.toFixed(0)} ms` : `p50 ${(q.p50 / 1000).toFixed(2)} s p99 ${(q.p99 / 1000).toFixed(2)} s`;

const pct = (value: number) => (Number.isFinite(value) ? value.toFixed(0) : 'n/a');

/** Per process: (steady − idle) / live calls, with the raw idle and steady figures in brackets; when a process exited
 *  before the steady phase, what it used on the ramp up to its exit and how many calls were live then. */
function usage(result: CallsLoadResult): string {
  const live = result.connected;
  const steadyMeasured = result.steady.length > 0 && result.steady.every((s) => Number.isFinite(s.cpuPercent));
  if (!steadyMeasured || live === 0 || result.exited) {
    const until = result.atExit ? `, ${result.atExit.live} calls live when it exited ${result.atExit.secondsIntoRamp.toFixed(1)} s into the ramp` : '';
    return (
      result.ramp
        .map((r, i) => {
          const idle = result.idle[i];
          return `${r.label} on the ramp: ${pct(r.cpuPercent)} %core, RSS mean ${pct(r.rssMiB)} peak ${pct(r.peakRssMiB)} MiB (idle ${pct(idle?.cpuPercent ?? Number.NaN)} % ${pct(idle?.rssMiB ?? Number.NaN)} MiB)`;
        })
        .join('; ') + until
    );
  }
  return result.steady
    .map((s, i) => {
      const idle = result.idle[i];
      if (!idle || !Number.isFinite(idle.cpuPercent)) return `${s.label}: no idle baseline`;
      const cpu = (s.cpuPercent - idle.cpuPercent) / live;
      const rss = (s.rssMiB - idle.rssMiB) / live;
      return `${s.label} ${cpu.toFixed(2)} %core/call, ${rss.toFixed(2)} MiB/call (idle ${pct(idle.cpuPercent)} % ${pct(idle.rssMiB)} MiB → ${live} live ${pct(s.cpuPercent)} % ${pct(s.rssMiB)} MiB, peak ${pct(s.peakRssMiB)})`;
    })
    .join('; ');
}

/** One readable line per N per layout (plus the first failures, if any, on the next lines). */
export function formatCallsLoad(layout: string, result: CallsLoadResult, ledger: string): string {
  const n = result.calls;
  const connected = [
    result.placed < n ? `${result.placed} placed` : null,
    result.connected > 0 && !result.exited ? `echo heard ${result.audioBack}` : null,
    result.droppedEarly ? `dropped early ${result.droppedEarly}` : null,
  ].filter(Boolean);
  const line = [
    `${layout} N=${n}:`,
    `connected ${result.connected}/${n}${connected.length ? ` (${connected.join(', ')})` : ''}`,
    `settled once ${result.settledOnce}/${n}`,
    `balance drop = charge ${result.dropEqualsCharge}`,
    `calls/start ${ms(result.startMs, 'ms')}`,
    `invite→answer ${ms(result.answerMs, 's')}`,
    usage(result),
    `load generator ${pct(result.loadGeneratorCpuPercent)} %core`,
    result.exited ? `EXITED: ${result.exited}` : 'no process exited',
    `ledger: ${ledger}`,
    `(${result.wallSeconds.toFixed(0)} s)`,
  ].join(' | ');
  return [line, ...result.failures.map((f) => `    failure: ${f}`)].join('\n');
}

/** The destination must be one the simulator answers and echoes. */
export function assertEchoDestination(number: string): void {
  const ending = number.slice(-4);
  if ((Object.values(simulatorTestDestinations) as string[]).includes(ending)) throw new Error(`${number} ends in ${ending}, a test destination that does not simply answer and echo`);
}
