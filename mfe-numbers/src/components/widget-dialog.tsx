// The frame of the remote's two dialogs (virtual numbers, caller IDs): controlled by the page that shows it, or
// opened by its own trigger button; at most 85% of the viewport high, scrolling inside.
import type { ReactNode, RefObject } from 'react';
import { Button } from '@ringwise/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger, useControllableOpen } from '@ringwise/ui/dialog';

export interface WidgetDialogProps {
  /** Controlled: whether it is open (no trigger then). */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  returnFocusRef?: RefObject<HTMLElement | null>;
  triggerLabel: string;
  triggerIcon: ReactNode;
  triggerClassName?: string;
  /** The dialog's width from `sm` up, e.g. `nm:sm:max-w-xl`. */
  widthClassName: string;
  title: string;
  description: string;
  children: ReactNode;
}

export function WidgetDialog({ open: openProp, onOpenChange, returnFocusRef, triggerLabel, triggerIcon, triggerClassName, widthClassName, title, description, children }: WidgetDialogProps) {
  const { open, setOpen, controlled } = useControllableOpen(openProp, onOpenChange);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      {controlled ? null : (
        <DialogTrigger asChild>
          <Button variant="outline" className={triggerClassName}>
            {triggerIcon} {triggerLabel}
          </Button>
        </DialogTrigger>
      )}
      <DialogContent className={`nm:max-h-[85vh] nm:gap-6 nm:p-4 ${widthClassName} nm:sm:p-6`} returnFocusRef={returnFocusRef}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}
