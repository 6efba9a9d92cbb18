// The calling store of the page (calling-store.ts) for React: one instance per page, shared by the dialer view
// ('./app') and the call overlay ('./widgets/call-overlay'). Tests and the dev page hand in their own through
// <CallingStoreProvider>.
import { createContext, createElement, useContext, useSyncExternalStore, type ReactNode } from 'react';
import { callQueries, callRequests } from '@ringwise/contract/calls';
import { toast } from '@ringwise/ui/toast';
import type { QueryClient } from '@tanstack/react-query';
import { afterNextPaint } from '../lib/after-next-paint.ts';
import { browserCallMemory } from './call-memory.ts';
import type { CallingDeps } from './calling-deps.ts';
import type { CallingSnapshot } from './calling-state.ts';
import { createCallingStore, type CallingStore } from './calling-store.ts';
import type { DeviceSetup } from './device.ts';

/** The Voice SDK's device, loaded when the store starts (the page is idle by then). */
const loadVoiceDevice = (setup: DeviceSetup) => import('./load-voice-device.ts').then((m) => m.loadVoiceDevice(setup));

/** Whether the browser can ask for a microphone at all. */
export function microphoneSupported(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';
}

/** Whether the browser lists a microphone (without asking for one). */
async function hasMicrophone(): Promise<boolean> {
  try {
    return (await navigator.mediaDevices.enumerateDevices()).some((device) => device.kind === 'audioinput');
  } catch {
    return true;
  }
}

/** The queries a finished call changes (spec §4 'Call events'); the missed count is the shell's Calls tab badge. */
export const queriesAfterCall: ReadonlyArray<readonly unknown[]> = [['/api/calls'], ['/api/auth/user'], ['/api/transactions'], callQueries.unseen().queryKey];

let queryClient: QueryClient | null = null;

/** The overlay hands in the page's QueryClient, which the store refreshes after each call. */
export function setCallingQueryClient(client: QueryClient | null): void {
  queryClient = client;
}

export function browserCallingDeps(overrides: Partial<CallingDeps> = {}): CallingDeps {
  return {
    requests: {
      token: () => callRequests.token(),
      start: (body) => callRequests.start(body),
      setSid: (callId, sid) => callRequests.setSid(callId, sid),
      status: (sid) => callRequests.status(sid),
      feedback: (callId, body) => callRequests.feedback(callId, body),
      quality: (callId, body) => callRequests.quality(callId, body),
      current: () => callRequests.current(),
      end: (callId) => callRequests.end(callId),
      recent: () => callRequests.recent(),
    },
    loadDevice: loadVoiceDevice,
    notify: (notice) => afterNextPaint(() => void toast(notice)),
    invalidate: () => {
      for (const queryKey of queriesAfterCall) void queryClient?.invalidateQueries({ queryKey: [...queryKey] });
    },
    timers: {
      setTimeout: (fn, ms) => setTimeout(fn, ms),
      clearTimeout: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
      setInterval: (fn, ms) => setInterval(fn, ms),
      clearInterval: (id) => clearInterval(id as ReturnType<typeof setInterval>),
    },
    now: () => Date.now(),
    microphoneSupported,
    hasMicrophone,
    memory: browserCallMemory(),
    ...overrides,
  };
}

let pageStore: CallingStore | null = null;

/** The page's store (made on first use). */
export function pageCallingStore(): CallingStore {
  pageStore ??= createCallingStore(browserCallingDeps());
  return pageStore;
}

/** Dev page only: replaces how the page's store is made (e.g. with a fake device) before anything uses it. */
export function replacePageCallingStore(store: CallingStore): void {
  pageStore?.destroy();
  pageStore = store;
}

const CallingStoreContext = createContext<CallingStore | null>(null);

export function CallingStoreProvider({ store, children }: { store: CallingStore; children: ReactNode }) {
  return createElement(CallingStoreContext.Provider, { value: store }, children);
}

export function useCallingStore(): CallingStore {
  return useContext(CallingStoreContext) ?? pageCallingStore();
}

/** The calling state (device readiness, the call, the feedback prompt) and the store's actions. */
export function useCalling(): CallingSnapshot & { store: CallingStore } {
  const store = useCallingStore();
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  return { ...snapshot, store };
}

/**
 * One value of the calling state (a primitive, compared with Object.is): the component renders again only when it
 * changes. A connected call updates its duration and cost every second; a view that reads only whether a call is on
 * (the dialer behind the call window) is then left alone, instead of rendering its whole tree each second, which at
 * a phone's speed held a press of the call's keypad, mute or speaker that came in meanwhile.
 */
export function useCallingValue<T extends string | number | boolean | null | undefined>(select: (snapshot: CallingSnapshot) => T): T {
  const store = useCallingStore();
  const read = () => select(store.getSnapshot());
  return useSyncExternalStore(store.subscribe, read, read);
}

