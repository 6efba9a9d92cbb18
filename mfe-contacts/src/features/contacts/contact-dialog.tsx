// The contact dialog (spec §2 Contacts view, §5 Contact form): create mode without a contact, edit mode
// with one. Messages show next to their fields; the api's field errors and its 409 message show there too.
// The list behind updates optimistically while the dialog waits for the api, so a failure can be fixed here.
import { useId, useRef, useState, type ChangeEvent, type FormEvent, type ReactNode, type RefObject } from 'react';
import type { Contact } from '@ringwise/contract/contacts';
import { Button } from '@ringwise/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@ringwise/ui/dialog';
import { Input } from '@ringwise/ui/input';
import { Label } from '@ringwise/ui/label';
import { Switch } from '@ringwise/ui/switch';
import { knownCallingCodes, toE164 } from '@ringwise/phone';
import { splitFullNumber, type OfferedCallingCode } from '@ringwise/phone/notation';
import {
  CONTACT_FORM_FIELDS,
  DEFAULT_COUNTRY_CODE,
  emptyContactForm,
  hasErrors,
  toContactInput,
  type ContactFormErrors,
  type ContactFormField,
  type ContactFormValues,
} from './contact-form-rules.ts';
import { contactFieldRules, validateContactForm, validatePhoneNumber } from './contact-form-validation.ts';
import { isConflict, serverFieldErrors, serverMessage } from './contact-errors.ts';
import { CONTACT_TOASTS, draftContact, useCreateContact, useUpdateContact } from './contacts-data.ts';
import { CountryCodePicker } from './country-code-picker.tsx';

/** Create-mode starting values, e.g. the number dialled in the dialer. */
export interface ContactDialogDefaults {
  displayName?: string;
  /** As dialled; a leading +code fills the country-code picker. */
  primaryNumber?: string;
  /** The picker's code when the number has no + (default +1). */
  countryCode?: string | null;
}

export interface ContactDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Edit this contact; without one the dialog creates a contact. */
  contact?: Contact | null;
  defaults?: ContactDialogDefaults;
  /** After the api has saved it (the dialog then closes). */
  onSaved?: (contact: Contact) => void;
}

export function ContactDialog({ open, onOpenChange, contact, defaults, onSaved }: ContactDialogProps) {
  const editing = Boolean(contact);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="ct:sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{editing ? 'Edit Contact' : 'Add Contact'}</DialogTitle>
          <DialogDescription>
            {editing ? 'Change the details of this contact.' : 'Save a number to find and call it quickly.'}
          </DialogDescription>
        </DialogHeader>
        <ContactForm
          contact={contact ?? null}
          defaults={defaults}
          onCancel={() => onOpenChange(false)}
          onDone={(saved) => {
            onSaved?.(saved);
            onOpenChange(false);
          }}
        />
      </DialogContent>
    </Dialog>
  );
}

let offered: OfferedCallingCode[] | null = null;

/** A full number ("+44 7700 900123", "0044 …", or a stored "+447700900123") as the picker's code and the rest; any
 *  other text stays in the number field with `code` in the picker. The picker can show every calling code. */
function splitForPicker(number: string, code: string): { countryCode: string; number: string } {
  offered ??= knownCallingCodes();
  const split = splitFullNumber(number, code, offered);
  return split ? { countryCode: split.callingCode, number: split.nationalNumber } : { countryCode: code, number };
}

function initialValues(contact: Contact | null, defaults: ContactDialogDefaults | undefined): ContactFormValues {
  if (contact) {
    const { countryCode, number } = splitForPicker(contact.primaryNumber, contact.countryCode || DEFAULT_COUNTRY_CODE);
    return {
      displayName: contact.displayName,
      countryCode,
      primaryNumber: number,
      email: contact.email ?? '',
      notes: contact.notes ?? '',
      favorite: contact.favorite,
    };
  }
  const fallbackCode = defaults?.countryCode || DEFAULT_COUNTRY_CODE;
  const { countryCode, number } = splitForPicker(defaults?.primaryNumber ?? '', fallbackCode);
  return { ...emptyContactForm, displayName: defaults?.displayName ?? '', countryCode, primaryNumber: number };
}

/** A number typed with its own calling code ("+44 …", "0044 …") decides the picker's code (the api reads the
 *  code from the number); the text stays as typed. */
function codeOfTyped(number: string, current: string): string {
  return splitForPicker(number, current).countryCode;
}

function ContactForm({
  contact,
  defaults,
  onCancel,
  onDone,
}: {
  contact: Contact | null;
  defaults: ContactDialogDefaults | undefined;
  onCancel: () => void;
  onDone: (contact: Contact) => void;
}) {
  const id = useId();
  const [values, setValues] = useState(() => initialValues(contact, defaults));
  const [errors, setErrors] = useState<ContactFormErrors>({});
  const [dirty, setDirty] = useState<Partial<Record<ContactFormField, boolean>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  // the values the api refused, per field: its message stays until that value is changed
  const [refused, setRefused] = useState<Partial<Record<ContactFormField, string>>>({});
  const create = useCreateContact();
  const update = useUpdateContact();
  const pending = create.isPending || update.isPending;

  const refs: Record<ContactFormField, RefObject<HTMLInputElement | null>> = {
    displayName: useRef<HTMLInputElement>(null),
    primaryNumber: useRef<HTMLInputElement>(null),
    email: useRef<HTMLInputElement>(null),
  };

  function focusFirstError(found: ContactFormErrors) {
    const first = CONTACT_FORM_FIELDS.find((field) => found[field]);
    if (first) refs[first].current?.focus();
  }

  function change<K extends keyof ContactFormValues>(field: K, value: ContactFormValues[K]) {
    setValues((current) => ({ ...current, [field]: value }));
    if (field === 'displayName' || field === 'primaryNumber' || field === 'email') {
      const key = field as ContactFormField;
      setDirty((current) => (current[key] ? current : { ...current, [key]: true }));
      // a shown message follows the text as it is fixed (or broken again)
      if (errors[key]) setErrors((current) => ({ ...current, [key]: contactFieldRules[key](value as string, values.countryCode) }));
    }
    // the number is read with the picked code: a shown message follows the code too
    if (field === 'countryCode' && errors.primaryNumber) {
      setErrors((current) => ({ ...current, primaryNumber: validatePhoneNumber(values.primaryNumber, value as string) }));
    }
  }

  function blur(field: ContactFormField) {
    if (field === 'primaryNumber') {
      setValues((current) => ({ ...current, countryCode: codeOfTyped(current.primaryNumber, current.countryCode) }));
    }
    if (!dirty[field]) return;
    const keepServerMessage = refused[field] !== undefined && refused[field] === values[field];
    setErrors((current) => ({
      ...current,
      [field]: contactFieldRules[field](values[field], values.countryCode) ?? (keepServerMessage ? current[field] : undefined),
    }));
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    setFormError(null);
    const found = validateContactForm(values);
    setErrors(found);
    if (hasErrors(found)) {
      focusFirstError(found);
      return;
    }
    const input = toContactInput({ ...values, countryCode: codeOfTyped(values.primaryNumber, values.countryCode) });
    // what the api will store (the same reading; the rules above made sure there is one)
    const e164 = toE164(input.primaryNumber, input.countryCode) ?? input.primaryNumber;
    try {
      if (contact) {
        const changes = { ...input, primaryNumber: e164 };
        const updated = await update.mutateAsync({ id: contact.id, input, changes });
        onDone(updated ?? { ...contact, ...changes });
      } else {
        onDone(await create.mutateAsync({ input, draft: draftContact(input, e164) }));
      }
    } catch (error) {
      const fromServer: ContactFormErrors = serverFieldErrors(error);
      const message = serverMessage(error);
      if (isConflict(error) && message) fromServer.primaryNumber = message;
      setErrors(fromServer);
      setRefused(Object.fromEntries(CONTACT_FORM_FIELDS.filter((field) => fromServer[field]).map((field) => [field, values[field]])));
      if (hasErrors(fromServer)) focusFirstError(fromServer);
      else setFormError(message ?? (contact ? CONTACT_TOASTS.updateFailed : CONTACT_TOASTS.createFailed));
    }
  }

  const ids = {
    displayName: `${id}-name`,
    primaryNumber: `${id}-number`,
    email: `${id}-email`,
    notes: `${id}-notes`,
    favorite: `${id}-favorite`,
    countryCode: `${id}-code`,
    numberHint: `${id}-number-hint`,
    favoriteHint: `${id}-favorite-hint`,
  };
  const describe = (field: ContactFormField, ...more: string[]) =>
    [...more, errors[field] ? `${ids[field]}-error` : ''].filter(Boolean).join(' ') || undefined;
  /** What a checked field's input takes: its names, its value and events, and what describes it. */
  const bind = (field: ContactFormField, ...hints: string[]) => ({
    ref: refs[field],
    id: ids[field],
    name: field,
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': describe(field, ...hints),
    value: values[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) => change(field, event.target.value),
    onBlur: () => blur(field),
  });

  return (
    <form noValidate onSubmit={submit} aria-busy={pending || undefined} className="ct:grid ct:gap-4">
      {formError ? (
        <p role="alert" className="ct:rounded-md ct:border ct:border-destructive ct:px-3 ct:py-2 ct:text-sm ct:text-destructive">
          {formError}
        </p>
      ) : null}

      <Field htmlFor={ids.displayName} label="Name" error={errors.displayName} errorId={`${ids.displayName}-error`}>
        <Input {...bind('displayName')} autoComplete="name" aria-required="true" />
      </Field>

      <Field
        htmlFor={ids.primaryNumber}
        label="Phone number"
        error={errors.primaryNumber}
        errorId={`${ids.primaryNumber}-error`}
        hint={<span id={ids.numberHint}>Pick the country code, or type the full number starting with +.</span>}
      >
        <div className="ct:flex ct:gap-2">
          <CountryCodePicker id={ids.countryCode} value={values.countryCode} onChange={(code) => change('countryCode', code)} />
          <Input {...bind('primaryNumber', ids.numberHint)} type="tel" inputMode="tel" autoComplete="tel" aria-required="true" />
        </div>
      </Field>

      <Field htmlFor={ids.email} label="Email (optional)" error={errors.email} errorId={`${ids.email}-error`}>
        <Input {...bind('email')} type="email" inputMode="email" autoComplete="email" />
      </Field>

      <Field htmlFor={ids.notes} label="Notes (optional)">
        <textarea
          id={ids.notes}
          name="notes"
          rows={3}
          value={values.notes}
          onChange={(event) => change('notes', event.target.value)}
          className="ct:flex ct:min-h-20 ct:w-full ct:resize-y ct:rounded-md ct:border ct:border-input ct:bg-background ct:px-3 ct:py-2 ct:text-base ct:text-foreground ct:ring-offset-background ct:placeholder:text-muted-foreground ct:focus-visible:outline-none ct:focus-visible:ring-2 ct:focus-visible:ring-ring ct:focus-visible:ring-offset-2 ct:md:text-sm"
        />
      </Field>

      <div className="ct:flex ct:items-center ct:justify-between ct:gap-4">
        <div className="ct:grid ct:gap-1">
          <Label htmlFor={ids.favorite}>Favorite</Label>
          <p id={ids.favoriteHint} className="ct:text-sm ct:text-muted-foreground">
            Favorites are listed first.
          </p>
        </div>
        <Switch
          id={ids.favorite}
          checked={values.favorite}
          onCheckedChange={(checked) => change('favorite', checked)}
          aria-describedby={ids.favoriteHint}
        />
      </div>

      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? 'Saving...' : contact ? 'Save Changes' : 'Add Contact'}
        </Button>
      </DialogFooter>
    </form>
  );
}

function Field({
  htmlFor,
  label,
  error,
  errorId,
  hint,
  children,
}: {
  htmlFor: string;
  label: string;
  error?: string;
  errorId?: string;
  hint?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="ct:grid ct:gap-2">
      <Label htmlFor={htmlFor}>{label}</Label>
      {children}
      {hint ? <p className="ct:text-xs ct:text-muted-foreground">{hint}</p> : null}
      {error ? (
        <p id={errorId} className="ct:text-sm ct:font-medium ct:text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
