// What the contact forms take from a failed request: the api's error envelope, parsed once by the shared
// api client (ApiError), read here for the form's fields.
import { isApiError } from '@ringwise/api-client';
import { CONTACT_FORM_FIELDS, type ContactFormErrors } from './contact-form-rules.ts';

/** The api's own message (e.g. "You already have a contact with this number: Jane"), if it sent one. */
export function serverMessage(error: unknown): string | undefined {
  return isApiError(error) ? error.envelope?.message : undefined;
}

/** A 400's field messages for the form's fields. */
export function serverFieldErrors(error: unknown): ContactFormErrors {
  const errors: ContactFormErrors = {};
  if (!isApiError(error)) return errors;
  const fields = error.fieldErrors;
  for (const field of CONTACT_FORM_FIELDS) if (fields[field]) errors[field] = fields[field];
  return errors;
}

/** A 409 (the number is already saved): its message belongs next to the phone number. */
export function isConflict(error: unknown): boolean {
  return isApiError(error) && (error.status === 409 || error.code === 'conflict');
}
