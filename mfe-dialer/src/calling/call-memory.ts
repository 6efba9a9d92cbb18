// The page's call under way, remembered across a reload: a reload, or a page closed and opened again, takes the
// browser's leg of the call with it, and the carrier and the api then end and bill the call. The page that comes
// back asks the api for the user's call in progress (resumed-call.ts); when the remembered call is no longer in
// progress it ended while the page was away, and is told once. Kept in localStorage, so a page closed and opened
// again later (a new tab) knows it too. Another tab never takes the memory over: a call it shows after its own
// reload is not its own (see rememberTheCall), and the page whose call it was forgets it when its end is told there;
// a session that ends forgets it (the next account's page would not find the call anyway: its list is its own).
import { isTerminalCallStatus } from '@ringwise/contract/calls';
import type { CallingState } from './calling-state.ts';

/** The api's id of the call this page had under way, or null. */
export interface CallMemory {
  get(): string | null;
  set(callId: string | null): void;
}

const storageKey = 'ringwise:dialer:call-under-way';

/** This browser's memory (nothing when storage is unavailable: a sandboxed frame, storage refused). */
export function browserCallMemory(): CallMemory {
  const storage = (): Storage | null => {
    try {
      return globalThis.localStorage ?? null;
    } catch {
      return null;
    }
  };
  return {
    get: () => {
      try {
        return storage()?.getItem(storageKey) ?? null;
      } catch {
        return null;
      }
    },
    set: (callId) => {
      try {
        if (callId === null) storage()?.removeItem(storageKey);
        else storage()?.setItem(storageKey, callId);
      } catch {
        // full or refused: a reload then says nothing of the call, as before
      }
    },
  };
}

/** A memory of its own (tests, the standalone page's fake). */
export function inMemoryCallMemory(initial: string | null = null): CallMemory {
  let stored = initial;
  return { get: () => stored, set: (callId) => void (stored = callId) };
}

/**
 * Follows the store's call: remembered from the moment the api knows it (its id: a call started here, an incoming
 * call answered here) until it has left the page after its end was told here (the modal closes 2 s after the end,
 * the 'Call Ended' notice came at 1 s). Not at the end itself: a page that goes away ends its call too (the SDK
 * destroys its device on pagehide, and the call's end runs while the page unloads), and that end was never seen.
 * A call shown after a reload is not this page's own: it stays remembered only if it was (the memory is left as it
 * is). Returns the stop.
 */
export function rememberTheCall(state: CallingState, memory: CallMemory): () => void {
  /** The call on the page (its id), while it is there. */
  let shown: string | null = null;
  return state.subscribe(() => {
    const { call } = state.get();
    if (!call.hasActiveCall) {
      // the call has left the page, its end told
      if (shown !== null && memory.get() === shown) memory.set(null);
      shown = null;
      return;
    }
    if (!call.callId) return;
    shown = call.callId;
    const ended = call.twilioStatus !== null && isTerminalCallStatus(call.twilioStatus);
    if (!ended && !call.resumed && !call.incomingPending && memory.get() !== call.callId) memory.set(call.callId);
  });
}
