// Dev only: a calling device on the fake carrier (fake-carrier.ts), shaped like Twilio's (calling/device.ts), so
// the dialer and the Active Call modal can be tried with ?fake-api and no microphone or api.
import type { CallEvents, CallHandle, CallingDevice, CallState, CreateDevice, DeviceEvents, DeviceState } from '../calling/device.ts';
import { callById, NO_ANSWER_MS, outcomeOf, RING_MS, settle, carrier, type CarrierCall } from './fake-carrier.ts';

type Handlers = Map<string, Set<(...args: never[]) => void>>;

function emitter<Events>() {
  const handlers: Handlers = new Map();
  return {
    on<E extends keyof Events & string>(event: E, handler: Events[E]) {
      const set = handlers.get(event) ?? new Set();
      set.add(handler as (...args: never[]) => void);
      handlers.set(event, set);
      return () => void set.delete(handler as (...args: never[]) => void);
    },
    emit(event: string, ...args: unknown[]) {
      for (const handler of handlers.get(event) ?? []) (handler as (...a: unknown[]) => void)(...args);
    },
  };
}

const hex = () => Array.from({ length: 32 }, () => Math.floor(Math.random() * 16).toString(16)).join('');

class FakeCall implements CallHandle {
  readonly parameters: Record<string, string>;
  private state: CallState;
  private muted = false;
  private timers: ReturnType<typeof setTimeout>[] = [];
  private events = emitter<CallEvents>();
  readonly on = this.events.on;

  constructor(
    readonly direction: 'INCOMING' | 'OUTGOING',
    parameters: Record<string, string>,
    private readonly record: CarrierCall | null,
    private readonly onClosed: () => void,
  ) {
    this.parameters = { CallSid: `CA${hex()}`, ...parameters };
    this.state = direction === 'INCOMING' ? 'pending' : 'connecting';
    if (record) record.sid = this.parameters.CallSid!;
  }

  start() {
    const record = this.record;
    const outcome = outcomeOf(this.parameters.To ?? '');
    this.later(() => {
      this.state = 'ringing';
      if (record) record.status = 'ringing';
      this.events.emit('ringing', false);
    }, 400);
    if (outcome === 'answer') {
      this.later(() => {
        this.state = 'open';
        if (record) {
          record.status = 'in-progress';
          record.answeredAt = Date.now();
        }
        this.events.emit('accept');
      }, 400 + RING_MS);
    } else {
      this.later(() => {
        if (record) settle(record, outcome);
        this.close();
      }, outcome === 'no-answer' ? 400 + NO_ANSWER_MS : 400 + RING_MS);
    }
  }

  private later(fn: () => void, ms: number) {
    this.timers.push(setTimeout(fn, ms));
  }

  private close() {
    if (this.state === 'closed') return;
    for (const t of this.timers) clearTimeout(t);
    this.state = 'closed';
    this.onClosed();
    this.events.emit('disconnect');
  }

  sid = () => this.parameters.CallSid ?? null;
  status = () => this.state;
  accept = () => {
    if (this.state !== 'pending') return;
    this.state = 'open';
    this.events.emit('accept');
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
    this.events.emit('mute', shouldMute);
  };
  isMuted = () => this.muted;
  sendDigits = (digits: string) => {
    if (!/^[0-9*#w]+$/.test(digits)) throw new Error('InvalidArgumentError: Illegal character passed into sendDigits');
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
  const events = emitter<DeviceEvents>();
  let state: DeviceState = 'unregistered';
  let busy: FakeCall | null = null;
  const device: FakeDevice = {
    get state() {
      return state;
    },
    get isBusy() {
      return busy !== null;
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
    connect: async ({ params }) => {
      if (busy) throw Object.assign(new Error('A Call is already active'), { code: 31000, name: 'InvalidStateError' });
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
    on: events.on,
    ring(from) {
      const call = new FakeCall('INCOMING', { From: from, To: 'client:dev' }, null, () => {
        busy = null;
      });
      events.emit('incoming', call);
    },
  };
  void carrier;
  current = device;
  return device;
};
