// The calling store's parts that act on calls, put together: the device (device-lifecycle.ts), starting a call
// (outgoing-call.ts), an incoming call (incoming-call.ts), the call itself and its end (active-call.ts) with its
// meter (call-meter.ts), quality (call-quality.ts) and the api's view of it (backend-status.ts), a call found in
// progress after a reload (resumed-call.ts) with the memory of this page's call across one (call-memory.ts), and the
// rating afterwards (feedback-prompt.ts). Loaded with import() when the store starts (the page is idle by then), so
// none of it weighs on the dialer's first render.
import type { CallFeedbackInput, CallStartInput } from '@ringwise/contract/calls';
import { createActiveCall } from './active-call.ts';
import { rememberTheCall } from './call-memory.ts';
import type { CallingDeps } from './calling-deps.ts';
import type { CallingState } from './calling-state.ts';
import { createDeviceLifecycle, type DeviceLifecycle } from './device-lifecycle.ts';
import { createFeedbackPrompts } from './feedback-prompt.ts';
import { createIncomingCalls } from './incoming-call.ts';
import { createStartCall } from './outgoing-call.ts';
import { createResumedCall } from './resumed-call.ts';

export interface CallEngine {
  /** Shows a call found in progress (after a reload), without the device. */
  prepare(): Promise<void>;
  /** Fetches the token and registers the device (again after a failure); shows a call found in progress. */
  init(): Promise<void>;
  startCall(input: CallStartInput): Promise<boolean>;
  hangUp(): void;
  toggleMute(): void;
  toggleSpeaker(): Promise<void>;
  sendDigits(digits: string): boolean;
  acceptIncoming(): void;
  rejectIncoming(): void;
  sendFeedback(body: CallFeedbackInput): Promise<void>;
  dismissFeedback(): void;
  destroy(): void;
}

export function createCallEngine(deps: CallingDeps, state: CallingState): CallEngine {
  const feedback = createFeedbackPrompts(deps, state);
  // the device rings the incoming calls, whose answer needs the device's options: made just below
  let device: DeviceLifecycle | null = null;
  const call = createActiveCall(deps, state, feedback, { audio: () => device?.current()?.audio ?? null });
  const resumed = createResumedCall(deps, state, call);
  const incoming = createIncomingCalls(deps, state, call, () => device?.callOptions() ?? {});
  const lifecycle = createDeviceLifecycle(deps, state, { onIncoming: incoming.ring, isCurrent: (handle) => handle === call.current() });
  device = lifecycle;
  const startCall = createStartCall(deps, state, lifecycle, call);
  const forgetting = rememberTheCall(state, deps.memory);
  let checked: Promise<void> | null = null;

  return {
    async prepare() {
      checked ??= resumed.check();
      await checked;
    },
    async init() {
      checked ??= resumed.check();
      await Promise.all([lifecycle.init(), checked]);
    },
    startCall,
    hangUp: () => (state.get().call.resumed ? void resumed.end() : call.hangUp()),
    toggleMute: call.toggleMute,
    toggleSpeaker: call.toggleSpeaker,
    sendDigits: call.sendDigits,
    acceptIncoming: incoming.accept,
    rejectIncoming: incoming.reject,
    sendFeedback: feedback.send,
    dismissFeedback: feedback.dismiss,
    destroy() {
      // the page lets go of its call (the session ended): nothing of it is told after a reload
      forgetting();
      deps.memory.set(null);
      call.destroy();
      resumed.stop();
      lifecycle.destroy();
      feedback.reset();
    },
  };
}
