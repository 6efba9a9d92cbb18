// The contact form's rules (spec §5 Contact form), the same in the form and in the api: the messages, the
// digit rule and the e-mail check. Plain functions and data, so the browser imports them without the schemas.

/** Spec §5 Contact form: its messages, the same in the form and in the api's 400 (the spec asks only for
 *  "a valid e-mail address"; the e-mail message is ours). */
export const contactFormMessages = {
  nameRequired: 'Name is required',
  numberRequired: 'Phone number is required',
  numberInvalid: 'Please enter a valid phone number',
  emailInvalid: 'Please enter a valid email address',
} as const;

/** The api's messages for what the form never sends (limits of the table, wrong types). */
export const contactMessages = {
  ...contactFormMessages,
  notAnObject: 'Send the contact as a JSON object.',
  nameTooLong: 'Name must be at most 200 characters',
  countryCodeInvalid: 'Please choose a valid country code, such as +44',
  notesInvalid: 'Notes must be text',
  notesTooLong: 'Notes must be at most 5,000 characters',
  favoriteInvalid: 'Favorite must be true or false',
  notFound: 'Contact not found',
  /** The 409 of a number the user already has: the existing contact's name follows. */
  duplicateNumber: 'You already have a contact with this number',
  invalidCursor: 'This page of contacts is not available: start again from the first page.',
} as const;

/** A page of contacts (GET /api/contacts): this many at most. */
export const contactPageSize = 50;

/** public.contacts: display_name is 1-200 characters. */
export const maxNameLength = 200;
export const maxNotesLength = 5_000;

/** Spec §9: the contact form's minimum digits. */
export const minNumberDigits = 4;
/** Spec §3/§9: the calling code a new contact starts with. */
export const defaultCountryCode = '+1';
/** RFC 5321: a forward path holds at most 254 characters. */
export const maxEmailLength = 254;

// What <input type="email"> accepts, with a dot in the domain (a contact's address is a public one).
const emailPattern =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

/** Whether a (trimmed, non-empty) address is one the form and the api accept. */
export function isValidEmail(address: string): boolean {
  return address.length <= maxEmailLength && emailPattern.test(address);
}
