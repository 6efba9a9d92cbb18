// The calling device of the carrier simulator (no Twilio keys): the CallingDevice of device.ts over the wire of
// @ringwise/contract/simulator-voice (fetch + EventSource to `${origin}/sim/twilio/voice`). It uses the real
// microphone: while the far end rings it plays a US ringback tone (440 + 480 Hz, 2 s on, 4 s off), and once the
// call is answered the "callee" is an echo of the microphone a quarter second late. Events, states and error codes
// are Twilio's (31401 microphone denied, 31402 no microphone, 20101/20104 token), so the UI cannot tell the two
// devices apart. Media, audio, timers and the network are injectable (`createSimulatorDeviceWith`) for tests.
import { simulatorVoicePath, type SimulatorEvent } from '@ringwise/contract/simulator-voice';
import type { CallEvents, CallHandle, CallingDevice, CallingError, CallState, CreateDevice, DeviceEvents, DeviceOptions, DeviceState } from './device.ts';

export interface EventSourceLike {
  addEventListener(type: string, listener: (event: { data?: unknown }) => void): void;
  close(): void;
}

/** The parts of Web Audio the device uses. */
export interface AudioLike {
  /** Starts the ringback tone; returns its stop. */
  ringback(): () => void;
  /** Plays the microphone back, `delaySeconds` late; returns its stop. */
  echo(stream: MediaStream, delaySeconds: number): () => void;
  close(): void;
}

export interface SimulatorDeviceEnvironment {
  fetch: (input: string, init: RequestInit) => Promise<Response>;
  openEventSource: (url: string) => EventSourceLike;
  /** navigator.mediaDevices (undefined: no microphone API, e.g. an insecure origin). */
  mediaDevices: Pick<MediaDevices, 'getUserMedia'> | undefined;
  /** A Web Audio graph (null when the browser has none: calls go on silently). */
  createAudio: () => AudioLike | null;
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
  now: () => number;
  origin: string;
}

/** Web Audio: the ringback tone and the delayed echo. */
export function webAudio(): AudioLike | null {
  const Context = (globalThis as { AudioContext?: typeof AudioContext }).AudioContext;
  if (!Context) return null;
  const context = new Context();
  return {
    ringback() {
      const gain = context.createGain();
      gain.gain.value = 0;
      gain.connect(context.destination);
      const oscillators = [440, 480].map((frequency) => {
        const oscillator = context.createOscillator();
        oscillator.frequency.value = frequency;
        oscillator.connect(gain);
        oscillator.start();
        return oscillator;
      });
      // 2 s on, 4 s off, scheduled ahead on the audio clock (an hour of cadence is plenty for one ring)
      const start = context.currentTime;
      for (let cycle = 0; cycle < 600; cycle++) {
        gain.gain.setValueAtTime(0.1, start + cycle * 6);
        gain.gain.setValueAtTime(0, start + cycle * 6 + 2);
      }
      return () => {
        for (const oscillator of oscillators) {
          oscillator.stop();
          oscillator.disconnect();
        }
        gain.disconnect();
      };
    },
    echo(stream, delaySeconds) {
      const source = context.createMediaStreamSource(stream);
      const delay = context.createDelay(Math.max(1, delaySeconds));
      delay.delayTime.value = delaySeconds;
      source.connect(delay);
      delay.connect(context.destination);
      return () => {
        source.disconnect();
        delay.disconnect();
      };
    },
    close() {
      void context.close().catch(() => {});
    },
  };
}

function browserEnvironment(origin: string | undefined): SimulatorDeviceEnvironment {
  return {
    fetch: (input, init) => fetch(input, init),
    openEventSource: (url) => new EventSource(url),
    mediaDevices: typeof navigator !== 'undefined' ? navigator.mediaDevices : undefined,
    createAudio: webAudio,
    setTimeout: (callback, ms) => setTimeout(callback, ms),
    clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    now: () => Date.now(),
    origin: origin ?? location.origin,
  };
}

/** Seconds of delay of the echo. */
export const echoDelaySeconds = 0.25;

const terminal = new Set(['completed', 'busy', 'no-answer', 'failed', 'canceled']);

type Handlers<Events> = { [E in keyof Events]?: Set<Events[E]> };

class Emitter<Events extends { [E in keyof Events]: (...args: never[]) => void }> {
  readonly #handlers: Handlers<Events> = {};

  on<E extends keyof Events>(event: E, handler: Events[E]): () => void {
    const set = (this.#handlers[event] ??= new Set());
    set.add(handler);
    return () => set.delete(handler);
  }

  emit<E extends keyof Events>(event: E, ...args: Parameters<Events[E]>): void {
    for (const handler of this.#handlers[event] ?? []) {
      try {
        (handler as (...values: Parameters<Events[E]>) => void)(...args);
      } catch (error) {
        console.error(`[simulator-device] a ${String(event)} handler failed`, error);
      }
    }
  }
}

function callingError(code: number, name: string, message: string, cause?: unknown): CallingError {
  return { code, name, message: `${name} (${code}): ${message}`, ...(cause === undefined ? {} : { cause }) };
}

function tokenError(code: number, message: string): CallingError {
  return callingError(code, code === 20104 ? 'AccessTokenExpired' : 'AccessTokenInvalid', message);
}

function mediaError(error: unknown): CallingError {
  const name = (error as { name?: unknown } | null)?.name;
  if (name === 'NotAllowedError' || name === 'PermissionDeniedError') {
    return callingError(31401, 'PermissionDeniedError', 'The browser did not allow the microphone.', error);
  }
  return callingError(31402, 'AcquisitionFailedError', 'The microphone could not be acquired.', error);
}

/** The `exp` of a JWT, in milliseconds, or null. */
export function tokenExpiryMs(token: string): number | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const json = atob(part.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(part.length / 4) * 4, '='));
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp * 1000 : null;
  } catch {
    return null;
  }
}

class SimulatorCall implements CallHandle {
  readonly direction: 'INCOMING' | 'OUTGOING';
  readonly #events = new Emitter<CallEvents>();
  readonly #device: SimulatorDevice;
  #parameters: Record<string, string>;
  #sid: string | null;
  #state: CallState;
  #muted = false;
  #stream: MediaStream | null = null;
  #audio: AudioLike | null = null;
  #stopRingback: (() => void) | null = null;
  #stopEcho: (() => void) | null = null;
  #accepted = false;

  constructor(device: SimulatorDevice, direction: 'INCOMING' | 'OUTGOING', parameters: Record<string, string>, sid: string | null) {
    this.#device = device;
    this.direction = direction;
    this.#parameters = parameters;
    this.#sid = sid;
    this.#state = direction === 'INCOMING' ? 'pending' : 'connecting';
  }

  get parameters(): Readonly<Record<string, string>> {
    return this.#parameters;
  }

  sid(): string | null {
    return this.#sid;
  }

  status(): CallState {
    return this.#state;
  }

  isMuted(): boolean {
    return this.#muted;
  }

  on<E extends keyof CallEvents>(event: E, handler: CallEvents[E]): () => void {
    return this.#events.on(event, handler);
  }

  /** Outgoing: the microphone, then the call. */
  async start(params: Record<string, string>): Promise<void> {
    if (!(await this.#acquire())) return;
    const response = await this.#device.request('/calls', { params }).catch((error: unknown) => error);
    if (this.#state === 'closed') return;
    if (!(response instanceof Response) || response.status !== 201) {
      const body = response instanceof Response ? ((await response.json().catch(() => ({}))) as { code?: number; message?: string }) : {};
      this.#fail(body.code === 20101 || body.code === 20104 ? tokenError(body.code, body.message ?? '') : callingError(body.code ?? 31005, 'ConnectionError', body.message ?? 'The call could not be placed.', response));
      return;
    }
    const placed = (await response.json()) as { callSid: string; parameters: Record<string, string> };
    this.#sid = placed.callSid;
    this.#parameters = { ...this.#parameters, ...placed.parameters, CallSid: placed.callSid };
    this.#device.known(this);
  }

  async #acquire(): Promise<boolean> {
    const media = this.#device.environment.mediaDevices;
    try {
      if (!media) throw new DOMException('navigator.mediaDevices is not available', 'NotSupportedError');
      this.#stream = await media.getUserMedia({ audio: true });
    } catch (error) {
      this.#fail(mediaError(error));
      return false;
    }
    if (this.#state === 'closed') {
      this.#stopTracks();
      return false;
    }
    return true;
  }

  #fail(error: CallingError): void {
    this.#events.emit('error', error);
    this.#close('disconnect');
  }

  /** A `call` event of the simulator for this call. */
  update(event: Extract<SimulatorEvent, { type: 'call' }>): void {
    if (this.#state === 'closed') return;
    if (event.status === 'ringing' && this.direction === 'OUTGOING' && this.#state === 'connecting') {
      this.#state = 'ringing';
      this.#audio ??= this.#device.environment.createAudio();
      this.#stopRingback = this.#audio?.ringback() ?? null;
      this.#events.emit('ringing', false);
    } else if (event.status === 'in-progress') {
      if (this.direction === 'INCOMING' && !this.#accepted) {
        // another device of this identity answered it
        this.#close('cancel');
        return;
      }
      this.#state = 'open';
      this.#stopRingback?.();
      this.#stopRingback = null;
      this.#audio ??= this.#device.environment.createAudio();
      if (this.#stream) this.#stopEcho = this.#audio?.echo(this.#stream, echoDelaySeconds) ?? null;
      this.#events.emit('accept');
    } else if (terminal.has(event.status)) {
      if (event.status === 'failed' && event.errorCode !== undefined) {
        this.#events.emit('error', callingError(event.errorCode, 'ApplicationError', `The call failed (${event.errorCode}).`));
      }
      this.#close(this.direction === 'INCOMING' && !this.#accepted ? 'cancel' : 'disconnect');
    }
  }

  accept(): void {
    if (this.direction !== 'INCOMING' || this.#state !== 'pending') return;
    this.#accepted = true;
    this.#state = 'connecting';
    void (async () => {
      if (!(await this.#acquire())) return;
      const response = await this.#device.request(`/calls/${this.#sid ?? ''}/accept`).catch((error: unknown) => error);
      if (!(response instanceof Response) || response.status !== 204) this.#fail(callingError(31005, 'ConnectionError', 'The call could not be answered.', response));
    })();
  }

  reject(): void {
    if (this.direction !== 'INCOMING' || this.#state !== 'pending') return;
    void this.#device.request(`/calls/${this.#sid ?? ''}/reject`).catch(() => undefined);
    this.#close('reject');
  }

  ignore(): void {
    if (this.direction !== 'INCOMING' || this.#state !== 'pending') return;
    this.#close(null);
  }

  disconnect(): void {
    if (this.#state === 'closed') return;
    if (this.#sid && !(this.direction === 'INCOMING' && this.#state === 'pending')) void this.#device.request(`/calls/${this.#sid}/hangup`).catch(() => undefined);
    this.#close('disconnect');
  }

  mute(shouldMute = true): void {
    if (this.#muted === shouldMute) return;
    this.#muted = shouldMute;
    for (const track of this.#stream?.getAudioTracks() ?? []) track.enabled = !shouldMute;
    this.#events.emit('mute', shouldMute);
  }

  sendDigits(digits: string): void {
    if (!/^[0-9*#w]+$/.test(digits)) {
      const error = new Error(`Illegal character passed into sendDigits: ${digits}`);
      error.name = 'InvalidArgumentError';
      throw error;
    }
    if (this.#sid && this.#state === 'open') void this.#device.request(`/calls/${this.#sid}/digits`, { digits }).catch(() => undefined);
  }

  #stopTracks(): void {
    for (const track of this.#stream?.getTracks() ?? []) track.stop();
    this.#stream = null;
  }

  #close(event: 'disconnect' | 'cancel' | 'reject' | null): void {
    if (this.#state === 'closed') return;
    this.#state = 'closed';
    this.#stopRingback?.();
    this.#stopEcho?.();
    this.#stopRingback = null;
    this.#stopEcho = null;
    this.#stopTracks();
    this.#audio?.close();
    this.#audio = null;
    this.#device.forget(this);
    if (event) this.#events.emit(event);
  }
}

class SimulatorDevice implements CallingDevice {
  readonly environment: SimulatorDeviceEnvironment;
  readonly #options: DeviceOptions;
  readonly #events = new Emitter<DeviceEvents>();
  readonly #calls = new Set<SimulatorCall>();
  /** Events of calls whose SID the device does not know yet (they can overtake the answer to POST calls). */
  readonly #early = new Map<string, Array<Extract<SimulatorEvent, { type: 'call' }>>>();
  #token: string;
  #state: DeviceState = 'unregistered';
  #source: EventSourceLike | null = null;
  #refresh: unknown = null;

  constructor(token: string, options: DeviceOptions, environment: SimulatorDeviceEnvironment) {
    this.#token = token;
    this.#options = options;
    this.environment = environment;
    this.#scheduleRefresh();
  }

  get state(): DeviceState {
    return this.#state;
  }

  get isBusy(): boolean {
    for (const call of this.#calls) if (call.status() !== 'pending' && call.status() !== 'closed') return true;
    return false;
  }

  on<E extends keyof DeviceEvents>(event: E, handler: DeviceEvents[E]): () => void {
    return this.#events.on(event, handler);
  }

  #base(): string {
    return `${this.environment.origin.replace(/\/+$/, '')}${simulatorVoicePath}`;
  }

  request(path: string, body?: unknown): Promise<Response> {
    return this.environment.fetch(`${this.#base()}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${this.#token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body ?? {}),
    });
  }

  #scheduleRefresh(): void {
    if (this.#refresh !== null) this.environment.clearTimeout(this.#refresh);
    this.#refresh = null;
    const expiry = tokenExpiryMs(this.#token);
    if (expiry === null || this.#state === 'destroyed') return;
    this.#refresh = this.environment.setTimeout(
      () => {
        this.#refresh = null;
        this.#events.emit('tokenWillExpire');
      },
      Math.max(0, expiry - this.#options.tokenRefreshMs - this.environment.now()),
    );
  }

  register(): Promise<void> {
    if (this.#state === 'destroyed') return Promise.reject(new Error('The device is destroyed'));
    return this.#open();
  }

  #open(): Promise<void> {
    this.#source?.close();
    this.#state = 'registering';
    this.#events.emit('registering');
    return new Promise<void>((resolve, reject) => {
      const source = this.environment.openEventSource(`${this.#base()}/events?token=${encodeURIComponent(this.#token)}`);
      this.#source = source;
      const read = (event: { data?: unknown }): SimulatorEvent | null => {
        if (this.#source !== source || typeof event.data !== 'string') return null;
        try {
          return JSON.parse(event.data) as SimulatorEvent;
        } catch {
          return null;
        }
      };
      source.addEventListener('registered', (event) => {
        if (!read(event)) return;
        this.#state = 'registered';
        this.#events.emit('registered');
        resolve();
      });
      source.addEventListener('error', (event) => {
        // a network error has no data (EventSource reconnects by itself); a refusal is the simulator's `error`
        const data = read(event);
        if (!data || data.type !== 'error') return;
        source.close();
        this.#source = null;
        const error = tokenError(data.code, data.message);
        this.#state = 'unregistered';
        this.#events.emit('error', error);
        this.#events.emit('unregistered');
        reject(Object.assign(new Error(error.message), error));
      });
      source.addEventListener('call', (event) => {
        const data = read(event);
        if (data?.type === 'call') this.#route(data);
      });
      source.addEventListener('incoming', (event) => {
        const data = read(event);
        if (data?.type !== 'incoming') return;
        const call = new SimulatorCall(this, 'INCOMING', data.parameters, data.callSid);
        this.#calls.add(call);
        this.#events.emit('incoming', call);
      });
    });
  }

  #route(event: Extract<SimulatorEvent, { type: 'call' }>): void {
    for (const call of this.#calls) {
      if (call.sid() === event.callSid) {
        call.update(event);
        return;
      }
    }
    const early = this.#early.get(event.callSid) ?? [];
    early.push(event);
    this.#early.set(event.callSid, early.slice(-10));
  }

  /** A call learnt its SID: the events that came first. */
  known(call: SimulatorCall): void {
    const sid = call.sid();
    if (!sid) return;
    const early = this.#early.get(sid);
    this.#early.delete(sid);
    for (const event of early ?? []) call.update(event);
  }

  forget(call: SimulatorCall): void {
    this.#calls.delete(call);
  }

  async unregister(): Promise<void> {
    this.#source?.close();
    this.#source = null;
    if (this.#state === 'destroyed') return;
    this.#state = 'unregistered';
    this.#events.emit('unregistered');
  }

  async connect(options: { params: Record<string, string> }): Promise<CallHandle> {
    if (this.#state === 'destroyed') throw Object.assign(new Error('The device is destroyed'), { name: 'InvalidStateError' });
    if (this.isBusy) throw Object.assign(new Error('A call is already active'), { name: 'InvalidStateError' });
    const call = new SimulatorCall(this, 'OUTGOING', { ...options.params }, null);
    this.#calls.add(call);
    // after the caller has had the handle (and could listen to its errors)
    this.environment.setTimeout(() => void call.start(options.params), 0);
    return call;
  }

  updateToken(token: string): void {
    this.#token = token;
    this.#scheduleRefresh();
    if (this.#state === 'registered' || this.#state === 'registering') void this.#open().catch(() => undefined);
  }

  disconnectAll(): void {
    for (const call of this.#calls) {
      if (call.status() === 'pending') call.ignore();
      else call.disconnect();
    }
  }

  destroy(): void {
    if (this.#state === 'destroyed') return;
    this.disconnectAll();
    this.#source?.close();
    this.#source = null;
    if (this.#refresh !== null) this.environment.clearTimeout(this.#refresh);
    this.#refresh = null;
    this.#state = 'destroyed';
    this.#events.emit('destroyed');
  }
}

/** A CreateDevice over this environment (tests pass fakes). */
export function createSimulatorDeviceWith(environment: (options: DeviceOptions) => SimulatorDeviceEnvironment): CreateDevice {
  return (token, options) => new SimulatorDevice(token, options, environment(options));
}

export const createSimulatorDevice: CreateDevice = createSimulatorDeviceWith((options) => browserEnvironment(options.origin));
