// './widgets/save-contact-dialog' (spec §2 Calls view, §5 "Quick save requires a non-blank name"): save an
// unknown number from Recent Calls with just a name.
import { useId, useRef, useState, type FormEvent } from 'react';
import { UserPlus } from 'lucide-react';
import type { Contact } from '@ringwise/contract/contacts';
import { Button } from '@ringwise/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger, useControllableOpen } from '@ringwise/ui/dialog';
import { Input } from '@ringwise/ui/input';
import { Label } from '@ringwise/ui/label';
import { SimpleTooltip } from '@ringwise/ui/tooltip';
import type { SaveContactDialogProps } from '@ringwise/apps/exposed/contacts';
import { serverFieldErrors, serverMessage } from '../contacts/contact-errors.ts';
import { validateQuickSaveName } from '../contacts/contact-form-rules.ts';
import { CONTACT_TOASTS, useSaveContactFromCall } from '../contacts/contacts-data.ts';
import { usePhoneFormat } from '@ringwise/phone/display';

export function SaveContactDialog({ phoneNumber, open: openProp, onOpenChange, onSaved, triggerClassName }: SaveContactDialogProps) {
  const { open, setOpen, controlled } = useControllableOpen(openProp, onOpenChange);
  const format = usePhoneFormat();
  const shown = format(phoneNumber);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      {controlled ? null : (
        <SimpleTooltip content="Save Contact">
          <DialogTrigger asChild>
            <Button variant="ghost" size="icon" aria-label={`Save ${shown} to contacts`} className={triggerClassName}>
              <UserPlus aria-hidden="true" className="ct:size-4" />
            </Button>
          </DialogTrigger>
        </SimpleTooltip>
      )}
      <DialogContent className="ct:sm:max-w-sm">
        <DialogHeader>
          <DialogTitle>Save Contact</DialogTitle>
          <DialogDescription>
            Save <span className="ct:whitespace-nowrap ct:font-medium ct:text-foreground ct:tabular-nums">{shown}</span> to your contacts.
          </DialogDescription>
        </DialogHeader>
        <SaveContactForm
          phoneNumber={phoneNumber}
          onCancel={() => setOpen(false)}
          onDone={(saved) => {
            onSaved?.(saved);
            setOpen(false);
          }}
        />
      </DialogContent>
    </Dialog>
  );
}

function SaveContactForm({
  phoneNumber,
  onCancel,
  onDone,
}: {
  phoneNumber: string;
  onCancel: () => void;
  onDone: (contact: Contact | null) => void;
}) {
  const id = useId();
  const nameId = `${id}-name`;
  const errorId = `${id}-name-error`;
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const save = useSaveContactFromCall();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending) return;
    setFormError(null);
    const error = validateQuickSaveName(name);
    setNameError(error);
    if (error) {
      inputRef.current?.focus();
      return;
    }
    try {
      onDone(await save.mutateAsync({ phoneNumber, displayName: name.trim() }));
    } catch (failure) {
      const message = serverMessage(failure);
      const fieldError = serverFieldErrors(failure).displayName;
      if (fieldError) {
        setNameError(fieldError);
        inputRef.current?.focus();
      } else {
        setFormError(message ?? CONTACT_TOASTS.saveFailed);
      }
    }
  }

  return (
    <form noValidate onSubmit={submit} aria-busy={save.isPending || undefined} className="ct:grid ct:gap-4">
      {formError ? (
        <p role="alert" className="ct:rounded-md ct:border ct:border-destructive ct:px-3 ct:py-2 ct:text-sm ct:text-destructive">
          {formError}
        </p>
      ) : null}
      <div className="ct:grid ct:gap-2">
        <Label htmlFor={nameId}>Name</Label>
        <Input
          ref={inputRef}
          id={nameId}
          name="displayName"
          autoComplete="name"
          aria-required="true"
          aria-invalid={nameError ? true : undefined}
          aria-describedby={nameError ? errorId : undefined}
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            if (nameError) setNameError(validateQuickSaveName(event.target.value));
          }}
        />
        {nameError ? (
          <p id={errorId} className="ct:text-sm ct:font-medium ct:text-destructive">
            {nameError}
          </p>
        ) : null}
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save'}
        </Button>
      </DialogFooter>
    </form>
  );
}
