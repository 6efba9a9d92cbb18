// The calling device on @twilio/voice-sdk 2.x. This module is only ever loaded with import() by the calling
// controller, and only for a token whose `device` is 'twilio', so the SDK (~1 MB) is never in the remote entry,
// the exposed modules' first chunks, or a page that uses the carrier simulator.
import { Call, Device } from '@twilio/voice-sdk';
import type { CallEvents, CallHandle, CallingDevice, CallingError, CallState, CreateDevice, DeviceEvents, DeviceState } from './device.ts';

type Listener = (...args: never[]) => void;

/** A TwilioError (or anything thrown) as the dialer sees errors. */
export function toCallingError(error: unknown): CallingError {
  const e = (error ?? {}) as { code?: unknown; name?: unknown; message?: unknown; originalError?: unknown; cause?: unknown };
  return {
    code: typeof e.code === 'number' ? e.code : 0,
    name: typeof e.name === 'string' ? e.name : 'Error',
    message: typeof e.message === 'string' ? e.message : String(error),
    cause: e.originalError ?? e.cause,
  };
}

/** Adds `handler` to an EventEmitter under `event`, translating its arguments; returns the remover. */
function listen(emitter: { on(e: string, l: Listener): unknown; off(e: string, l: Listener): unknown }, event: string, listener: Listener) {
  emitter.on(event, listener);
  return () => {
    emitter.off(event, listener);
  };
}

function wrapCall(call: Call): CallHandle {
  return {
    get direction() {
      return call.direction === Call.CallDirection.Incoming ? 'INCOMING' : 'OUTGOING';
    },
    get parameters() {
      return call.parameters ?? {};
    },
    sid: () => call.parameters?.CallSid ?? null,
    status: () => call.status() as CallState,
    accept: () => call.accept(),
    reject: () => call.reject(),
    ignore: () => call.ignore(),
    disconnect: () => call.disconnect(),
    mute: (shouldMute = true) => call.mute(shouldMute),
    isMuted: () => call.isMuted(),
    sendDigits: (digits) => call.sendDigits(digits),
    on<E extends keyof CallEvents>(event: E, handler: CallEvents[E]) {
      const h = handler as (...args: unknown[]) => void;
      // Twilio passes the call itself to accept/disconnect and (muted, call) to mute: only what CallEvents says is kept.
      const translated: Listener =
        event === 'error'
          ? ((error: unknown) => h(toCallingError(error))) as Listener
          : event === 'ringing' || event === 'mute' || event === 'warning' || event === 'warning-cleared'
            ? ((first: unknown) => h(first)) as Listener
            : ((() => h()) as Listener);
      return listen(call as never, event, translated);
    },
  };
}

export const createTwilioDevice: CreateDevice = (token, options) => {
  const device = new Device(token, {
    codecPreferences: options.codecPreferences as Call.Codec[],
    tokenRefreshMs: options.tokenRefreshMs,
    closeProtection: false,
  });
  const wrapped = new WeakMap<Call, CallHandle>();
  const handleOf = (call: Call) => {
    let handle = wrapped.get(call);
    if (!handle) {
      handle = wrapCall(call);
      wrapped.set(call, handle);
    }
    return handle;
  };
  const calling: CallingDevice = {
    get state() {
      return device.state as DeviceState;
    },
    get isBusy() {
      return device.isBusy;
    },
    register: () => device.register(),
    unregister: () => device.unregister(),
    connect: async ({ params }) => handleOf(await device.connect({ params })),
    updateToken: (next) => device.updateToken(next),
    disconnectAll: () => device.disconnectAll(),
    destroy: () => device.destroy(),
    on<E extends keyof DeviceEvents>(event: E, handler: DeviceEvents[E]) {
      const h = handler as (...args: unknown[]) => void;
      const translated: Listener =
        event === 'error'
          ? ((error: unknown, call?: Call) => h(toCallingError(error), call ? handleOf(call) : undefined)) as Listener
          : event === 'incoming'
            ? ((call: Call) => h(handleOf(call))) as Listener
            : ((() => h()) as Listener);
      return listen(device as never, event, translated);
    },
  };
  return calling;
};
