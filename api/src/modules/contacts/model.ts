// The contacts contract (packages/api-client/src/contacts.ts) as TypeBox schemas, the query of the list, and
// the form's messages (spec §5 Contact form). The response type is the contract's; the schema is checked
// against it below, so the two cannot drift apart. Bodies are validated by the service (parseContactInput,
// parseContactPatch, parseFromCall) because the spec fixes their messages, which Elysia's schema errors
// would not give.
import { t } from 'elysia';
import { contactFormMessages, type Contact, type ContactFromCallInput, type ContactInput } from '@ringwise/api-client/contacts';

const exact = { additionalProperties: false } as const;
const nullableString = t.Union([t.String(), t.Null()]);

export const contactSchema = t.Object(
  {
    id: t.String(),
    displayName: t.String(),
    primaryNumber: t.String(),
    countryCode: nullableString,
    email: nullableString,
    notes: nullableString,
    favorite: t.Boolean(),
    createdAt: t.String(),
    updatedAt: t.String(),
  },
  exact,
);
export const contactListSchema = t.Array(contactSchema);

export const contactListQuery = t.Object({ search: t.Optional(t.String()) });

// The schema and the contract are the same type (a compile error here means one of them changed).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const contract: [Same<typeof contactSchema.static, Contact>] = [true];
void contract;

export type { Contact, ContactFromCallInput, ContactInput };

/** Spec §5 Contact form (the contract's, shared with the form), plus the limits of the table. */
export const contactMessages = {
  ...contactFormMessages,
  nameTooLong: 'Name must be at most 200 characters',
  countryCodeInvalid: 'Please choose a valid country code, such as +44',
  notesInvalid: 'Notes must be text',
  notesTooLong: 'Notes must be at most 5,000 characters',
  favoriteInvalid: 'Favorite must be true or false',
} as const;

export const contactNotFoundMessage = 'Contact not found';
/** The 409 of a number the user already has: the existing contact's name follows. */
export const duplicateNumberMessage = 'You already have a contact with this number';

/** public.contacts: display_name is 1-200 characters. */
export const maxNameLength = 200;
export const maxNotesLength = 5_000;
export { defaultCountryCode, maxEmailLength, minNumberDigits } from '@ringwise/api-client/contacts';

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
export interface ContactPatch {
  displayName?: string;
  rawNumber?: string;
  countryCode?: string;
  email?: string | null;
  notes?: string | null;
  favorite?: boolean;
}
