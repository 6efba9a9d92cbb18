// The address book (spec §3 contacts, §5 Contact form, §7 Contacts). Request schemas check the shape and
// carry the spec's message for each field; the api then applies the form's rules (rules.ts) to the values.
import { Type, type Static } from '@sinclair/typebox';
import { CallingCode, E164, IdParams, NoContent, Nullable, Timestamp, Uuid } from '../values.ts';
import { contactMessages as messages } from './rules.ts';

export const Contact = Type.Object(
  {
    id: Uuid,
    displayName: Type.String(),
    /** E.164, e.g. "+447700900123". */
    primaryNumber: E164,
    /** The calling code chosen in the form, e.g. "+44". */
    countryCode: Nullable(CallingCode),
    email: Nullable(Type.String()),
    notes: Nullable(Type.String()),
    favorite: Type.Boolean(),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  },
  { additionalProperties: false },
);
export type Contact = Static<typeof Contact>;

const contactFields = {
  displayName: Type.String({ error: messages.nameRequired }),
  /** As typed; the api stores it in E.164, reading a number without "+" with `countryCode`. */
  primaryNumber: Type.String({ error: messages.numberRequired }),
  /** "+44" (or "44"); blank or missing: "+1". */
  countryCode: Type.Optional(Nullable(Type.String({ error: messages.countryCodeInvalid }))),
  email: Type.Optional(Nullable(Type.String({ error: messages.emailInvalid }))),
  notes: Type.Optional(Nullable(Type.String({ error: messages.notesInvalid }))),
  favorite: Type.Optional(Type.Boolean({ error: messages.favoriteInvalid })),
};

/** POST /api/contacts. */
export const ContactInput = Type.Object(contactFields, { additionalProperties: false, error: messages.notAnObject });
export type ContactInput = Static<typeof ContactInput>;

/** PATCH /api/contacts/{id}: any subset of ContactInput. */
export const ContactPatch = Type.Partial(ContactInput, { additionalProperties: false, error: messages.notAnObject });
export type ContactPatch = Static<typeof ContactPatch>;

/** POST /api/contacts/from-call: quick save of a number from Recent Calls (read as international, else +1). */
export const ContactFromCallInput = Type.Object(
  {
    phoneNumber: Type.String({ error: messages.numberRequired }),
    displayName: Type.String({ error: messages.nameRequired }),
  },
  { additionalProperties: false, error: messages.notAnObject },
);
export type ContactFromCallInput = Static<typeof ContactFromCallInput>;

/**
 * Favorites first, then by name; `search` matches the name, the e-mail or the number's digits. `cursor` is the
 * `nextCursor` of the page before (absent: the first page).
 */
export const ContactListQuery = Type.Object({ search: Type.Optional(Type.String()), cursor: Type.Optional(Type.String()) });
export type ContactListQuery = Static<typeof ContactListQuery>;

/** One page of the list, and where the next one starts (null: this is the last). */
export const ContactPage = Type.Object({ contacts: Type.Array(Contact), nextCursor: Nullable(Type.String()) }, { additionalProperties: false });
export type ContactPage = Static<typeof ContactPage>;

export const ContactIdParams = IdParams;

export const contactSchemas = {
  listContacts: { query: ContactListQuery, response: { 200: ContactPage } },
  createContact: { body: ContactInput, response: { 201: Contact } },
  saveContactFromCall: { body: ContactFromCallInput, response: { 201: Contact } },
  updateContact: { params: ContactIdParams, body: ContactPatch, response: { 200: Contact } },
  deleteContact: { params: ContactIdParams, response: { 204: NoContent } },
};
