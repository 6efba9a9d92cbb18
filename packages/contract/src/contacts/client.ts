// Contacts for the browser: the types (from the schemas), the form's rules, one queryOptions factory for the
// list and a function per change. Imports only types from the schemas.
import { infiniteQueryOptions } from '@tanstack/react-query';
import { apiQueryKey, callApi } from '@ringwise/api-client';
import { routes } from '../routes.ts';
import type { ContactFromCallInput, ContactInput, ContactPatch } from './schema.ts';

export type { Contact, ContactFromCallInput, ContactInput, ContactPage, ContactPatch } from './schema.ts';
export * from './rules.ts';

const listRequest = (search: string, cursor?: string) => ({ query: { ...(search ? { search } : {}), ...(cursor ? { cursor } : {}) } });

export const contactQueries = {
  /** The prefix of every contact list (the full list and each search), for invalidation. */
  allLists: () => apiQueryKey(routes.listContacts, {}),
  /** GET /api/contacts, or ?search= (trimmed; blank is the full list), page by page (ContactPage, 50 each). */
  list: (search = '') =>
    infiniteQueryOptions({
      queryKey: apiQueryKey(routes.listContacts, listRequest(search.trim())),
      queryFn: ({ pageParam, signal }) => callApi(routes.listContacts, listRequest(search.trim(), pageParam), { signal }),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (page) => page.nextCursor ?? undefined,
    }),
};

export const contactRequests = {
  create: (body: ContactInput) => callApi(routes.createContact, { body }),
  update: (id: string, body: ContactPatch) => callApi(routes.updateContact, { params: { id }, body }),
  remove: (id: string) => callApi(routes.deleteContact, { params: { id } }),
  saveFromCall: (body: ContactFromCallInput) => callApi(routes.saveContactFromCall, { body }),
};
