// The contacts contract (spec §3 contacts, §5 Contact form, §7 Contacts), shared by the api that serves it
// and the browser code that reads it.

export interface Contact {
  id: string;
  displayName: string;
  /** E.164, e.g. "+447700900123". */
  primaryNumber: string;
  /** The calling code chosen in the form, with a plus, e.g. "+44". */
  countryCode: string | null;
  email: string | null;
  notes: string | null;
  favorite: boolean;
  createdAt: string;
  updatedAt: string;
}

/** POST /api/contacts and PATCH /api/contacts/{id} (PATCH takes any subset). */
export interface ContactInput {
  displayName: string;
  /** As typed; the api stores it in E.164 using countryCode when it has no +. */
  primaryNumber: string;
  countryCode?: string | null;
  email?: string | null;
  notes?: string | null;
  favorite?: boolean;
}

/** POST /api/contacts/from-call: quick save of a number from Recent Calls. */
export interface ContactFromCallInput {
  phoneNumber: string;
  displayName: string;
}

/** Spec §5 Contact form: its messages, the same in the form and in the api's 400 (the spec asks only for
 *  "a valid e-mail address"; the e-mail message is ours). */
export const contactFormMessages = {
  nameRequired: 'Name is required',
  numberRequired: 'Phone number is required',
  numberInvalid: 'Please enter a valid phone number',
  emailInvalid: 'Please enter a valid email address',
} as const;

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

/** Query keys the default query function turns into URLs (key parts joined by "/"). */
export const contactQueryKeys = {
  all: ['/api/contacts'] as const,
  search: (search: string) => [`/api/contacts${search ? `?search=${encodeURIComponent(search)}` : ''}`] as const,
};
