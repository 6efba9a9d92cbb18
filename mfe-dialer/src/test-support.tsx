// Test helpers (not shipped): the Voice SDK's Device and Call stood in at the interfaces the store uses
// (calling/device.ts, written in the SDK's own types: a stand-in that drifts from the SDK fails to compile), driven
// by the test event by event as the SDK documents them; a manual clock for the store's timers; a store wired to
// both; and the shared component-test helpers with this remote's page.
import type { ReactElement } from 'react';
import { act } from '@testing-library/react';
import type { CallingToken, CallStarted, CallStatusResponse, Call, CallPage } from '@ringwise/contract/calls';
import type { CurrentUser } from '@ringwise/contract/users';
import type { ToastInput } from '@ringwise/ui/toast';
import { renderWithProviders as renderAt } from '@ringwise/test-support';
import { sampleUser } from '@ringwise/test-support/fixtures';
import { inMemoryCallMemory, type CallMemory } from './calling/call-memory.ts';
import type { CallingDeps, Timers } from './calling/calling-deps.ts';
import { createCallingStore, type CallingStore } from './calling/calling-store.ts';
import type { CallEvents, CallingAudio, CallingCall, CallingDevice, CallingError, DeviceEvents, DeviceSetup } from './calling/device.ts';
import { CallingStoreProvider } from './calling/use-calling.ts';

export { apiError, currentToast, deferred, json, mockFetch, sleep, waitUntil, type FetchCall } from '@ringwise/test-support';

type AnyHandler = (...args: never[]) => void;

function handlers() {
  const map = new Map<string, Set<AnyHandler>>();
  return {
    on(event: string, handler: AnyHandler) {
      const set = map.get(event) ?? new Set();
      set.add(handler);
      map.set(event, set);
    },
    off(event: string, handler: AnyHandler) {
      map.get(event)?.delete(handler);
    },
    emit(event: string, ...args: unknown[]) {
      for (const handler of map.get(event) ?? []) (handler as (...a: unknown[]) => void)(...args);
    },
    count: (event: string) => map.get(event)?.size ?? 0,
  };
}

export const SID = 'CA0123456789abcdef0123456789abcdef';

/** A TwilioError as the SDK raises it (errors/twilioError.ts): `code`, the message, and the gateway's own error. */
export function twilioError(code: number, message = `Error (${code})`, originalError?: object): CallingError {
  return Object.assign(new Error(message), { name: 'TwilioError', code, description: '', explanation: '', causes: [], solutions: [], ...(originalError ? { originalError } : {}) });
}

/** An RTCSample's figures (the `sample` event carries more; the store reads these). */
export function sample(figures: { mos: number | null; rtt?: number; jitter?: number; packetsLostFraction?: number }): Parameters<CallEvents['sample']>[0] {
  return {
    audioInputLevel: 0,
    audioOutputLevel: 0,
    bytesReceived: 0,
    bytesSent: 0,
    codecName: 'opus',
    packetsLost: 0,
    packetsReceived: 0,
    packetsSent: 0,
    timestamp: 0,
    totals: { bytesReceived: 0, bytesSent: 0, packetsLost: 0, packetsLostFraction: 0, packetsReceived: 0, packetsSent: 0 },
    rtt: 40,
    jitter: 2,
    packetsLostFraction: 0,
    ...figures,
  };
}

/** The Voice SDK's Call, stood in: its methods behave as the SDK documents them; the far end is `emit`. */
export class TestCall implements CallingCall {
  readonly events = handlers();
  state: ReturnType<CallingCall['status']> = 'connecting';
  muted = false;
  digits: string[] = [];
  acceptOptions: Parameters<CallingCall['accept']> | null = null;
  rejected = false;
  disconnected = 0;
  readonly customParameters: Map<string, string>;
  constructor(
    readonly direction: CallingCall['direction'] = 'OUTGOING',
    readonly parameters: Record<string, string> = { CallSid: SID },
    custom: Record<string, string> = {},
  ) {
    if (direction === 'INCOMING') this.state = 'pending';
    this.customParameters = new Map(Object.entries(custom));
  }
  get accepted() {
    return this.acceptOptions !== null;
  }
  status = () => this.state;
  /** Accept works only from pending; the SDK then opens the media and emits 'accept'. */
  accept = (...options: Parameters<CallingCall['accept']>) => {
    if (this.state !== 'pending') return;
    this.acceptOptions = options;
    this.emit('accept', this);
  };
  reject = () => {
    if (this.state !== 'pending') return;
    this.rejected = true;
    this.state = 'closed';
    this.events.emit('reject');
  };
  ignore = () => {
    if (this.state === 'pending') this.state = 'closed';
  };
  disconnect = () => {
    this.disconnected += 1;
    if (this.state === 'closed' || this.state === 'pending') return;
    this.state = 'closed';
    this.events.emit('disconnect', this);
  };
  mute = (shouldMute = true) => {
    const changed = shouldMute !== this.muted;
    this.muted = shouldMute;
    if (changed) this.events.emit('mute', shouldMute, this);
  };
  isMuted = () => this.muted;
  sendDigits = (digits: string) => {
    if (/[^0-9*#w]/.test(digits)) throw new Error('Illegal character passed into sendDigits');
    this.digits.push(digits);
  };
  on<E extends keyof CallEvents & string>(event: E, listener: CallEvents[E]) {
    this.events.on(event, listener as AnyHandler);
    return this;
  }
  off<E extends keyof CallEvents & string>(event: E, listener: CallEvents[E]) {
    this.events.off(event, listener as AnyHandler);
    return this;
  }
  /** What the SDK emits: the far end ringing, answering, hanging up; samples, warnings, errors. */
  emit<E extends keyof CallEvents>(event: E, ...args: Parameters<CallEvents[E]>) {
    if (event === 'accept') this.state = 'open';
    if (event === 'ringing') this.state = 'ringing';
    if (event === 'reconnecting') this.state = 'reconnecting';
    if (event === 'reconnected') this.state = 'open';
    if (event === 'disconnect' || event === 'cancel') this.state = 'closed';
    this.events.emit(event, ...args);
  }
  /** The far end rings (the SDK learns an outgoing call's SID from the carrier's ringing). */
  ring() {
    this.parameters.CallSid ??= SID;
    this.emit('ringing', false);
  }
  /** The far end answers (outgoing), or the media connects (incoming). */
  answer() {
    this.emit('accept', this);
  }
  /** The far end hangs up. */
  hangUp() {
    this.emit('disconnect', this);
  }
  /** The caller gives up before the call is answered. */
  cancel() {
    this.emit('cancel');
  }
  /** A fatal error, as the SDK raises it: the error, then the call closes. */
  fail(error: CallingError) {
    this.emit('error', error);
    this.emit('disconnect', this);
  }
}

const output = (deviceId: string, label: string): MediaDeviceInfo => ({ deviceId, label, groupId: deviceId, kind: 'audiooutput', toJSON: () => ({}) });

/** The Device's AudioHelper, stood in: the outputs the browser lists and the speaker selection. */
export class TestAudio implements CallingAudio {
  isOutputSelectionSupported = true;
  readonly availableOutputDevices = new Map<string, MediaDeviceInfo>([
    ['default', output('default', 'Default - Headset')],
    ['headset', output('headset', 'Headset')],
    ['speaker', output('speaker', 'Laptop Speakers')],
  ]);
  selected: string[] = [];
  failNext = false;
  readonly speakerDevices = {
    get: () => new Set([...this.availableOutputDevices.values()].filter((d) => this.selected.at(-1) === d.deviceId)),
    set: async (deviceIdOrIds: string | string[]) => {
      if (this.failNext) throw new Error('NotAllowedError');
      this.selected.push(...[deviceIdOrIds].flat());
    },
  };
}

/** The Voice SDK's Device, stood in. */
export class TestDevice implements CallingDevice {
  readonly events = handlers();
  state: CallingDevice['state'] = 'unregistered';
  calls: TestCall[] = [];
  connects: Array<Parameters<CallingDevice['connect']>[0]> = [];
  tokens: string[] = [];
  destroyed = false;
  audio: TestAudio | null = new TestAudio();
  /** Set to make connect() reject. */
  connectError: unknown = null;
  constructor(readonly setup: DeviceSetup) {}
  get token() {
    return this.setup.token;
  }
  get isBusy() {
    return this.calls.some((c) => c.state !== 'closed');
  }
  register = async () => {
    this.state = 'registered';
    this.events.emit('registered');
  };
  unregister = async () => {
    this.state = 'unregistered';
    this.events.emit('unregistered');
  };
  connect = async (options?: Parameters<CallingDevice['connect']>[0]) => {
    this.connects.push(options);
    if (this.connectError) throw this.connectError;
    const call = new TestCall('OUTGOING', {});
    this.calls.push(call);
    return call;
  };
  updateToken = (token: string) => {
    this.tokens.push(token);
  };
  disconnectAll = () => {
    for (const call of this.calls) call.disconnect();
  };
  /** As the SDK's: pending incoming calls rejected, every call disconnected, then the device is gone. */
  destroy = () => {
    for (const call of this.calls) call.reject();
    this.disconnectAll();
    this.destroyed = true;
    this.state = 'destroyed';
    this.audio = null;
    this.events.emit('destroyed');
  };
  on<E extends keyof DeviceEvents & string>(event: E, listener: DeviceEvents[E]) {
    this.events.on(event, listener as AnyHandler);
    return this;
  }
  off<E extends keyof DeviceEvents & string>(event: E, listener: DeviceEvents[E]) {
    this.events.off(event, listener as AnyHandler);
    return this;
  }
  emit<E extends keyof DeviceEvents>(event: E, ...args: Parameters<DeviceEvents[E]>) {
    this.events.emit(event, ...args);
  }
  get call(): TestCall {
    const call = this.calls.at(-1);
    if (!call) throw new Error('no call yet');
    return call;
  }
}

/** Timers that run only when the test advances them. */
export function manualClock() {
  let now = 0;
  let nextId = 1;
  const tasks = new Map<number, { at: number; fn: () => void; every: number | null }>();
  const timers: Timers = {
    setTimeout: (fn, ms) => {
      const id = nextId++;
      tasks.set(id, { at: now + ms, fn, every: null });
      return id;
    },
    clearTimeout: (id) => void tasks.delete(id as number),
    setInterval: (fn, ms) => {
      const id = nextId++;
      tasks.set(id, { at: now + ms, fn, every: ms });
      return id;
    },
    clearInterval: (id) => void tasks.delete(id as number),
  };
  /** Runs what falls due within `ms`, in order, letting promises settle after each (inside act). */
  async function advance(ms: number) {
    const end = now + ms;
    for (;;) {
      let due: [number, { at: number; fn: () => void; every: number | null }] | undefined;
      for (const entry of tasks) if (entry[1].at <= end && (!due || entry[1].at < due[1].at)) due = entry;
      if (!due) break;
      const [id, task] = due;
      now = task.at;
      if (task.every === null) tasks.delete(id);
      else task.at += task.every;
      await act(async () => {
        task.fn();
        await flush();
      });
    }
    now = end;
    await act(flush);
  }
  return { timers, advance, now: () => now, pending: () => tasks.size };
}

/** Lets pending promise chains run. */
export async function flush() {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
}

export const token = (device: CallingToken['device'] = 'simulator'): CallingToken => ({
  token: 'jwt-1',
  identity: 'user-1',
  expiresAt: '2026-11-23T12:00:00.000Z',
  device,
  signalling: device === 'simulator' ? { chunderw: 'localhost/sim/twilio/voice' } : null,
});

export const started = (overrides: Partial<CallStarted> = {}): CallStarted => ({
  callId: '40000000-0000-4000-8000-000000000001',
  rate: '0.032000',
  pricing: { pricePerMinute: '0.032000', connectionFee: '0.000000', initialIncrement: 60, increment: 60 },
  maxDurationSeconds: 3600,
  destinationNumber: '+447700900123',
  fromNumber: '+18885550100',
  callingMethod: 'public',
  ...overrides,
});

export interface TestCalling {
  store: CallingStore;
  device: () => TestDevice;
  notices: ToastInput[];
  lastNotice: () => ToastInput | undefined;
  clock: ReturnType<typeof manualClock>;
  requests: {
    token: ReturnType<typeof requestMock<CallingToken>>;
    start: ReturnType<typeof requestMock<CallStarted>>;
    setSid: ReturnType<typeof requestMock<unknown>>;
    status: ReturnType<typeof requestMock<CallStatusResponse>>;
    feedback: ReturnType<typeof requestMock<unknown>>;
    quality: ReturnType<typeof requestMock<unknown>>;
    current: ReturnType<typeof requestMock<Call | null>>;
    end: ReturnType<typeof requestMock<unknown>>;
    recent: ReturnType<typeof requestMock<CallPage>>;
  };
  /** The setups the device was loaded for. */
  setups: DeviceSetup[];
  invalidations: number;
  /** The page's memory of its call under way (give one in `overrides` to share it with the page after a reload). */
  memory: CallMemory;
  /** init() and let it finish. */
  ready: () => Promise<void>;
}

/** A request stub: answers with `reply` (a value, or a function of the arguments that may throw). */
function requestMock<T>(reply: T | ((...args: unknown[]) => T | Promise<T>)) {
  const calls: unknown[][] = [];
  const fn = Object.assign(
    async (...args: unknown[]) => {
      calls.push(args);
      return typeof fn.reply === 'function' ? (fn.reply as (...a: unknown[]) => T)(...args) : fn.reply;
    },
    { calls, reply: reply as T | ((...args: unknown[]) => T | Promise<T>) },
  );
  return fn;
}

/** A calling store on a TestDevice and a manual clock, with stubbed requests and recorded notices. */
export function testCalling(overrides: Partial<CallingDeps> = {}): TestCalling {
  const clock = manualClock();
  const notices: ToastInput[] = [];
  let device: TestDevice | null = null;
  const requests = {
    token: requestMock<CallingToken>(token()),
    start: requestMock<CallStarted>(started()),
    setSid: requestMock<unknown>(undefined),
    status: requestMock<CallStatusResponse>({ status: 'in-progress', duration: 0, cost: '0.00' }),
    feedback: requestMock<unknown>(undefined),
    quality: requestMock<unknown>(undefined),
    current: requestMock<Call | null>(null),
    end: requestMock<unknown>(undefined),
    recent: requestMock<CallPage>({ items: [], nextCursor: null }),
  };
  const setups: DeviceSetup[] = [];
  const memory = overrides.memory ?? inMemoryCallMemory();
  const result: TestCalling = {
    store: null as unknown as CallingStore,
    device: () => {
      if (!device) throw new Error('no device yet');
      return device;
    },
    notices,
    lastNotice: () => notices.at(-1),
    clock,
    requests,
    setups,
    invalidations: 0,
    memory,
    ready: async () => {
      await act(async () => {
        await result.store.init();
        await flush();
      });
    },
  };
  result.store = createCallingStore({
    requests: {
      token: () => requests.token(),
      start: (body) => requests.start(body),
      setSid: (id, sid) => requests.setSid(id, sid),
      status: (sid) => requests.status(sid),
      feedback: (id, body) => requests.feedback(id, body),
      quality: (id, body) => requests.quality(id, body),
      current: () => requests.current(),
      end: (id) => requests.end(id),
      recent: () => requests.recent(),
    },
    loadDevice: async (loaded) => {
      setups.push(loaded);
      return (setup) => {
        device = new TestDevice(setup);
        return { device, callOptions: setup.chunderw ? { rtcConfiguration: { iceServers: [] } } : {} };
      };
    },
    notify: (notice) => void notices.push(notice),
    invalidate: () => {
      result.invalidations += 1;
    },
    timers: clock.timers,
    now: () => clock.now(),
    microphoneSupported: () => true,
    hasMicrophone: async () => true,
    memory,
    ...overrides,
  });
  return result;
}

/** Renders `ui` the way the shell does, with `calling`'s store as the page's. */
export function renderWithCalling(ui: ReactElement, calling: TestCalling, { path = '/home' }: { path?: string } = {}) {
  return renderAt(<CallingStoreProvider store={calling.store}>{ui}</CallingStoreProvider>, { path });
}

export function user(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return sampleUser({ balance: '10.00', autoRechargeEnabled: false, stripeCustomerId: null, ...overrides });
}

export function listedCall(overrides: Partial<Call> & Pick<Call, 'id' | 'destinationNumber'>): Call {
  return {
    fromNumber: '+18885550100',
    status: 'completed',
    callingMethod: 'public',
    callDirection: 'outbound',
    duration: 65,
    cost: '0.06',
    rate: '0.032000',
    startTime: '2026-11-22T15:04:00.000Z',
    endTime: '2026-11-22T15:05:05.000Z',
    endReason: null,
    createdAt: '2026-11-22T15:04:00.000Z',
    costItems: null,
    feedbackScore: null,
    contactName: null,
    ...overrides,
  };
}
