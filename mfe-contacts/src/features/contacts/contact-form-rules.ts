// Spec §5 "Contact form": what the contact dialog and the quick save accept, with the exact messages.
// Pure functions; the dialogs show the messages next to their fields.
// The rules and messages themselves are the contract's (@ringwise/contract/contacts), which the api checks too.
import {
  contactFormMessages,
  defaultCountryCode,
  hasEnoughDigits,
  isValidEmail,
  minNumberDigits,
  type ContactInput,
} from '@ringwise/contract/contacts';

export const NAME_REQUIRED = contactFormMessages.nameRequired;
export const PHONE_REQUIRED = contactFormMessages.numberRequired;
export const PHONE_INVALID = contactFormMessages.numberInvalid;
export const EMAIL_INVALID = contactFormMessages.emailInvalid;

/** Spec §9 Limits: digits that must remain once a leading +code and every non-digit are removed. */
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

/**
 * Required; then, after removing a leading "+" with 1-4 digits (the country code) and every non-digit,
 * at least 4 digits must remain. "+44 1234" passes (1234 remains); "+441234" does not, since the leading
 * code takes up to four digits ("+4412"), leaving "34".
 */
export function validatePhoneNumber(value: string): string | undefined {
  const trimmed = value.trim();
  if (!trimmed) return PHONE_REQUIRED;
  return hasEnoughDigits(trimmed) ? undefined : PHONE_INVALID;
}

/** Empty is fine; otherwise an address as <input type="email"> takes it, with a dot in the domain. */
export function validateEmail(value: string): string | undefined {
  const trimmed = value.trim();
  if (!trimmed) return undefined;
  return isValidEmail(trimmed) ? undefined : EMAIL_INVALID;
}

/** Every message for the form; an empty object means it can be sent. */
export function validateContactForm(values: Pick<ContactFormValues, ContactFormField>): ContactFormErrors {
  const errors: ContactFormErrors = {};
  const displayName = validateDisplayName(values.displayName);
  const primaryNumber = validatePhoneNumber(values.primaryNumber);
  const email = validateEmail(values.email);
  if (displayName) errors.displayName = displayName;
  if (primaryNumber) errors.primaryNumber = primaryNumber;
  if (email) errors.email = email;
  return errors;
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
