import './styles.css';
import { useSyncExternalStore, type JSX } from 'react';
import { Toast as ToastPrimitive } from 'radix-ui';
import { cn } from './cn.tsx';

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

/* --------------------------------------------------------------------------------------------------------
 * The Toaster: render exactly once, in the shell.
 * ------------------------------------------------------------------------------------------------------ */

const variantClasses: Record<ToastVariant, string> = {
  default: 'border-border bg-background text-foreground',
  destructive: 'border-destructive bg-destructive text-destructive-foreground',
  success: 'border-border border-l-4 border-l-success bg-background text-foreground',
};

const closeClasses: Record<ToastVariant, string> = {
  default: 'text-foreground/60 hover:text-foreground focus-visible:ring-ring',
  destructive: 'text-destructive-foreground/80 hover:text-destructive-foreground focus-visible:ring-destructive-foreground',
  success: 'text-foreground/60 hover:text-foreground focus-visible:ring-ring',
};

export function Toaster(): JSX.Element {
  const toasts = useToasts();
  return (
    <ToastPrimitive.Provider
      duration={TOAST_DEFAULT_DURATION}
      swipeDirection={TOAST_SWIPE_DIRECTION}
      swipeThreshold={TOAST_SWIPE_THRESHOLD}
      label="Notifications"
    >
      {toasts.map((t) => (
        <ToastPrimitive.Root
          key={t.id}
          open={t.open}
          onOpenChange={(open) => {
            if (!open) dismissToast(t.id);
          }}
          duration={t.duration}
          // errors interrupt the screen reader (aria-live assertive); the rest wait their turn
          type={t.variant === 'destructive' ? 'foreground' : 'background'}
          data-variant={t.variant}
          className={cn(
            'pointer-events-auto relative flex w-full items-start justify-between gap-4 overflow-hidden rounded-md border p-4 pr-10 shadow-lg transition-[opacity,translate] duration-300 starting:-translate-y-full starting:opacity-0 sm:starting:translate-x-full sm:starting:translate-y-0 data-[swipe=cancel]:translate-x-0 data-[swipe=end]:translate-x-(--radix-toast-swipe-end-x) data-[swipe=move]:translate-x-(--radix-toast-swipe-move-x) data-[swipe=move]:transition-none motion-reduce:transition-none',
            variantClasses[t.variant],
          )}
        >
          <div className="grid gap-1">
            {t.title ? <ToastPrimitive.Title className="text-sm font-semibold">{t.title}</ToastPrimitive.Title> : null}
            {t.description ? (
              <ToastPrimitive.Description className="text-sm opacity-90">{t.description}</ToastPrimitive.Description>
            ) : null}
          </div>
          <ToastPrimitive.Close
            className={cn(
              'absolute right-2 top-2 rounded-md p-1 transition-colors focus-visible:outline-none focus-visible:ring-2',
              closeClasses[t.variant],
            )}
          >
            <svg
              aria-hidden="true"
              focusable="false"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth={2}
              strokeLinecap="round"
              className="size-4"
            >
              <path d="M18 6 6 18M6 6l12 12" />
            </svg>
            <span className="sr-only">Close</span>
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport
        hotkey={TOAST_HOTKEY}
        // top of the screen on phones, bottom-right from `sm` up; the empty list never blocks clicks
        className="pointer-events-none fixed top-0 z-100 m-0 flex max-h-screen w-full list-none flex-col-reverse gap-2 p-4 outline-none sm:bottom-0 sm:right-0 sm:top-auto sm:flex-col md:max-w-105"
      />
    </ToastPrimitive.Provider>
  );
}
