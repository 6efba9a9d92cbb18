// The page's one calling device (spec §4 'Calling device'): the token, loading the Voice SDK set up for the
// signalling the token names, registering, readiness (registered, unregistered, online, offline), the token's
// renewal (without touching a call under way: updateToken), and the device's own errors. Calls it rings with go
// to `onIncoming`.
import type { CallingToken } from '@ringwise/contract/calls';
import { errorMessage } from '@ringwise/api-client';
import { logCallingProblem as log, type CallingDeps } from './calling-deps.ts';
import type { CallingState } from './calling-state.ts';
import { listen, type CallingCall, type CallingDevice, type CallingError, type CallMediaOptions } from './device.ts';
import { deviceErrorNotice, noticeTitles, tokenExpiredCodes, tokenInvalidCodes } from './notices.ts';

export interface DeviceLifecycle {
  /** The registered device, or null before init and after destroy. */
  current(): CallingDevice | null;
  /** The options its calls are connected and accepted with. */
  callOptions(): CallMediaOptions;
  /** Fetches the token and registers the device (once; again after a failure, or registers a device that lost it). */
  init(): Promise<void>;
  destroy(): void;
}

export function createDeviceLifecycle(
  deps: CallingDeps,
  state: CallingState,
  calls: {
    /** A call the device rings with. */
    onIncoming(call: CallingCall): void;
    /** Whether `call` is the store's current call (which handles its own errors). */
    isCurrent(call: CallingCall): boolean;
  },
): DeviceLifecycle {
  let device: CallingDevice | null = null;
  let callOptions: CallMediaOptions = {};
  let deviceOff: Array<() => void> = [];
  let initializing: Promise<void> | null = null;
  /** destroy() makes an init under way stale (the session ended while the SDK loaded). */
  let generations = 0;

  const onOnline = () => {
    if (!device) return;
    if (device.state === 'registered') state.set({ device: 'ready' });
    else device.register().catch((error: unknown) => log('register after going online failed', error));
  };
  const onOffline = () => {
    if (device) state.set({ device: 'not-ready' });
  };

  async function refreshToken() {
    if (!device) return;
    try {
      const token = await deps.requests.token();
      device.updateToken(token.token);
      if (device.state === 'unregistered') await device.register();
    } catch (error) {
      state.set({ device: 'not-ready' });
      deps.notify({ title: noticeTitles.deviceError, description: 'Failed to get access token', variant: 'destructive' });
      log('token refresh failed', error);
    }
  }

  function onDeviceError(error: CallingError, call?: CallingCall) {
    // a call's own errors are handled on the call
    if (call && calls.isCurrent(call)) return;
    deps.notify(deviceErrorNotice(error));
    if (tokenInvalidCodes.has(error.code) || tokenExpiredCodes.has(error.code)) {
      state.set({ device: 'not-ready' });
      void refreshToken();
    }
  }

  async function initOnce() {
    const generation = ++generations;
    const stale = () => generation !== generations;
    state.set({ device: 'initializing' });
    let token: CallingToken;
    try {
      token = await deps.requests.token();
    } catch (error) {
      state.set({ device: 'not-ready' });
      deps.notify({ title: noticeTitles.deviceInitFailed, description: errorMessage(error, 'Failed to get access token'), variant: 'destructive' });
      throw error;
    }
    if (stale()) return;
    try {
      const setup = { token: token.token, chunderw: token.signalling?.chunderw ?? null };
      const create = await deps.loadDevice(setup);
      if (stale()) return;
      const made = create(setup);
      const created = made.device;
      device = created;
      callOptions = made.callOptions;
      deviceOff = [
        listen(created, 'registered', () => state.set({ device: typeof navigator !== 'undefined' && navigator.onLine === false ? 'not-ready' : 'ready' })),
        listen(created, 'unregistered', () => state.set({ device: 'not-ready' })),
        listen(created, 'destroyed', () => state.set({ device: 'not-ready' })),
        listen(created, 'error', onDeviceError),
        listen(created, 'incoming', calls.onIncoming),
        listen(created, 'tokenWillExpire', () => void refreshToken()),
      ];
      if (typeof window !== 'undefined') {
        window.addEventListener('online', onOnline);
        window.addEventListener('offline', onOffline);
      }
      await created.register();
      if (created.state === 'registered' && state.get().device !== 'ready') state.set({ device: 'ready' });
    } catch (error) {
      state.set({ device: 'not-ready' });
      deps.notify({ title: noticeTitles.deviceInitFailed, description: error instanceof Error ? error.message : 'The calling device could not start.', variant: 'destructive' });
      throw error;
    }
  }

  return {
    current: () => device,
    callOptions: () => callOptions,

    init() {
      // a device that registered once and lost it (or never managed to) registers again: Try again means it
      if (device) return device.state === 'unregistered' && state.get().device === 'not-ready' ? device.register().catch((error: unknown) => log('register again failed', error)) : Promise.resolve();
      initializing ??= initOnce().catch((error: unknown) => {
        initializing = null;
        log('the calling device could not start', error);
      });
      return initializing;
    },

    destroy() {
      for (const off of deviceOff) off();
      deviceOff = [];
      if (typeof window !== 'undefined') {
        window.removeEventListener('online', onOnline);
        window.removeEventListener('offline', onOffline);
      }
      generations += 1;
      device?.destroy();
      device = null;
      initializing = null;
    },
  };
}
