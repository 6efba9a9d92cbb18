// The contacts contract is @ringwise/contract (schemas, form rules, messages); here is only what the service
// makes of a validated request.
export type { Contact, ContactFromCallInput, ContactInput, ContactPage, ContactPatch } from '@ringwise/contract/schemas';
export {
  contactMessages,
  contactPageSize,
  defaultCountryCode,
  maxEmailLength,
  maxNameLength,
  maxNotesLength,
  minNumberDigits,
} from '@ringwise/contract/contacts';


/** Field → message, for the fields that failed (the envelope's details.fieldErrors). */
export type FieldErrors = Partial<Record<'displayName' | 'primaryNumber' | 'phoneNumber' | 'countryCode' | 'email' | 'notes' | 'favorite', string>>;

/** A validated contact: trimmed, the number in E.164, the calling code as "+NN". */
export interface ContactValues {
  displayName: string;
  primaryNumber: string;
  countryCode: string;
  email: string | null;
  notes: string | null;
  favorite: boolean;
}

/** A validated PATCH: only the fields sent. The number is still as typed (`rawNumber`): it becomes E.164 with
 *  the calling code of the same request or, without one, the contact's stored calling code. */
export interface ValidContactPatch {
  displayName?: string;
  rawNumber?: string;
  countryCode?: string;
  email?: string | null;
  notes?: string | null;
  favorite?: boolean;
}
