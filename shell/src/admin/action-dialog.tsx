// An admin action in a dialog: the button that opens it, and its form (title, what it does, the fields, the
// api's refusal as it says it, Cancel and the submit button). The form is mounted only while the dialog is
// open, so each opening starts empty; closing returns the focus to the button.
import { useRef, useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import { Button, type ButtonProps } from '@ringwise/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@ringwise/ui/dialog';

type Opener = RefObject<HTMLButtonElement | null>;

export function DialogButton({ dialog, ...button }: Omit<ButtonProps, 'onClick'> & { dialog: (close: () => void, opener: Opener) => ReactNode }) {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button ref={opener} {...button} onClick={() => setOpen(true)} />
      <Dialog open={open} onOpenChange={setOpen}>
        {open ? dialog(() => setOpen(false), opener) : null}
      </Dialog>
    </>
  );
}

export interface ActionFormProps {
  opener: Opener;
  title: string;
  description: ReactNode;
  children: ReactNode;
  /** The api's refusal, shown as it says it. */
  error: string | null;
  errorId?: string;
  pending: boolean;
  submitLabel: string;
  pendingLabel: string;
  onSubmit: () => void;
  onCancel: () => void;
}

export function ActionForm({ opener, title, description, children, error, errorId, pending, submitLabel, pendingLabel, onSubmit, onCancel }: ActionFormProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!pending) onSubmit();
  };
  return (
    <DialogContent returnFocusRef={opener}>
      <form onSubmit={submit} className="sh:grid sh:gap-4" noValidate>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
        {error ? (
          <p id={errorId} role="alert" className="sh:text-sm sh:text-destructive">
            {error}
          </p>
        ) : null}
        <DialogFooter>
          <Button variant="outline" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" aria-disabled={pending || undefined}>
            {pending ? pendingLabel : submitLabel}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
