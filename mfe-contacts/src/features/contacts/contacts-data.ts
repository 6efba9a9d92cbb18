// Contacts on the wire and in the cache (spec §7 Contacts): the list query, and create / edit / favorite /
// delete with optimistic updates that roll back on failure, plus the quick save from Recent Calls. Every
// contact list in the cache (the full list and each search) is updated together and refreshed afterwards.
import { keepPreviousData, useInfiniteQuery, useMutation, useQueryClient, type InfiniteData, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { errorMessage } from '@ringwise/api-client';
import {
  contactQueries,
  contactRequests,
  type Contact,
  type ContactFromCallInput,
  type ContactInput,
  type ContactPage,
  type ContactPatch,
} from '@ringwise/contract/contacts';
import { toast } from '@ringwise/ui/toast';
import { routes } from '@ringwise/contract/routes';
import { contactMatchesQuery } from '../matching/matching.ts';

const allContactLists = contactQueries.allLists();

/** Every contacts mutation carries this key, so the last one to finish is the one that refetches. */
export const CONTACT_MUTATION_KEY = ['contacts', 'mutation'] as const;

export const CONTACT_TOASTS = {
  created: 'Contact created',
  updated: 'Contact updated',
  saved: 'Contact saved',
  deleted: 'Contact deleted',
  createFailed: 'Failed to create contact',
  updateFailed: 'Failed to update contact',
  saveFailed: 'Failed to save contact',
  deleteFailed: 'Failed to delete contact',
} as const;

/**
 * True for the key of a contact list: ["/api/contacts"] and ["/api/contacts", { search }] (the prefix match
 * `invalidateQueries({ queryKey: contactQueries.allLists() })` makes), not a single contact's key.
 */
export function isContactListKey(key: QueryKey): boolean {
  if (key[0] !== allContactLists[0]) return false;
  return key.length === 1 || (key.length === 2 && typeof key[1] === 'object' && key[1] !== null);
}

const isContactListQuery = ({ queryKey }: { queryKey: QueryKey }) => isContactListKey(queryKey);

/** The search a list key stands for ('' for the full list). */
export function searchOfKey(key: QueryKey): string {
  const query = key[1] as { search?: unknown } | undefined;
  return typeof query?.search === 'string' ? query.search : '';
}

/** Whether a contact belongs in a search's results, as near as the browser can tell (name, number, e-mail). */
export function matchesSearchLocally(contact: Contact, search: string): boolean {
  const text = search.trim().toLowerCase();
  if (!text) return true;
  return contactMatchesQuery(contact, text) || (contact.email ?? '').toLowerCase().includes(text);
}

function isContact(value: unknown): value is Contact {
  return typeof value === 'object' && value !== null && typeof (value as Contact).id === 'string' && typeof (value as Contact).displayName === 'string';
}

export type ContactPages = InfiniteData<ContactPage, string | undefined>;

function isContactPages(value: unknown): value is ContactPages {
  return typeof value === 'object' && value !== null && Array.isArray((value as ContactPages).pages);
}

/**
 * The loaded pages with `update` applied to the contacts they hold together: each page keeps its size (the last
 * one takes what was added or removed), so the next page still starts where it did.
 */
export function updatePages(data: ContactPages, update: (list: Contact[]) => Contact[]): ContactPages {
  const next = update(data.pages.flatMap((page) => page.contacts));
  let start = 0;
  const pages = data.pages.map((page, i) => {
    const end = i === data.pages.length - 1 ? next.length : start + page.contacts.length;
    const contacts = next.slice(start, end);
    start = end;
    return { ...page, contacts };
  });
  return { ...data, pages };
}

/** Applies `update` to every cached contact list (lists not loaded yet are left alone). */
export function updateContactLists(queryClient: QueryClient, update: (list: Contact[], search: string) => Contact[]): void {
  for (const [key, data] of queryClient.getQueriesData<ContactPages>({ predicate: isContactListQuery })) {
    if (isContactPages(data)) queryClient.setQueryData<ContactPages>(key, updatePages(data, (list) => update(list, searchOfKey(key))));
  }
}

/**
 * Refetches every contact list, unless another contacts mutation is still running (it will do it), and the
 * call history, whose entries carry their contact's name.
 */
export function invalidateContactLists(queryClient: QueryClient): void {
  if (queryClient.isMutating({ mutationKey: CONTACT_MUTATION_KEY }) > 1) return;
  void queryClient.invalidateQueries({ predicate: isContactListQuery });
  void queryClient.invalidateQueries({ queryKey: [routes.listCalls.path] });
}

// made on first use: a collator costs a phone tens of milliseconds, too much for the module's first evaluation
let byName: Intl.Collator | null = null;

/** Alphabetical by name (case- and accent-insensitive), the order the lists are shown in. */
export function sortByName(contacts: readonly Contact[]): Contact[] {
  byName ??= new Intl.Collator('en', { sensitivity: 'base', numeric: true });
  const collator = byName;
  return [...contacts].sort((a, b) => collator.compare(a.displayName, b.displayName));
}

/**
 * GET /api/contacts, or ?search= while searching (the previous results stay while it loads), page by page:
 * `data` is the contacts loaded so far; `fetchNextPage` / `hasNextPage` bring and tell of the rest.
 */
export function useContacts(search = '') {
  return useInfiniteQuery({
    ...contactQueries.list(search),
    placeholderData: keepPreviousData,
    select: (data) => data.pages.flatMap((page) => page.contacts),
  });
}

let draftCount = 0;
const DRAFT_PREFIX = 'pending-';

/** A contact shown before the api has created it (its actions wait for the real one). */
export function isPendingContact(contact: Pick<Contact, 'id'>): boolean {
  return contact.id.startsWith(DRAFT_PREFIX);
}

/** The stand-in shown while POST /api/contacts runs; `e164` is the number as the api will store it. */
export function draftContact(input: ContactInput, e164: string): Contact {
  draftCount += 1;
  const now = new Date().toISOString();
  return {
    id: `${DRAFT_PREFIX}${draftCount}`,
    displayName: input.displayName,
    primaryNumber: e164,
    countryCode: input.countryCode ?? null,
    email: input.email ?? null,
    notes: input.notes ?? null,
    favorite: input.favorite ?? false,
    createdAt: now,
    updatedAt: now,
  };
}

interface OptimisticMutation<TData, TVariables> {
  mutationFn: (variables: TVariables) => Promise<TData>;
  /** The lists as they should look right away. */
  optimistic: (list: Contact[], variables: TVariables, search: string) => Contact[];
  /** The lists once the api has answered (e.g. the stand-in swapped for the created contact). */
  settle?: (list: Contact[], data: TData, variables: TVariables, search: string) => Contact[];
  success: string;
  failure: string;
}

type ListSnapshot = Array<[QueryKey, ContactPages | undefined]>;

function useOptimisticContactMutation<TData, TVariables>(options: OptimisticMutation<TData, TVariables>) {
  const queryClient = useQueryClient();
  return useMutation<TData, Error, TVariables, ListSnapshot>({
    mutationKey: CONTACT_MUTATION_KEY,
    mutationFn: options.mutationFn,
    onMutate: async (variables) => {
      await queryClient.cancelQueries({ predicate: isContactListQuery });
      const snapshot = queryClient.getQueriesData<ContactPages>({ predicate: isContactListQuery });
      updateContactLists(queryClient, (list, search) => options.optimistic(list, variables, search));
      return snapshot;
    },
    onError: (error, _variables, snapshot) => {
      for (const [key, data] of snapshot ?? []) queryClient.setQueryData(key, data);
      toast({ title: errorMessage(error, options.failure), variant: 'destructive' });
    },
    onSuccess: (data, variables) => {
      const { settle } = options;
      if (settle) updateContactLists(queryClient, (list, search) => settle(list, data, variables, search));
      toast({ title: options.success, variant: 'success' });
    },
    onSettled: () => invalidateContactLists(queryClient),
  });
}

export interface CreateContactVariables {
  input: ContactInput;
  /** The stand-in to show meanwhile (draftContact). */
  draft: Contact;
}

/** POST /api/contacts; resolves with the created contact (or the stand-in if the api sent no body). */
export function useCreateContact() {
  return useOptimisticContactMutation<Contact, CreateContactVariables>({
    mutationFn: async ({ input, draft }) => {
      const created = await contactRequests.create(input);
      return isContact(created) ? created : draft;
    },
    optimistic: (list, { draft }, search) => (matchesSearchLocally(draft, search) ? [...list, draft] : list),
    settle: (list, created, { draft }) => list.map((contact) => (contact.id === draft.id ? created : contact)),
    success: CONTACT_TOASTS.created,
    failure: CONTACT_TOASTS.createFailed,
  });
}

export interface UpdateContactVariables {
  id: string;
  /** The PATCH body: any subset of the fields. */
  input: ContactPatch;
  /** How the contact looks meanwhile (e.g. the E.164 of a changed number). */
  changes: Partial<Contact>;
}

/** PATCH /api/contacts/{id}, for the edit dialog and the favorite star. */
export function useUpdateContact() {
  return useOptimisticContactMutation<Contact | null, UpdateContactVariables>({
    mutationFn: async ({ id, input }) => {
      const updated = await contactRequests.update(id, input);
      return isContact(updated) ? updated : null;
    },
    optimistic: (list, { id, changes }) => list.map((contact) => (contact.id === id ? { ...contact, ...changes } : contact)),
    settle: (list, updated) => (updated ? list.map((contact) => (contact.id === updated.id ? updated : contact)) : list),
    success: CONTACT_TOASTS.updated,
    failure: CONTACT_TOASTS.updateFailed,
  });
}

/** DELETE /api/contacts/{id} (204). */
export function useDeleteContact() {
  return useOptimisticContactMutation<null, Contact>({
    mutationFn: async (contact) => {
      await contactRequests.remove(contact.id);
      return null;
    },
    optimistic: (list, deleted) => list.filter((contact) => contact.id !== deleted.id),
    success: CONTACT_TOASTS.deleted,
    failure: CONTACT_TOASTS.deleteFailed,
  });
}

/** POST /api/contacts/from-call: the quick save of an unknown number from Recent Calls. */
export function useSaveContactFromCall() {
  const queryClient = useQueryClient();
  return useMutation<Contact | null, Error, ContactFromCallInput>({
    mutationKey: CONTACT_MUTATION_KEY,
    mutationFn: async (input) => {
      const saved = await contactRequests.saveFromCall(input);
      return isContact(saved) ? saved : null;
    },
    onSuccess: (saved) => {
      if (saved) {
        updateContactLists(queryClient, (list, search) =>
          list.some((contact) => contact.id === saved.id) || !matchesSearchLocally(saved, search) ? list : [...list, saved],
        );
      }
      toast({ title: CONTACT_TOASTS.saved, variant: 'success' });
    },
    onError: (error) => toast({ title: errorMessage(error, CONTACT_TOASTS.saveFailed), variant: 'destructive' }),
    onSettled: () => invalidateContactLists(queryClient),
  });
}
