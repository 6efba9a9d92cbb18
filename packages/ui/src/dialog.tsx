import './styles.css';
import { forwardRef, type ComponentPropsWithoutRef, type ComponentRef, type HTMLAttributes, type KeyboardEvent, type RefObject, useRef, useState } from 'react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { cn } from './cn.tsx';
import { CloseIcon } from '@ringwise/ui/icons';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogPortal = DialogPrimitive.Portal;
export const DialogClose = DialogPrimitive.Close;

export const DialogOverlay = forwardRef<
  ComponentRef<typeof DialogPrimitive.Overlay>,
  ComponentPropsWithoutRef<typeof DialogPrimitive.Overlay>
>(function DialogOverlay({ className, ...props }, ref) {
  return (
    <DialogPrimitive.Overlay
      ref={ref}
      className={cn(
        'fixed inset-0 z-50 bg-black/80 transition-opacity duration-200 starting:opacity-0 motion-reduce:transition-none',
        className,
      )}
      {...props}
    />
  );
});

export interface DialogContentProps extends ComponentPropsWithoutRef<typeof DialogPrimitive.Content> {
  /** Hide the built-in close button (top-right ×), e.g. when the footer already has one. */
  hideClose?: boolean;
  /** Where the focus goes when the dialog closes (default: the element that had it when it opened). */
  returnFocusRef?: RefObject<HTMLElement | null>;
}

/**
 * The element that opened a dialog, or the one that took its place: a list that re-rendered while the dialog
 * was open (a saved contact) replaced the opener with an equal button, found by its accessible name.
 */
function stillThere(opener: HTMLElement | null): HTMLElement | null {
  if (!opener || opener === document.body) return null;
  if (opener.isConnected) return opener;
  const label = opener.getAttribute('aria-label');
  if (!label) return null;
  return document.querySelector<HTMLElement>(`${opener.tagName.toLowerCase()}[aria-label="${CSS.escape(label)}"]`);
}

/**
 * Escape in a dialog (or sheet) closes it, also while a toast is up: radix counts a toast shown after the
 * panel as the top layer, which would take the Escape for itself. Whatever already answered the key (the panel
 * itself, a select or a dialog inside it, a panel that refuses to close) prevented its default. Spread
 * `onKeyDown` on the content and render `closer` inside it.
 */
export function useEscapeCloses(onKeyDown?: (event: KeyboardEvent<HTMLDivElement>) => void) {
  const close = useRef<HTMLButtonElement>(null);
  return {
    onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
      onKeyDown?.(event);
      if (event.key === 'Escape' && !event.nativeEvent.defaultPrevented && !event.defaultPrevented) {
        event.preventDefault();
        close.current?.click();
      }
    },
    closer: <DialogPrimitive.Close ref={close} hidden tabIndex={-1} aria-hidden />,
  };
}

/**
 * The dialog panel, portalled with a dimming overlay and a close button ("Close" for screen readers). When it
 * closes, the focus returns to whatever opened it, also when that was not a DialogTrigger (a dialog opened
 * from code, a widget of another remote).
 */
export const DialogContent = forwardRef<ComponentRef<typeof DialogPrimitive.Content>, DialogContentProps>(
  function DialogContent({ className, children, hideClose = false, returnFocusRef, onOpenAutoFocus, onCloseAutoFocus, onKeyDown, ...props }, ref) {
    const opener = useRef<HTMLElement | null>(null);
    const escape = useEscapeCloses(onKeyDown);
    return (
      <DialogPortal>
        <DialogOverlay />
        <DialogPrimitive.Content
          ref={ref}
          className={cn(
            'fixed left-1/2 top-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-lg border border-border bg-background p-6 text-foreground shadow-lg transition-[opacity,scale] duration-200 starting:scale-95 starting:opacity-0 focus-visible:outline-none motion-reduce:transition-none',
            className,
          )}
          onOpenAutoFocus={(event) => {
            opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
            onOpenAutoFocus?.(event);
          }}
          onCloseAutoFocus={(event) => {
            onCloseAutoFocus?.(event);
            if (event.defaultPrevented) return;
            const target = returnFocusRef?.current?.isConnected ? returnFocusRef.current : stillThere(opener.current);
            if (target) {
              event.preventDefault();
              target.focus();
            }
          }}
          onKeyDown={escape.onKeyDown}
          {...props}
        >
          {children}
          {hideClose ? null : <DialogCornerClose />}
          {escape.closer}
        </DialogPrimitive.Content>
      </DialogPortal>
    );
  },
);

export function DialogHeader({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('flex flex-col gap-1.5 text-center sm:text-left', className)} {...props} />;
}

export function DialogFooter({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)} {...props} />;
}

export const DialogTitle = forwardRef<
  ComponentRef<typeof DialogPrimitive.Title>,
  ComponentPropsWithoutRef<typeof DialogPrimitive.Title>
>(function DialogTitle({ className, ...props }, ref) {
  return (
    <DialogPrimitive.Title
      ref={ref}
      className={cn('text-lg font-semibold leading-none tracking-tight', className)}
      {...props}
    />
  );
});

export const DialogDescription = forwardRef<
  ComponentRef<typeof DialogPrimitive.Description>,
  ComponentPropsWithoutRef<typeof DialogPrimitive.Description>
>(function DialogDescription({ className, ...props }, ref) {
  return <DialogPrimitive.Description ref={ref} className={cn('text-sm text-muted-foreground', className)} {...props} />;
});

/** The labelled × in a dialog's (or sheet's) top-right corner. */
export function DialogCornerClose() {
  return (
    <DialogPrimitive.Close className="absolute right-4 top-4 rounded-sm opacity-70 ring-offset-background transition-opacity hover:opacity-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 disabled:pointer-events-none">
      <CloseIcon />
      <span className="sr-only">Close</span>
    </DialogPrimitive.Close>
  );
}

/** A dialog's open state that the parent controls when it passes `open`, and the dialog keeps otherwise (a
 *  widget's controlled and uncontrolled modes). */
export function useControllableOpen(open: boolean | undefined, onOpenChange: ((open: boolean) => void) | undefined) {
  const [own, setOwn] = useState(false);
  const controlled = open !== undefined;
  const setOpen = (next: boolean) => {
    if (!controlled) setOwn(next);
    onOpenChange?.(next);
  };
  return { open: controlled ? open : own, setOpen, controlled } as const;
}
