// The page's one calling device and its one call (spec §3 'Client-side shapes', §4 'Call events', 'Calling device',
// §5 'Starting a call', §8 'Call notices', §9 'Timing'), as a module-level store. The remote's modules are singletons
// in the page, so the dialer view ('./app', mounted per /home view) and the call overlay ('./widgets/call-overlay',
// mounted once by the shell's signed-in layout) share this very store: the call and its modal survive navigation.
// React reads it with useSyncExternalStore (use-calling.ts); nothing here imports React.
//
// Its parts: the snapshot (calling-state.ts), the device (device-lifecycle.ts), starting a call (outgoing-call.ts),
// an incoming call (incoming-call.ts), the call itself and its end (active-call.ts) with its meter (call-meter.ts)
// and the api's view of it (backend-status.ts), and the rating afterwards (feedback-prompt.ts).
import type { CallFeedbackInput, CallStartInput } from '@ringwise/contract/calls';
import { createActiveCall } from './active-call.ts';
import type { CallingDeps } from './calling-deps.ts';
import { createCallingState, initialSnapshot, type CallingSnapshot } from './calling-state.ts';
import { createDeviceLifecycle } from './device-lifecycle.ts';
import { createFeedbackPrompts } from './feedback-prompt.ts';
import { createIncomingCalls } from './incoming-call.ts';
import { createStartCall } from './outgoing-call.ts';

export interface CallingStore {
  getSnapshot(): CallingSnapshot;
  subscribe(listener: () => void): () => void;
  /** Fetches the token and registers the device (once; again after a failure). */
  init(): Promise<void>;
  /** Starts a call; true once the api accepted it (the dialer then clears its number). */
  startCall(input: CallStartInput): Promise<boolean>;
  hangUp(): void;
  toggleMute(): void;
  toggleSpeaker(): void;
  sendDigits(digits: string): boolean;
  acceptIncoming(): void;
  rejectIncoming(): void;
  sendFeedback(body: CallFeedbackInput): Promise<void>;
  dismissFeedback(): void;
  /** Closes the device (sign-out, tests). */
  destroy(): void;
}

export function createCallingStore(deps: CallingDeps): CallingStore {
  const state = createCallingState();
  const feedback = createFeedbackPrompts(deps, state);
  const call = createActiveCall(deps, state, feedback);
  const incoming = createIncomingCalls(deps, state, call);
  const device = createDeviceLifecycle(deps, state, { onIncoming: incoming.ring, isCurrent: (handle) => handle === call.current() });
  const startCall = createStartCall(deps, state, device, call);

  return {
    getSnapshot: state.get,
    subscribe: state.subscribe,
    init: device.init,
    startCall,
    hangUp: call.hangUp,
    toggleMute: call.toggleMute,
    toggleSpeaker: call.toggleSpeaker,
    sendDigits: call.sendDigits,
    acceptIncoming: incoming.accept,
    rejectIncoming: incoming.reject,
    sendFeedback: feedback.send,
    dismissFeedback: feedback.dismiss,
    destroy() {
      call.destroy();
      device.destroy();
      feedback.reset();
      state.set(initialSnapshot);
    },
  };
}
