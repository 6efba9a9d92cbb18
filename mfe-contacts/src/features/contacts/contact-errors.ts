// Reading the api's error envelope (spec §8): `{ error: { code, message, details? } }` in the body of an
// ApiError. Duck-typed, so an error from another copy of the api client still reads the same.
import { CONTACT_FORM_FIELDS, type ContactFormErrors } from './contact-form-rules.ts';

interface ErrorEnvelope {
  code?: unknown;
  message?: unknown;
  details?: { fieldErrors?: Record<string, unknown> } | null;
}

function envelopeOf(error: unknown): ErrorEnvelope | undefined {
  if (!(error instanceof Error) || !('body' in error) || typeof error.body !== 'string') return undefined;
  try {
    const parsed = JSON.parse(error.body) as { error?: ErrorEnvelope } | null;
    return parsed && typeof parsed.error === 'object' && parsed.error !== null ? parsed.error : undefined;
  } catch {
    return undefined;
  }
}

/** The api's own message (e.g. "You already have a contact with this number: Jane"), if it sent one. */
export function serverMessage(error: unknown): string | undefined {
  const message = envelopeOf(error)?.message;
  return typeof message === 'string' && message.trim() ? message : undefined;
}

/** The api's error code, e.g. 'validation_failed' or 'conflict'. */
export function serverErrorCode(error: unknown): string | undefined {
  const code = envelopeOf(error)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** The HTTP status of an ApiError. */
export function statusOf(error: unknown): number | undefined {
  if (!(error instanceof Error) || !('status' in error)) return undefined;
  return typeof error.status === 'number' ? error.status : undefined;
}

/** A 400's `details.fieldErrors` for the form's fields (a list of messages shows its first). */
export function serverFieldErrors(error: unknown): ContactFormErrors {
  const fieldErrors = envelopeOf(error)?.details?.fieldErrors;
  const errors: ContactFormErrors = {};
  if (!fieldErrors || typeof fieldErrors !== 'object') return errors;
  for (const field of CONTACT_FORM_FIELDS) {
    const value = fieldErrors[field];
    const message = Array.isArray(value) ? value.find((item) => typeof item === 'string') : value;
    if (typeof message === 'string' && message.trim()) errors[field] = message;
  }
  return errors;
}

/** A 409 (the number is already saved): its message belongs next to the phone number. */
export function isConflict(error: unknown): boolean {
  return statusOf(error) === 409 || serverErrorCode(error) === 'conflict';
}
