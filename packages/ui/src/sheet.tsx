import './styles.css';
import { forwardRef, type ComponentPropsWithoutRef, type ComponentRef, type HTMLAttributes, type RefObject } from 'react';
import { Dialog as SheetPrimitive } from 'radix-ui';
import { cn } from './cn.tsx';
import { DialogCornerClose, useEscapeCloses, useFocusReturn } from './internal/dialog-close.tsx';

/** A panel that slides in from an edge of the screen; a radix Dialog underneath (focus trap, Esc, aria-modal). */
export const Sheet = SheetPrimitive.Root;
export const SheetTrigger = SheetPrimitive.Trigger;
export const SheetClose = SheetPrimitive.Close;
export const SheetPortal = SheetPrimitive.Portal;

export type SheetSide = 'top' | 'right' | 'bottom' | 'left';

const sides: Record<SheetSide, string> = {
  top: 'inset-x-0 top-0 max-h-[85dvh] border-b starting:-translate-y-full',
  bottom: 'inset-x-0 bottom-0 max-h-[85dvh] border-t starting:translate-y-full',
  left: 'inset-y-0 left-0 h-full w-3/4 border-r sm:max-w-sm starting:-translate-x-full',
  right: 'inset-y-0 right-0 h-full w-3/4 border-l sm:max-w-sm starting:translate-x-full',
};

export const SheetOverlay = forwardRef<
  ComponentRef<typeof SheetPrimitive.Overlay>,
  ComponentPropsWithoutRef<typeof SheetPrimitive.Overlay>
>(function SheetOverlay({ className, ...props }, ref) {
  return (
    <SheetPrimitive.Overlay
      ref={ref}
      className={cn(
        'fixed inset-0 z-50 bg-black/80 transition-opacity duration-300 starting:opacity-0 motion-reduce:transition-none',
        className,
      )}
      {...props}
    />
  );
});

export interface SheetContentProps extends ComponentPropsWithoutRef<typeof SheetPrimitive.Content> {
  /** The edge the sheet slides in from. Default 'right'. */
  side?: SheetSide;
  /** Hide the built-in close button (top-right ×). */
  hideClose?: boolean;
  /** Where the focus goes when the sheet closes (default: the element that had it when it opened). */
  returnFocusRef?: RefObject<HTMLElement | null>;
}

export const SheetContent = forwardRef<ComponentRef<typeof SheetPrimitive.Content>, SheetContentProps>(
  function SheetContent({ side = 'right', hideClose = false, returnFocusRef, className, children, onKeyDown, onOpenAutoFocus, onCloseAutoFocus, ...props }, ref) {
    const escape = useEscapeCloses(onKeyDown);
    const focusReturn = useFocusReturn(returnFocusRef, onOpenAutoFocus, onCloseAutoFocus);
    return (
      <SheetPortal>
        <SheetOverlay />
        <SheetPrimitive.Content
          ref={ref}
          data-side={side}
          className={cn(
            'fixed z-50 flex flex-col gap-4 overflow-y-auto border-border bg-background p-6 text-foreground shadow-lg transition-transform duration-300 ease-out focus-visible:outline-none motion-reduce:transition-none',
            sides[side],
            className,
          )}
          onKeyDown={escape.onKeyDown}
          {...focusReturn}
          {...props}
        >
          {children}
          {hideClose ? null : <DialogCornerClose />}
          {escape.closer}
        </SheetPrimitive.Content>
      </SheetPortal>
    );
  },
);

export function SheetHeader({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('flex flex-col gap-2 pr-8 text-center sm:text-left', className)} {...props} />;
}

export function SheetFooter({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('mt-auto flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)} {...props} />;
}

export const SheetTitle = forwardRef<
  ComponentRef<typeof SheetPrimitive.Title>,
  ComponentPropsWithoutRef<typeof SheetPrimitive.Title>
>(function SheetTitle({ className, ...props }, ref) {
  return <SheetPrimitive.Title ref={ref} className={cn('text-lg font-semibold text-foreground', className)} {...props} />;
});

export const SheetDescription = forwardRef<
  ComponentRef<typeof SheetPrimitive.Description>,
  ComponentPropsWithoutRef<typeof SheetPrimitive.Description>
>(function SheetDescription({ className, ...props }, ref) {
  return <SheetPrimitive.Description ref={ref} className={cn('text-sm text-muted-foreground', className)} {...props} />;
});
