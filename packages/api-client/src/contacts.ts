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

/** Query keys the default query function turns into URLs (key parts joined by "/"). */
export const contactQueryKeys = {
  all: ['/api/contacts'] as const,
  search: (search: string) => [`/api/contacts${search ? `?search=${encodeURIComponent(search)}` : ''}`] as const,
};
