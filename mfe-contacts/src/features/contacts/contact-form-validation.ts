// Spec §5 "Contact form": the checks that read the phone number, with @ringwise/phone, the api's own reading, so
// the form refuses exactly what the api would. They need libphonenumber's metadata, so they live apart from
// contact-form-rules.ts (which the dialer's widgets load at once) and load with the contact dialog.
import { hasEnoughDigits, toE164 } from '@ringwise/phone';
import {
  CONTACT_FORM_FIELDS,
  MIN_PHONE_DIGITS,
  PHONE_INVALID,
  PHONE_REQUIRED,
  validateDisplayName,
  validateEmail,
  type ContactFormErrors,
  type ContactFormField,
  type ContactFormValues,
} from './contact-form-rules.ts';

/**
 * Required; then the number as it will be stored, read with the picker's `countryCode` (a number written with
 * "+", "00" or, under +1, "011" keeps its own), must have at least 4 digits after its calling code. "+441234"
 * passes (+44, then 1234); "(0)12 3" under +1 does not: "(0)" is not dialled, and +1 123 keeps 3.
 */
export function validatePhoneNumber(value: string, countryCode: string): string | undefined {
  const trimmed = value.trim();
  if (!trimmed) return PHONE_REQUIRED;
  const stored = toE164(trimmed, countryCode);
  return stored !== null && hasEnoughDigits(stored, MIN_PHONE_DIGITS) ? undefined : PHONE_INVALID;
}

/** The rule of each checked field, given its text and the picked calling code (only the number reads it). */
export const contactFieldRules: Record<ContactFormField, (value: string, countryCode: string) => string | undefined> = {
  displayName: validateDisplayName,
  primaryNumber: validatePhoneNumber,
  email: validateEmail,
};

/** Every message for the form; an empty object means it can be sent. */
export function validateContactForm(values: Pick<ContactFormValues, ContactFormField | 'countryCode'>): ContactFormErrors {
  const errors: ContactFormErrors = {};
  for (const field of CONTACT_FORM_FIELDS) {
    const message = contactFieldRules[field](values[field], values.countryCode);
    if (message) errors[field] = message;
  }
  return errors;
}
