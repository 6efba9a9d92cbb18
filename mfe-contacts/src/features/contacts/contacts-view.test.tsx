import { contactPageOf } from '../../dev/contact-pages.ts';
import { afterEach, describe, expect, mock, test } from 'bun:test';
import { act, fireEvent, screen, within } from '@testing-library/react';
import type { Contact } from '@ringwise/contract/contacts';
import { apiError, componentTestHooks, contact, currentToast, deferred, json, renderWithProviders, waitUntil, type FetchCall } from '../../test-support.tsx';
import { ContactsView } from './contacts-view.tsx';

const ada = contact({ id: 'a1', displayName: 'Ada Lovelace', primaryNumber: '+447700900123', countryCode: '+44', email: 'ada@example.com' });
const bob = contact({ id: 'b2', displayName: 'Bob Stone', primaryNumber: '+12025550123', countryCode: '+1' });
const grace = contact({ id: 'g3', displayName: 'Grace Hopper', primaryNumber: '+12025550199', countryCode: '+1', favorite: true });

const { mockFetch } = componentTestHooks();
const originalConfirm = window.confirm;

afterEach(() => {
  window.confirm = originalConfirm;
});

/** Serves GET /api/contacts from `list`; every other request goes to `other`. */
function serve(list: Contact[], other: (call: FetchCall) => Response | Promise<Response> | undefined = () => undefined) {
  const fetchMock = mockFetch((call) => {
    if (call.method === 'GET' && call.url.split('?')[0] === '/api/contacts') return json(contactPageOf(list, call.url));
    return other(call);
  });
  return fetchMock;
}

// What is polled is read with plain DOM queries into plain values: the page behind an open dialog is
// aria-hidden (role queries skip it), and a failed expect on a DOM node prints all of happy-dom (seconds).
const cardNames = () => [...document.querySelectorAll('li h3')].map((h) => h.textContent);
const dialogOpen = () => document.querySelector('[role="dialog"]') !== null;
const dialog = () => screen.getByRole('dialog');

async function openCreateDialog() {
  fireEvent.click(await screen.findByRole('button', { name: 'Add Contact' }));
  return within(await screen.findByRole('dialog', { name: 'Add Contact' }));
}

function fillForm(form: ReturnType<typeof within>, values: { name?: string; number?: string; email?: string }) {
  if (values.name !== undefined) fireEvent.change(form.getByLabelText('Name'), { target: { value: values.name } });
  if (values.number !== undefined) fireEvent.change(form.getByLabelText('Phone number'), { target: { value: values.number } });
  if (values.email !== undefined) fireEvent.change(form.getByLabelText('Email (optional)'), { target: { value: values.email } });
}

describe('ContactsView: lists', () => {
  test('skeletons while loading, then Favorites before All Contacts, each card with number, e-mail and actions', async () => {
    const pending = deferred<Response>();
    mockFetch(() => pending.promise);
    renderWithProviders(<ContactsView />);
    expect(screen.getByRole('heading', { level: 1, name: 'Contacts' })).toBeTruthy();
    expect(screen.getByText('Loading contacts')).toBeTruthy();

    await act(async () => pending.resolve(json({ contacts: [bob, grace, ada], nextCursor: null })));
    const favorites = await screen.findByRole('region', { name: 'Favorites' });
    const all = screen.getByRole('region', { name: 'All Contacts' });
    expect(screen.queryByText('Loading contacts')).toBeNull();
    // Favorites come first in the page, and hold only the favorites; the rest are sorted by name
    expect(favorites.compareDocumentPosition(all) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(favorites).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Grace Hopper']);
    expect(within(all).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Ada Lovelace', 'Bob Stone']);

    const adaCard = within(all).getAllByRole('listitem')[0]!;
    expect(within(adaCard).getByText('+44 7700 900123')).toBeTruthy();
    expect(within(adaCard).getByText('ada@example.com')).toBeTruthy();
    for (const name of ['Call Ada Lovelace', 'Edit Ada Lovelace', 'Delete Ada Lovelace']) {
      expect(within(adaCard).getByRole('button', { name })).toBeTruthy();
    }
    expect(within(adaCard).getByRole('button', { name: 'Favorite Ada Lovelace' }).getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByRole('button', { name: 'Favorite Grace Hopper' }).getAttribute('aria-pressed')).toBe('true');
  });

  test("no contacts: 'No contacts yet' with an action that opens the create dialog", async () => {
    serve([]);
    renderWithProviders(<ContactsView />);
    expect(await screen.findByRole('heading', { name: 'No contacts yet' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add your first contact' }));
    expect(await screen.findByRole('dialog', { name: 'Add Contact' })).toBeTruthy();
  });

  test("a search without results: 'No contacts found', from GET /api/contacts?search=", async () => {
    const { calls } = serve([ada, bob]);
    renderWithProviders(<ContactsView />);
    await screen.findByText('Ada Lovelace');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search contacts' }), { target: { value: 'zed' } });
    expect(await screen.findByRole('heading', { name: 'No contacts found' })).toBeTruthy();
    expect(calls.some((c) => c.url === '/api/contacts?search=zed')).toBe(true);
    expect(screen.queryByText('No contacts yet')).toBeNull();
    expect(screen.getByText('0 contacts found')).toBeTruthy();

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search contacts' }), { target: { value: 'bob' } });
    await waitUntil(() => expect(cardNames()).toEqual(['Bob Stone']));
  });

  test('a failed load offers Retry', async () => {
    let fail = true;
    mockFetch(() => (fail ? new Response('down', { status: 503 }) : json({ contacts: [ada], nextCursor: null })));
    renderWithProviders(<ContactsView />);
    expect((await screen.findByRole('alert')).textContent).toContain('Could not load your contacts');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Ada Lovelace')).toBeTruthy();
  });
});

// Remotes and the api deploy apart (docs/shipping-a-remote.md, "What the contract lets change"): a newer api may
// answer with optional properties this remote's contract does not have yet.
describe('ContactsView: against an api newer than this remote', () => {
  const fromNewerApi = (page: { contacts: Contact[]; nextCursor: string | null }) => ({
    ...page,
    totalCount: page.contacts.length,
    contacts: page.contacts.map((known) => ({ ...known, company: 'Analytical Engines Ltd', tags: ['work'] })),
  });

  async function renderedFrom(page: object) {
    mockFetch((call) => (call.method === 'GET' && call.url.split('?')[0] === '/api/contacts' ? json(page) : undefined));
    const { container, unmount } = renderWithProviders(<ContactsView />);
    await screen.findByRole('region', { name: 'All Contacts' });
    const html = container.innerHTML;
    unmount();
    return html;
  }

  test('properties it does not know, on the page and on each contact, change nothing it shows', async () => {
    const page = { contacts: [grace, ada, bob], nextCursor: null };
    const known = await renderedFrom(page);
    expect(await renderedFrom(fromNewerApi(page))).toBe(known);
    expect(known).toContain('Ada Lovelace');
  });

  test('and are never sent back: a favorite toggle still PATCHes only what it changes', async () => {
    const { calls } = mockFetch((call) => {
      if (call.method === 'GET') return json(fromNewerApi({ contacts: [ada, bob], nextCursor: null }));
      return call.method === 'PATCH' ? json({ ...bob, favorite: true, company: 'Analytical Engines Ltd' }) : undefined;
    });
    renderWithProviders(<ContactsView />);
    fireEvent.click(await screen.findByRole('button', { name: 'Favorite Bob Stone' }));
    await waitUntil(() => expect(calls.filter((c) => c.method === 'PATCH')).toEqual([{ method: 'PATCH', url: '/api/contacts/b2', body: { favorite: true } }]));
    await waitUntil(() => expect(currentToast()?.title).toBe('Contact updated'));
  });
});

test('a long address book comes page by page: 50 first, the next 50 on "Load more contacts"', async () => {
  const many = Array.from({ length: 120 }, (_, i) => ({ ...ada, id: `c${String(i).padStart(3, '0')}`, displayName: `Person ${String(i).padStart(3, '0')}`, primaryNumber: `+4477009${String(i).padStart(5, '0')}` }));
  const fetchMock = serve(many);
  renderWithProviders(<ContactsView />);
  await screen.findByText('Person 000');
  expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(50);
  fireEvent.click(screen.getByRole('button', { name: 'Load more contacts' }));
  await screen.findByText('Person 099');
  expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(100);
  expect(fetchMock.calls.some((c) => c.url === '/api/contacts?cursor=c049')).toBe(true);
  fireEvent.click(screen.getByRole('button', { name: 'Load more contacts' }));
  await screen.findByText('Person 119');
  expect(screen.queryByRole('button', { name: 'Load more contacts' })).toBeNull();
});

describe('ContactsView: actions', () => {
  test('call goes to the dialer with the E.164 number and the intent to call it: one tap places the call', async () => {
    serve([ada]);
    const { location } = renderWithProviders(<ContactsView />);
    fireEvent.click(await screen.findByRole('button', { name: 'Call Ada Lovelace' }));
    expect(location.history.at(-1)).toBe('/home?number=%2B447700900123&call=1');
    const params = new URLSearchParams(location.history.at(-1)!.split('?')[1]);
    expect([params.get('number'), params.get('call')]).toEqual(['+447700900123', '1']);
  });

  test('create: the contact shows at once, then the api answer replaces it, with "Contact created"', async () => {
    const reply = deferred<Response>();
    const list = [bob];
    const { calls } = serve(list, (call) => (call.method === 'POST' ? reply.promise : undefined));
    renderWithProviders(<ContactsView />);
    await screen.findByText('Bob Stone');

    const form = await openCreateDialog();
    fillForm(form, { name: '  Ada Lovelace ', number: '07700 900123', email: 'ada@example.com' });
    // choose +44 in the country-code picker
    fireEvent.click(form.getByRole('button', { name: /^Country code: \+1/ }));
    // the picker's popover part loads on first use
    const search = await screen.findByRole('combobox', { name: 'Search countries' });
    fireEvent.change(search, { target: { value: 'united kingdom' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    expect(form.getByRole('button', { name: 'Country code: +44 United Kingdom' })).toBeTruthy();
    fireEvent.click(form.getByRole('button', { name: 'Add Contact' }));

    // optimistic: listed (sorted, not actionable yet) while the api works
    await waitUntil(() => expect(cardNames()).toEqual(['Ada Lovelace', 'Bob Stone']));
    expect(screen.getByText('+44 7700 900123')).toBeTruthy();
    expect(form.getByRole('button', { name: 'Saving...' })).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      url: '/api/contacts',
      body: { displayName: 'Ada Lovelace', primaryNumber: '07700 900123', countryCode: '+44', email: 'ada@example.com', notes: null, favorite: false },
    });

    list.push({ ...ada, id: 'new-1' });
    await act(async () => reply.resolve(json({ ...ada, id: 'new-1' }, 201)));
    await waitUntil(() => expect(dialogOpen()).toBe(false));
    expect(currentToast()).toMatchObject({ title: 'Contact created', variant: 'success' });
    expect(screen.getByRole('button', { name: 'Call Ada Lovelace' }).hasAttribute('disabled')).toBe(false);
  });

  test('create fails: the contact is rolled back, "Failed to create contact" is toasted and shown in the dialog', async () => {
    const reply = deferred<Response>();
    serve([bob], (call) => (call.method === 'POST' ? reply.promise : undefined));
    renderWithProviders(<ContactsView />);
    await screen.findByText('Bob Stone');
    const form = await openCreateDialog();
    fillForm(form, { name: 'Ada Lovelace', number: '+44 7700 900123' });
    fireEvent.click(form.getByRole('button', { name: 'Add Contact' }));
    await waitUntil(() => expect(cardNames()).toEqual(['Ada Lovelace', 'Bob Stone']));

    await act(async () => reply.resolve(new Response('', { status: 500 })));
    await waitUntil(() => expect(cardNames()).toEqual(['Bob Stone']));
    expect(currentToast()).toMatchObject({ title: 'Failed to create contact', variant: 'destructive' });
    expect(within(dialog()).getByRole('alert').textContent).toBe('Failed to create contact');
    // the typed values are still there to try again
    expect((within(dialog()).getByLabelText('Name') as HTMLInputElement).value).toBe('Ada Lovelace');
  });

  test("409: the api's message is toasted and shown next to the phone number", async () => {
    const message = 'You already have a contact with this number: Bob Stone';
    serve([bob], (call) => (call.method === 'POST' ? apiError(409, 'conflict', message) : undefined));
    renderWithProviders(<ContactsView />);
    await screen.findByText('Bob Stone');
    const form = await openCreateDialog();
    fillForm(form, { name: 'Robert', number: '(202) 555-0123' });
    fireEvent.click(form.getByRole('button', { name: 'Add Contact' }));

    const number = form.getByLabelText('Phone number');
    await waitUntil(() => expect(number.getAttribute('aria-invalid')).toBe('true'));
    const described = (number.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(described).toContain(message);
    expect(document.activeElement).toBe(number);
    expect(currentToast()).toMatchObject({ title: message, variant: 'destructive' });
    expect(cardNames()).toEqual(['Bob Stone']);
    // leaving the field (e.g. to press Cancel) keeps the message, so nothing under the pointer moves
    fireEvent.blur(number);
    expect(form.getByText(message)).toBeTruthy();
    // a changed number is no longer the refused one
    fireEvent.change(number, { target: { value: '(202) 555-0124' } });
    fireEvent.blur(number);
    expect(form.queryByText(message)).toBeNull();
  });

  test("400: the api's field errors show next to their fields", async () => {
    serve([], (call) =>
      call.method === 'POST'
        ? apiError(400, 'validation_failed', 'Please enter a valid email address', {
            fieldErrors: { email: 'Please enter a valid email address' },
          })
        : undefined,
    );
    renderWithProviders(<ContactsView />);
    await screen.findByText('No contacts yet');
    const form = await openCreateDialog();
    fillForm(form, { name: 'Ada', number: '7700 900123', email: 'ada@example.com' });
    fireEvent.click(form.getByRole('button', { name: 'Add Contact' }));
    const email = form.getByLabelText('Email (optional)');
    await waitUntil(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(email.getAttribute('aria-describedby')!)?.textContent).toBe('Please enter a valid email address');
  });

  test('edit: prefilled, PATCH with the changes, "Contact updated"', async () => {
    const list = [ada];
    const { calls } = serve(list, (call) => {
      if (call.method !== 'PATCH') return undefined;
      list[0] = { ...ada, displayName: 'Ada King', updatedAt: '2026-02-01T00:00:00.000Z' };
      return json(list[0]);
    });
    renderWithProviders(<ContactsView />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Ada Lovelace' }));
    const form = within(await screen.findByRole('dialog', { name: 'Edit Contact' }));
    expect((form.getByLabelText('Name') as HTMLInputElement).value).toBe('Ada Lovelace');
    expect((form.getByLabelText('Phone number') as HTMLInputElement).value).toBe('7700900123');
    expect(form.getByRole('button', { name: 'Country code: +44 United Kingdom' })).toBeTruthy();
    expect((form.getByLabelText('Email (optional)') as HTMLInputElement).value).toBe('ada@example.com');

    fillForm(form, { name: 'Ada King' });
    fireEvent.click(form.getByRole('button', { name: 'Save Changes' }));
    await waitUntil(() => expect(dialogOpen()).toBe(false));
    expect(calls.find((c) => c.method === 'PATCH')).toEqual({
      method: 'PATCH',
      url: '/api/contacts/a1',
      body: { displayName: 'Ada King', primaryNumber: '7700900123', countryCode: '+44', email: 'ada@example.com', notes: null, favorite: false },
    });
    expect(cardNames()).toEqual(['Ada King']);
    expect(currentToast()).toMatchObject({ title: 'Contact updated', variant: 'success' });
  });

  test('favorite: moves to Favorites at once; a failure moves it back with "Failed to update contact"', async () => {
    const reply = deferred<Response>();
    const { calls } = serve([ada, bob], (call) => (call.method === 'PATCH' ? reply.promise : undefined));
    renderWithProviders(<ContactsView />);
    fireEvent.click(await screen.findByRole('button', { name: 'Favorite Bob Stone' }));

    const favorites = await screen.findByRole('region', { name: 'Favorites' });
    expect(within(favorites).getByText('Bob Stone')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Favorite Bob Stone' }).getAttribute('aria-pressed')).toBe('true');
    expect(calls.find((c) => c.method === 'PATCH')).toEqual({ method: 'PATCH', url: '/api/contacts/b2', body: { favorite: true } });

    await act(async () => reply.resolve(new Response('', { status: 500 })));
    await waitUntil(() => expect(document.getElementById('contacts-section-favorites') === null).toBe(true));
    expect(screen.getByRole('button', { name: 'Favorite Bob Stone' }).getAttribute('aria-pressed')).toBe('false');
    expect(currentToast()).toMatchObject({ title: 'Failed to update contact', variant: 'destructive' });
  });

  test('delete asks first; removed at once, "Contact deleted"', async () => {
    const confirm = mock(() => false);
    window.confirm = confirm;
    const list = [ada, bob];
    const { calls } = serve(list, (call) => {
      if (call.method !== 'DELETE') return undefined;
      list.splice(0, 1);
      return new Response(null, { status: 204 });
    });
    renderWithProviders(<ContactsView />);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Ada Lovelace' }));
    expect(confirm).toHaveBeenCalledWith('Delete contact "Ada Lovelace"?');
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    expect(cardNames()).toEqual(['Ada Lovelace', 'Bob Stone']);

    confirm.mockImplementation(() => true);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Ada Lovelace' }));
    await waitUntil(() => expect(cardNames()).toEqual(['Bob Stone']));
    expect(calls.find((c) => c.method === 'DELETE')?.url).toBe('/api/contacts/a1');
    await waitUntil(() => expect(currentToast()).toMatchObject({ title: 'Contact deleted', variant: 'success' }));
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Contacts' }));
  });

  test("delete fails: the contact comes back with the api's message", async () => {
    window.confirm = () => true;
    serve([ada, bob], (call) => (call.method === 'DELETE' ? apiError(404, 'not_found', 'Contact not found') : undefined));
    renderWithProviders(<ContactsView />);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Ada Lovelace' }));
    await waitUntil(() => expect(currentToast()).toMatchObject({ title: 'Contact not found', variant: 'destructive' }));
    expect(cardNames()).toEqual(['Ada Lovelace', 'Bob Stone']);
  });
});
