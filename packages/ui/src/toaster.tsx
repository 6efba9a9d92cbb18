// The Toaster renders the toast store (toast.tsx): once, in the shell. It is its own module so the page
// only downloads the toast UI when the first toast is shown.
import './styles.css';
import type { JSX } from 'react';
import { Toast as ToastPrimitive } from 'radix-ui';
import { cn } from './cn.tsx';
import { CloseIcon } from '@ringwise/ui/icons';
import {
  TOAST_DEFAULT_DURATION,
  TOAST_HOTKEY,
  TOAST_SWIPE_DIRECTION,
  TOAST_SWIPE_THRESHOLD,
  dismissToast,
  useToasts,
  type ToastVariant,
} from '@ringwise/ui/toast';

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
            <CloseIcon />
            <span className="sr-only">Close</span>
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport
        hotkey={TOAST_HOTKEY}
        // at the bottom on every screen (bottom-right from `md` up), where it covers neither the header's balance nor
        // an open dialog's title as the top of a phone's screen did; the empty list never blocks clicks
        className="pointer-events-none fixed bottom-0 right-0 z-100 m-0 flex max-h-screen w-full list-none flex-col gap-2 p-4 outline-none md:max-w-105"
      />
    </ToastPrimitive.Provider>
  );
}
