// Test helpers (not shipped): a calling device the test drives event by event, a manual clock for the store's
// timers, a store wired to both, and the shared component-test helpers with this remote's page.
import type { ReactElement } from 'react';
import { act } from '@testing-library/react';
import type { CallingToken, CallStarted, CallStatusResponse, Call } from '@ringwise/contract/calls';
import type { CurrentUser } from '@ringwise/contract/users';
import type { ToastInput } from '@ringwise/ui/toast';
import { renderWithProviders as renderAt } from '@ringwise/test-support';
import { sampleUser } from '@ringwise/test-support/fixtures';
import type { CallingDeps, Timers } from './calling/calling-deps.ts';
import { createCallingStore, type CallingStore } from './calling/calling-store.ts';
import type { CallEvents, CallHandle, CallingDevice, CallState, DeviceEvents, DeviceState } from './calling/device.ts';
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
      return () => void set.delete(handler);
    },
    emit(event: string, ...args: unknown[]) {
      for (const handler of map.get(event) ?? []) (handler as (...a: unknown[]) => void)(...args);
    },
    count: (event: string) => map.get(event)?.size ?? 0,
  };
}

export const SID = 'CA0123456789abcdef0123456789abcdef';

export class TestCall implements CallHandle {
  readonly events = handlers();
  state: CallState = 'connecting';
  muted = false;
  digits: string[] = [];
  accepted = false;
  rejected = false;
  disconnected = 0;
  constructor(
    readonly direction: 'INCOMING' | 'OUTGOING' = 'OUTGOING',
    readonly parameters: Record<string, string> = { CallSid: SID },
  ) {
    if (direction === 'INCOMING') this.state = 'pending';
  }
  sid = () => this.parameters.CallSid ?? null;
  status = () => this.state;
  accept = () => {
    this.accepted = true;
    this.state = 'open';
    this.events.emit('accept');
  };
  reject = () => {
    this.rejected = true;
    this.state = 'closed';
  };
  ignore = () => {};
  disconnect = () => {
    this.disconnected += 1;
    if (this.state === 'closed') return;
    this.state = 'closed';
    this.events.emit('disconnect');
  };
  mute = (shouldMute = true) => {
    this.muted = shouldMute;
  };
  isMuted = () => this.muted;
  sendDigits = (digits: string) => {
    this.digits.push(digits);
  };
  on<E extends keyof CallEvents>(event: E, handler: CallEvents[E]) {
    return this.events.on(event, handler as AnyHandler);
  }
  /** The far end: ringing, answered, hung up. */
  emit<E extends keyof CallEvents>(event: E, ...args: Parameters<CallEvents[E]>) {
    if (event === 'accept') this.state = 'open';
    if (event === 'disconnect' || event === 'cancel') this.state = 'closed';
    this.events.emit(event, ...args);
  }
}

export class TestDevice implements CallingDevice {
  readonly events = handlers();
  state: DeviceState = 'unregistered';
  calls: TestCall[] = [];
  connects: Array<Record<string, string>> = [];
  tokens: string[] = [];
  destroyed = false;
  /** Set to make connect() reject. */
  connectError: unknown = null;
  constructor(readonly token: string) {}
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
  connect = async ({ params }: { params: Record<string, string> }) => {
    this.connects.push(params);
    if (this.connectError) throw this.connectError;
    const call = new TestCall();
    this.calls.push(call);
    return call;
  };
  updateToken = (token: string) => {
    this.tokens.push(token);
  };
  disconnectAll = () => {};
  destroy = () => {
    this.destroyed = true;
  };
  on<E extends keyof DeviceEvents>(event: E, handler: DeviceEvents[E]) {
    return this.events.on(event, handler as AnyHandler);
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
  };
  invalidations: number;
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
  };
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
    invalidations: 0,
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
    },
    loadDevice: async () => (jwt) => {
      device = new TestDevice(jwt);
      return device;
    },
    notify: (notice) => void notices.push(notice),
    invalidate: () => {
      result.invalidations += 1;
    },
    timers: clock.timers,
    now: () => clock.now(),
    microphoneSupported: () => true,
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
