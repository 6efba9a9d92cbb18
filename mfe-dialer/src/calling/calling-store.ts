// The page's one calling device and its one call (spec §3 'Client-side shapes', §4 'Call events', 'Calling device',
// §5 'Starting a call', §8 'Call notices', §9 'Timing'), as a module-level store. The remote's modules are singletons
// in the page, so the dialer view ('./app', mounted per /home view) and the call overlay ('./widgets/call-overlay',
// mounted once by the shell's signed-in layout) share this very store: the call and its modal survive navigation.
// React reads it with useSyncExternalStore (use-calling.ts); nothing here imports React.
//
// This part is what the dialer needs to render: the snapshot (calling-state.ts) and the actions. What acts on calls
// (call-engine.ts) arrives with init(), when the page is idle; until then the device is not ready and a call is
// refused as such.
import type { CallFeedbackInput, CallStartInput } from '@ringwise/contract/calls';
import { callMessages } from '@ringwise/contract/calls';
import type { CallEngine } from './call-engine.ts';
import type { CallingDeps } from './calling-deps.ts';
import { createCallingState, initialSnapshot, type CallingSnapshot } from './calling-state.ts';

export interface CallingStore {
  getSnapshot(): CallingSnapshot;
  subscribe(listener: () => void): () => void;
  /** Loads what acts on calls and shows a call that went on across a reload, without the Voice SDK. */
  prepare(): Promise<void>;
  /** Fetches the token and registers the device (once; again after a failure). */
  init(): Promise<void>;
  /** Starts a call; true once the api accepted it (the dialer then clears its number). */
  startCall(input: CallStartInput): Promise<boolean>;
  hangUp(): void;
  toggleMute(): void;
  toggleSpeaker(): Promise<void>;
  sendDigits(digits: string): boolean;
  acceptIncoming(): void;
  rejectIncoming(): void;
  sendFeedback(body: CallFeedbackInput): Promise<void>;
  dismissFeedback(): void;
  /**
   * Keeps the device while the signed-in layout shows the call overlay; the release it returns lets go. The last
   * release closes the device unless a hold is taken again in the same turn: React's StrictMode unmounts and mounts
   * the overlay again at once, and the device the dialer started must outlive that (a page that leaves the signed-in
   * layout, e.g. for the admin console, closes it).
   */
  hold(): () => void;
  /** Closes the device and forgets the call (the session's end, the overlay's last release, tests). */
  destroy(): void;
}

export function createCallingStore(deps: CallingDeps): CallingStore {
  const state = createCallingState();
  let engine: CallEngine | null = null;
  /** destroy() makes an init under way stale. */
  let generation = 0;
  let holds = 0;

  /** The engine, loaded on first use; null when the store was destroyed meanwhile. */
  async function loadEngine(): Promise<CallEngine | null> {
    const started = generation;
    const { createCallEngine } = await import('./call-engine.ts');
    if (started !== generation) return null;
    engine ??= createCallEngine(deps, state);
    return engine;
  }

  return {
    getSnapshot: state.get,
    subscribe: state.subscribe,
    async prepare() {
      await (await loadEngine())?.prepare();
    },
    async init() {
      await (await loadEngine())?.init();
    },
    async startCall(input) {
      if (engine) return engine.startCall(input);
      deps.notify({ title: callMessages.deviceNotReadyTitle, description: callMessages.deviceNotReadyDialer, variant: 'destructive' });
      return false;
    },
    hangUp: () => engine?.hangUp(),
    toggleMute: () => engine?.toggleMute(),
    toggleSpeaker: async () => engine?.toggleSpeaker(),
    sendDigits: (digits) => engine?.sendDigits(digits) ?? false,
    acceptIncoming: () => engine?.acceptIncoming(),
    rejectIncoming: () => engine?.rejectIncoming(),
    sendFeedback: async (body) => engine?.sendFeedback(body),
    dismissFeedback: () => engine?.dismissFeedback(),
    hold() {
      holds += 1;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        holds -= 1;
        // a hold taken again in this turn (StrictMode's second mount) keeps the device
        if (holds === 0) queueMicrotask(() => holds === 0 && destroy());
      };
    },
    destroy,
  };

  function destroy() {
    generation += 1;
    engine?.destroy();
    engine = null;
    state.set(initialSnapshot);
  }
}
