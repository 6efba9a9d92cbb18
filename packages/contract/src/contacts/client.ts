// Contacts for the browser: the types (from the schemas), the form's rules, one queryOptions factory for the
// list and a function per change. Imports only types from the schemas.
import { queryOptions } from '@tanstack/react-query';
import { apiQueryKey, callApi } from '@ringwise/api-client';
import { routes } from '../routes.ts';
import type { ContactFromCallInput, ContactInput, ContactPatch } from './schema.ts';

export type { Contact, ContactFromCallInput, ContactInput, ContactPatch } from './schema.ts';
export * from './rules.ts';

const listRequest = (search: string) => ({ query: search ? { search } : {} });

export const contactQueries = {
  /** The prefix of every contact list (the full list and each search), for invalidation. */
  allLists: () => apiQueryKey(routes.listContacts, {}),
  /** GET /api/contacts, or ?search= (trimmed; blank is the full list). */
  list: (search = '') =>
    queryOptions({
      queryKey: apiQueryKey(routes.listContacts, listRequest(search.trim())),
      queryFn: ({ signal }) => callApi(routes.listContacts, listRequest(search.trim()), { signal }),
    }),
};

export const contactRequests = {
  create: (body: ContactInput) => callApi(routes.createContact, { body }),
  update: (id: string, body: ContactPatch) => callApi(routes.updateContact, { params: { id }, body }),
  remove: (id: string) => callApi(routes.deleteContact, { params: { id } }),
  saveFromCall: (body: ContactFromCallInput) => callApi(routes.saveContactFromCall, { body }),
};
