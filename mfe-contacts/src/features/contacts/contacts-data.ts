// Contacts on the wire and in the cache (spec §7 Contacts): the list query, and create / edit / favorite /
// delete with optimistic updates that roll back on failure, plus the quick save from Recent Calls. Every
// contact list in the cache (the full list and each search) is updated together and refreshed afterwards.
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { apiRequest } from '@ringwise/api-client';
import { contactQueryKeys, type Contact, type ContactFromCallInput, type ContactInput } from '@ringwise/api-client/contacts';
import { toast } from '@ringwise/ui/toast';
import { contactMatchesQuery } from '../matching/matching.ts';
import { serverMessage } from './contact-errors.ts';

const CONTACTS_PATH = contactQueryKeys.all[0];

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
 * True for the key of a contact list: `contactQueryKeys.all` and anything under it (the same prefix match
 * `invalidateQueries({ queryKey: contactQueryKeys.all })` makes), and the search keys, whose single part is
 * "/api/contacts?search=…".
 */
export function isContactListKey(key: QueryKey): boolean {
  const first = key[0];
  return typeof first === 'string' && (first === CONTACTS_PATH || first.startsWith(`${CONTACTS_PATH}?`));
}

const isContactListQuery = ({ queryKey }: { queryKey: QueryKey }) => isContactListKey(queryKey);

/** The search a list key stands for ('' for the full list). */
export function searchOfKey(key: QueryKey): string {
  const first = key[0];
  if (typeof first !== 'string') return '';
  const query = first.indexOf('?');
  return query === -1 ? '' : (new URLSearchParams(first.slice(query + 1)).get('search') ?? '');
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

/** Applies `update` to every cached contact list (lists not loaded yet are left alone). */
export function updateContactLists(queryClient: QueryClient, update: (list: Contact[], search: string) => Contact[]): void {
  for (const [key, data] of queryClient.getQueriesData<Contact[]>({ predicate: isContactListQuery })) {
    if (Array.isArray(data)) queryClient.setQueryData<Contact[]>(key, update(data, searchOfKey(key)));
  }
}

/** Refetches every contact list, unless another contacts mutation is still running (it will do it). */
export function invalidateContactLists(queryClient: QueryClient): void {
  if (queryClient.isMutating({ mutationKey: CONTACT_MUTATION_KEY }) > 1) return;
  void queryClient.invalidateQueries({ predicate: isContactListQuery });
}

/** Sends a request and reads its JSON body, or null for an empty one (e.g. 204). */
async function sendJson<T>(method: string, url: string, body?: unknown): Promise<T | null> {
  const res = await apiRequest(method, url, body);
  if (res.status === 204) return null;
  const text = await res.text();
  return text ? (JSON.parse(text) as T) : null;
}

const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** Alphabetical by name (case- and accent-insensitive), the order the lists are shown in. */
export function sortByName(contacts: readonly Contact[]): Contact[] {
  return [...contacts].sort((a, b) => byName.compare(a.displayName, b.displayName));
}

/** GET /api/contacts, or /api/contacts?search= while searching (the previous results stay while it loads). */
export function useContacts(search = '') {
  return useQuery<Contact[]>({
    queryKey: contactQueryKeys.search(search.trim()),
    placeholderData: keepPreviousData,
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

type ListSnapshot = Array<[QueryKey, Contact[] | undefined]>;

function useOptimisticContactMutation<TData, TVariables>(options: OptimisticMutation<TData, TVariables>) {
  const queryClient = useQueryClient();
  return useMutation<TData, Error, TVariables, ListSnapshot>({
    mutationKey: CONTACT_MUTATION_KEY,
    mutationFn: options.mutationFn,
    onMutate: async (variables) => {
      await queryClient.cancelQueries({ predicate: isContactListQuery });
      const snapshot = queryClient.getQueriesData<Contact[]>({ predicate: isContactListQuery });
      updateContactLists(queryClient, (list, search) => options.optimistic(list, variables, search));
      return snapshot;
    },
    onError: (error, _variables, snapshot) => {
      for (const [key, data] of snapshot ?? []) queryClient.setQueryData(key, data);
      toast({ title: serverMessage(error) ?? options.failure, variant: 'destructive' });
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
      const created = await sendJson<Contact>('POST', CONTACTS_PATH, input);
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
  input: Partial<ContactInput>;
  /** How the contact looks meanwhile (e.g. the E.164 of a changed number). */
  changes: Partial<Contact>;
}

/** PATCH /api/contacts/{id}, for the edit dialog and the favorite star. */
export function useUpdateContact() {
  return useOptimisticContactMutation<Contact | null, UpdateContactVariables>({
    mutationFn: async ({ id, input }) => {
      const updated = await sendJson<Contact>('PATCH', `${CONTACTS_PATH}/${encodeURIComponent(id)}`, input);
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
      await apiRequest('DELETE', `${CONTACTS_PATH}/${encodeURIComponent(contact.id)}`);
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
      const saved = await sendJson<Contact>('POST', `${CONTACTS_PATH}/from-call`, input);
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
    onError: (error) => toast({ title: serverMessage(error) ?? CONTACT_TOASTS.saveFailed, variant: 'destructive' }),
    onSettled: () => invalidateContactLists(queryClient),
  });
}
