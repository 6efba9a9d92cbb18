// Spec §5 "Contact form": what the contact dialog and the quick save accept, with the exact messages.
// Pure functions; the dialogs show the messages next to their fields.
// The rules and messages themselves are the contract's (@ringwise/contract/contacts), which the api checks too.
// The rules that read the phone number need libphonenumber's metadata: they are in contact-form-validation.ts,
// loaded with the dialog, since the dialer's widgets load this file at once (through contact-errors.ts).
import { contactFormMessages, defaultCountryCode, isValidEmail, minNumberDigits, type ContactInput } from '@ringwise/contract/contacts';

export const NAME_REQUIRED = contactFormMessages.nameRequired;
export const PHONE_REQUIRED = contactFormMessages.numberRequired;
export const PHONE_INVALID = contactFormMessages.numberInvalid;
export const EMAIL_INVALID = contactFormMessages.emailInvalid;

/** Spec §9 Limits: digits the number must have after its calling code, as it is stored (E.164). */
export const MIN_PHONE_DIGITS = minNumberDigits;
/** The country code a new contact starts with (spec §3). */
export const DEFAULT_COUNTRY_CODE = defaultCountryCode;

export interface ContactFormValues {
  displayName: string;
  /** The calling code chosen in the picker, e.g. "+44". */
  countryCode: string;
  /** As typed; a leading + means it already carries its country code. */
  primaryNumber: string;
  email: string;
  notes: string;
  favorite: boolean;
}

export type ContactFormField = 'displayName' | 'primaryNumber' | 'email';
export type ContactFormErrors = Partial<Record<ContactFormField, string>>;

/** The order the fields appear in (the first invalid one gets the focus). */
export const CONTACT_FORM_FIELDS: readonly ContactFormField[] = ['displayName', 'primaryNumber', 'email'];

export const emptyContactForm: ContactFormValues = {
  displayName: '',
  countryCode: DEFAULT_COUNTRY_CODE,
  primaryNumber: '',
  email: '',
  notes: '',
  favorite: false,
};

export function validateDisplayName(value: string): string | undefined {
  return value.trim() ? undefined : NAME_REQUIRED;
}

/** Empty is fine; otherwise an address as <input type="email"> takes it, with a dot in the domain. */
export function validateEmail(value: string): string | undefined {
  const trimmed = value.trim();
  if (!trimmed) return undefined;
  return isValidEmail(trimmed) ? undefined : EMAIL_INVALID;
}

export function hasErrors(errors: ContactFormErrors): boolean {
  return CONTACT_FORM_FIELDS.some((field) => Boolean(errors[field]));
}

/** Quick save from Recent Calls: the name must not be blank (spec §5). */
export function validateQuickSaveName(value: string): string | undefined {
  return validateDisplayName(value);
}

/** The body of POST /api/contacts and PATCH /api/contacts/{id}: trimmed, blanks sent as null. */
export function toContactInput(values: ContactFormValues): ContactInput {
  const email = values.email.trim();
  const notes = values.notes.trim();
  return {
    displayName: values.displayName.trim(),
    primaryNumber: values.primaryNumber.trim(),
    countryCode: values.countryCode || null,
    email: email || null,
    notes: notes || null,
    favorite: values.favorite,
  };
}
