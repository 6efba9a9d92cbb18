import './styles.css';
import { forwardRef, type ComponentPropsWithoutRef, type ComponentRef, type HTMLAttributes, type RefObject, useState } from 'react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { cn } from './cn.tsx';
import { DialogCornerClose, useEscapeCloses, useFocusReturn } from './internal/dialog-close.tsx';

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
 * The dialog panel, portalled with a dimming overlay and a close button ("Close" for screen readers). When it
 * closes, the focus returns to whatever opened it, also when that was not a DialogTrigger (a dialog opened
 * from code, a widget of another remote).
 */
export const DialogContent = forwardRef<ComponentRef<typeof DialogPrimitive.Content>, DialogContentProps>(
  function DialogContent({ className, children, hideClose = false, returnFocusRef, onOpenAutoFocus, onCloseAutoFocus, onKeyDown, ...props }, ref) {
    const escape = useEscapeCloses(onKeyDown);
    const focusReturn = useFocusReturn(returnFocusRef, onOpenAutoFocus, onCloseAutoFocus);
    return (
      <DialogPortal>
        <DialogOverlay />
        <DialogPrimitive.Content
          ref={ref}
          className={cn(
            'fixed left-1/2 top-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-lg border border-border bg-background p-6 text-foreground shadow-lg transition-[opacity,scale] duration-200 starting:scale-95 starting:opacity-0 focus-visible:outline-none motion-reduce:transition-none',
            className,
          )}
          {...focusReturn}
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
