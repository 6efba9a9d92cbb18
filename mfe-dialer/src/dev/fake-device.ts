// Dev only: a calling device on the fake carrier (fake-carrier.ts), at the Voice SDK's interface the store uses
// (calling/device.ts), so the dialer and the Active Call modal can be tried with ?fake-api and no microphone or
// api. An answered call sends a quality sample each second; one to a number ending 0005 turns choppy after 5 s.
import type { CallEvents, CallingCall, CallingDevice, CreateDevice } from '../calling/device.ts';
import { callById, NO_ANSWER_MS, outcomeOf, RING_MS, settle, type CarrierCall } from './fake-carrier.ts';

type Handler = (...args: never[]) => void;

function emitter() {
  const handlers = new Map<string, Set<Handler>>();
  return {
    on(event: string, handler: Handler) {
      const set = handlers.get(event) ?? new Set();
      set.add(handler);
      handlers.set(event, set);
    },
    off(event: string, handler: Handler) {
      handlers.get(event)?.delete(handler);
    },
    emit(event: string, ...args: unknown[]) {
      for (const handler of handlers.get(event) ?? []) (handler as (...a: unknown[]) => void)(...args);
    },
  };
}

const hex = () => Array.from({ length: 32 }, () => Math.floor(Math.random() * 16).toString(16)).join('');
const IMPAIRED_AFTER_MS = 5000;

class FakeCall implements CallingCall {
  readonly parameters: Record<string, string>;
  readonly customParameters: Map<string, string>;
  private state: ReturnType<CallingCall['status']>;
  private muted = false;
  private timers: ReturnType<typeof setTimeout>[] = [];
  private events = emitter();

  constructor(
    readonly direction: CallingCall['direction'],
    parameters: Record<string, string>,
    private readonly record: CarrierCall | null,
    private readonly onClosed: () => void,
  ) {
    this.parameters = direction === 'INCOMING' ? { CallSid: `CA${hex()}`, ...parameters } : {};
    this.customParameters = new Map(Object.entries(direction === 'OUTGOING' ? parameters : {}));
    this.state = direction === 'INCOMING' ? 'pending' : 'connecting';
  }

  on<E extends keyof CallEvents & string>(event: E, listener: CallEvents[E]) {
    this.events.on(event, listener as Handler);
    return this;
  }
  off<E extends keyof CallEvents & string>(event: E, listener: CallEvents[E]) {
    this.events.off(event, listener as Handler);
    return this;
  }

  start() {
    const record = this.record;
    const to = this.customParameters.get('To') ?? '';
    const outcome = outcomeOf(to);
    this.later(() => {
      // the SDK learns the SID from the carrier's ringing
      this.parameters.CallSid = `CA${hex()}`;
      if (record) {
        record.sid = this.parameters.CallSid;
        record.status = 'ringing';
      }
      this.state = 'ringing';
      this.events.emit('ringing', false);
    }, 400);
    if (outcome === 'answer') {
      this.later(() => {
        if (record) {
          record.status = 'in-progress';
          record.answeredAt = Date.now();
        }
        this.open(to.endsWith('0005'));
      }, 400 + RING_MS);
    } else {
      this.later(
        () => {
          if (record) settle(record, outcome);
          this.close();
        },
        outcome === 'no-answer' ? 400 + NO_ANSWER_MS : 400 + RING_MS,
      );
    }
  }

  private open(impaired: boolean) {
    this.state = 'open';
    this.events.emit('accept', this);
    const startedAt = Date.now();
    const tick = () => {
      if (this.state === 'closed') return;
      const bad = impaired && Date.now() - startedAt > IMPAIRED_AFTER_MS;
      if (bad && !this.warned) {
        this.warned = true;
        this.events.emit('warning', 'high-packet-loss', null);
      }
      this.events.emit('sample', fakeSample(bad));
      this.later(tick, 1000);
    };
    this.later(tick, 1000);
  }
  private warned = false;

  private later(fn: () => void, ms: number) {
    this.timers.push(setTimeout(fn, ms));
  }

  private close() {
    if (this.state === 'closed') return;
    for (const t of this.timers) clearTimeout(t);
    this.state = 'closed';
    this.onClosed();
    this.events.emit('disconnect', this);
  }

  status = () => this.state;
  accept = () => {
    if (this.state !== 'pending') return;
    this.open(false);
  };
  reject = () => {
    if (this.state !== 'pending') return;
    this.state = 'closed';
    this.onClosed();
    this.events.emit('reject');
  };
  ignore = () => {
    if (this.state === 'pending') {
      this.state = 'closed';
      this.onClosed();
    }
  };
  disconnect = () => {
    if (this.record) settle(this.record, this.record.answeredAt ? 'completed' : 'canceled');
    this.close();
  };
  mute = (shouldMute = true) => {
    this.muted = shouldMute;
    this.events.emit('mute', shouldMute, this);
  };
  isMuted = () => this.muted;
  sendDigits = (digits: string) => {
    if (/[^0-9*#w]/.test(digits)) throw new Error('Illegal character passed into sendDigits');
  };
}

function fakeSample(bad: boolean): Parameters<CallEvents['sample']>[0] {
  const totals = { bytesReceived: 0, bytesSent: 0, packetsLost: 0, packetsLostFraction: 0, packetsReceived: 0, packetsSent: 0 };
  return {
    audioInputLevel: 1000,
    audioOutputLevel: 1000,
    bytesReceived: 8000,
    bytesSent: 8000,
    codecName: 'opus',
    jitter: bad ? 45 : 3,
    mos: bad ? 2.6 : 4.3,
    packetsLost: bad ? 6 : 0,
    packetsLostFraction: bad ? 12 : 0,
    packetsReceived: 50,
    packetsSent: 50,
    rtt: bad ? 380 : 45,
    timestamp: Date.now(),
    totals,
  };
}

export interface FakeDevice extends CallingDevice {
  /** An incoming call from `from` (the dev page's button). */
  ring(from: string): void;
}

let current: FakeDevice | null = null;
/** The dev page's device, once made. */
export const currentFakeDevice = () => current;

export const createFakeDevice: CreateDevice = () => {
  const events = emitter();
  let state: CallingDevice['state'] = 'unregistered';
  let busy: FakeCall | null = null;
  const device: FakeDevice = {
    get state() {
      return state;
    },
    get isBusy() {
      return busy !== null;
    },
    // no output selection here: the speaker toggle says so
    audio: null,
    on(event, listener) {
      events.on(event, listener as Handler);
      return device;
    },
    off(event, listener) {
      events.off(event, listener as Handler);
      return device;
    },
    register: () =>
      new Promise<void>((resolve) => {
        state = 'registering';
        events.emit('registering');
        setTimeout(() => {
          state = 'registered';
          events.emit('registered');
          resolve();
        }, 300);
      }),
    unregister: async () => {
      state = 'unregistered';
      events.emit('unregistered');
    },
    connect: async (options) => {
      if (busy) throw new Error('A Call is already active');
      const params = options?.params ?? {};
      const record = params.callId ? (callById(params.callId) ?? null) : null;
      const call = new FakeCall('OUTGOING', params, record, () => {
        busy = null;
      });
      busy = call;
      call.start();
      return call;
    },
    updateToken: () => {},
    disconnectAll: () => busy?.disconnect(),
    destroy: () => {
      busy?.disconnect();
      state = 'destroyed';
      events.emit('destroyed');
      if (current === device) current = null;
    },
    ring(from) {
      const call = new FakeCall('INCOMING', { From: from, To: 'client:dev' }, null, () => {
        busy = null;
      });
      events.emit('incoming', call);
    },
  };
  current = device;
  return { device, callOptions: {} };
};
