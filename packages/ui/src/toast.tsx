import { useSyncExternalStore } from 'react';

/* ---------------------------------------------------------------------------------------------------------
 * The toast store. One per page: `toast()` may be called from the shell or any remote, and the single
 * <Toaster /> the shell renders shows it. The module is a shared federation singleton; the state is also
 * pinned on globalThis so that even a stray second copy of this module (a remote run on its own, a
 * mis-shared build) still feeds the same Toaster instead of silently showing nothing.
 * ------------------------------------------------------------------------------------------------------- */

/** Spec "Toast store": at most this many toasts are shown; a new one replaces the oldest. */
export const TOAST_LIMIT = 1;
/** Spec §9: how long a toast stays open, in ms, unless its own `duration` says otherwise. */
export const TOAST_DEFAULT_DURATION = 5000;
/** Spec §9: how long a dismissed (closed) toast stays in the store before it is removed, in ms. */
export const TOAST_REMOVE_DELAY = 1_000_000;
/** Spec §9: swipe distance (px) that dismisses a toast, its direction, and the key that focuses the list. */
export const TOAST_SWIPE_THRESHOLD = 50;
export const TOAST_SWIPE_DIRECTION = 'right';
export const TOAST_HOTKEY: string[] = ['F8'];

export type ToastVariant = 'default' | 'destructive' | 'success';

export interface ToastInput {
  title?: string;
  description?: string;
  variant?: ToastVariant;
  /** ms before it closes by itself; default TOAST_DEFAULT_DURATION. */
  duration?: number;
}

export interface ToastItem {
  id: string;
  title?: string;
  description?: string;
  variant: ToastVariant;
  duration: number;
  /** false once dismissed; the item is removed TOAST_REMOVE_DELAY ms later. */
  open: boolean;
}

export interface ToastHandle {
  id: string;
  dismiss(): void;
}

interface ToastState {
  toasts: ToastItem[];
  listeners: Set<() => void>;
  removalTimers: Map<string, ReturnType<typeof setTimeout>>;
  count: number;
}

const STATE_KEY = Symbol.for('@ringwise/ui/toast-store@1');
/** The server snapshot, and a fresh store's first: no toasts. */
const EMPTY: ToastItem[] = [];

const registry = globalThis as unknown as Record<symbol, ToastState | undefined>;
const state: ToastState = (registry[STATE_KEY] ??= {
  toasts: EMPTY,
  listeners: new Set(),
  removalTimers: new Map(),
  count: 0,
});

function setToasts(next: ToastItem[]): void {
  state.toasts = next;
  for (const listener of state.listeners) listener();
}

function cancelRemoval(id: string): void {
  const timer = state.removalTimers.get(id);
  if (timer !== undefined) {
    clearTimeout(timer);
    state.removalTimers.delete(id);
  }
}

function scheduleRemoval(id: string): void {
  if (state.removalTimers.has(id)) return;
  const timer = setTimeout(() => {
    state.removalTimers.delete(id);
    setToasts(state.toasts.filter((t) => t.id !== id));
  }, TOAST_REMOVE_DELAY);
  state.removalTimers.set(id, timer);
}

/** Subscribe to store changes (for useSyncExternalStore or non-React code); returns the unsubscribe. */
export function subscribeToasts(listener: () => void): () => void {
  state.listeners.add(listener);
  return () => {
    state.listeners.delete(listener);
  };
}

/** The current toasts, newest first. The same array is returned until something changes; never mutate it. */
export function getToastsSnapshot(): ToastItem[] {
  return state.toasts;
}

function getServerSnapshot(): ToastItem[] {
  return EMPTY;
}

/** Show a toast. It replaces the one on screen (TOAST_LIMIT = 1) and closes after `duration` ms. */
export function toast(input: ToastInput): ToastHandle {
  state.count += 1;
  const id = `toast-${state.count}`;
  const item: ToastItem = {
    id,
    title: input.title,
    description: input.description,
    variant: input.variant ?? 'default',
    duration: input.duration ?? TOAST_DEFAULT_DURATION,
    open: true,
  };
  const next = [item, ...state.toasts];
  for (const dropped of next.slice(TOAST_LIMIT)) cancelRemoval(dropped.id);
  setToasts(next.slice(0, TOAST_LIMIT));
  return { id, dismiss: () => dismissToast(id) };
}

/** Close one toast (or every toast when no id is given). It leaves the store TOAST_REMOVE_DELAY ms later. */
export function dismissToast(id?: string): void {
  let changed = false;
  const next = state.toasts.map((t) => {
    if (id !== undefined && t.id !== id) return t;
    scheduleRemoval(t.id);
    if (!t.open) return t;
    changed = true;
    return { ...t, open: false };
  });
  if (changed) setToasts(next);
}

/** The toasts in the store (open and recently dismissed), newest first; re-renders on every change. */
export function useToasts(): ToastItem[] {
  return useSyncExternalStore(subscribeToasts, getToastsSnapshot, getServerSnapshot);
}

/** Test helper: drop every toast and pending removal (ids keep counting up, so keys never repeat). Not for app code. */
export function __resetToastsForTests(): void {
  for (const timer of state.removalTimers.values()) clearTimeout(timer);
  state.removalTimers.clear();
  setToasts(EMPTY);
}
