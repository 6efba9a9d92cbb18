import { contactPageOf } from '../../dev/contact-pages.ts';
import { describe, expect, mock, test } from 'bun:test';
import { useState } from 'react';
import { act, fireEvent, screen, within } from '@testing-library/react';
import type { Contact } from '@ringwise/contract/contacts';
import { apiError, componentTestHooks, contact, currentToast, deferred, json, renderWithProviders, waitUntil, type FetchCall } from '../../test-support.tsx';
import { ContactMatch } from './contact-match.tsx';
import { ContactPicker } from './contact-picker.tsx';
import { ContactSuggestions } from './contact-suggestions.tsx';
import { SaveContactDialog } from './save-contact-dialog.tsx';

const ada = contact({ id: 'a1', displayName: 'Ada Lovelace', primaryNumber: '+447700900123', countryCode: '+44' });
const alan = contact({ id: 'a2', displayName: 'Alan Turing', primaryNumber: '+447700900456', countryCode: '+44' });
const grace = contact({ id: 'g3', displayName: 'Grace Hopper', primaryNumber: '+12025550123', countryCode: '+1', favorite: true });

const { mockFetch } = componentTestHooks();

function serve(list: Contact[], other: (call: FetchCall) => Response | Promise<Response> | undefined = () => undefined) {
  const fetchMock = mockFetch((call) =>
    call.method === 'GET' && call.url.split('?')[0] === '/api/contacts' ? json(contactPageOf(list, call.url)) : other(call),
  );
  return fetchMock;
}

const dialogOpen = (name: string) =>
  [...document.querySelectorAll('[role="dialog"]')].some((d) => d.querySelector('h2')?.textContent === name);
const sleep = (ms: number) => act(() => new Promise<void>((resolve) => setTimeout(resolve, ms)));

describe('contact-suggestions', () => {
  const many = ['Anna', 'Annabel', 'Hanna', 'Joanna', 'Ann-Marie', 'Annette'].map((name, i) =>
    contact({ id: `s${i}`, displayName: name, primaryNumber: `+1555000000${i}`, favorite: name === 'Annette' }),
  );

  test('nothing under 2 characters; then up to 5 matches as a labelled listbox, favorites first', async () => {
    serve(many);
    const onSelect = mock((_c: Contact) => {});
    const { rerender } = renderWithProviders(<ContactSuggestions query="a" onSelect={onSelect} id="dial-suggestions" />);
    await sleep(20);
    expect(screen.queryByRole('listbox')).toBeNull();

    rerender(<ContactSuggestions query="AN" onSelect={onSelect} id="dial-suggestions" />);
    await waitUntil(() => expect(document.querySelectorAll('[role="option"]').length).toBe(5));
    const list = screen.getByRole('listbox', { name: 'Contact suggestions' });
    expect(list.id).toBe('dial-suggestions');
    const options = within(list).getAllByRole('option');
    expect(options.map((o) => o.textContent?.replace(/\+.*/, '').slice(1))).toEqual(['Annette', 'Anna', 'Annabel', 'Hanna', 'Joanna']);
    expect(screen.getByText('5 contact suggestions')).toBeTruthy();
  });

  test('matches digits; click or keyboard chooses', async () => {
    serve([ada, alan, grace]);
    const onSelect = mock((_c: Contact) => {});
    renderWithProviders(<ContactSuggestions query="7700 900" onSelect={onSelect} />);
    await waitUntil(() => expect(document.querySelectorAll('[role="option"]').length).toBe(2));
    // initials, name and the number as every screen shows it, once the lazy formatter has arrived
    await waitUntil(() => expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['ALAda Lovelace+44 7700 900123', 'ATAlan Turing+44 7700 900456']));
    const [first, second] = screen.getAllByRole('option');
    expect(first!.getAttribute('aria-selected')).toBe('true');
    expect(first!.tabIndex).toBe(0);
    expect(second!.tabIndex).toBe(-1);

    fireEvent.keyDown(first!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(second!);
    expect(second!.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(second!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(first!);
    fireEvent.keyDown(first!, { key: 'End' });
    fireEvent.keyDown(second!, { key: 'Enter' });
    expect(onSelect.mock.calls.map(([c]) => c.id)).toEqual(['a2']);
    fireEvent.click(first!);
    expect(onSelect.mock.calls.map(([c]) => c.id)).toEqual(['a2', 'a1']);
  });

  test('no match renders no list', async () => {
    serve([ada]);
    renderWithProviders(<ContactSuggestions query="zz" onSelect={() => {}} />);
    await sleep(20);
    expect(screen.queryByRole('listbox')).toBeNull();
  });
});

describe('contact-match', () => {
  function Harness({ initial, countryCode, onMatchChange }: { initial: string; countryCode?: string; onMatchChange?: (c: Contact | null) => void }) {
    const [number, setNumber] = useState(initial);
    return (
      <>
        <input aria-label="Number" value={number} onChange={(event) => setNumber(event.target.value)} />
        <ContactMatch number={number} countryCode={countryCode} onMatchChange={onMatchChange} />
      </>
    );
  }
  const badgeText = () => document.querySelector('[role="status"]')?.textContent ?? '';
  const addButton = () => [...document.querySelectorAll('button')].some((b) => b.textContent === ' Add to Contacts' || b.textContent === 'Add to Contacts');

  test('below 8 characters: nothing', async () => {
    serve([ada]);
    renderWithProviders(<Harness initial="+447700" />);
    await sleep(350);
    expect(badgeText()).toBe('');
    expect(addButton()).toBe(false);
  });

  test('the matched name as a badge, only after the 250 ms debounce; digits only and fuzzy', async () => {
    serve([ada, grace]);
    const onMatchChange = mock((_c: Contact | null) => {});
    renderWithProviders(<Harness initial="" onMatchChange={onMatchChange} />);
    await sleep(20);
    fireEvent.change(screen.getByLabelText('Number'), { target: { value: '+44 7700-900 123' } });
    await sleep(100);
    expect(badgeText()).toBe('');
    await waitUntil(() => expect(badgeText()).toBe('Contact: Ada Lovelace'));
    expect(onMatchChange.mock.calls.map(([c]) => c?.id ?? null)).toEqual(['a1']);

    // without the country code: a fuzzy match (10 digits, ends the saved number)
    fireEvent.change(screen.getByLabelText('Number'), { target: { value: '(202) 555-0123' } });
    await waitUntil(() => expect(badgeText()).toBe('Contact: Grace Hopper'));
    // shorter than 8 hides at once
    fireEvent.change(screen.getByLabelText('Number'), { target: { value: '202' } });
    await sleep(0);
    expect(badgeText()).toBe('');
    expect(onMatchChange.mock.calls.map(([c]) => c?.id ?? null)).toEqual(['a1', 'g3', null]);
  });

  test("an unknown number: 'Add to Contacts' opens the contact dialog prefilled; saving shows the badge", async () => {
    const list = [ada];
    const reply = deferred<void>();
    const { calls } = serve(list, (call) => {
      if (call.method !== 'POST') return undefined;
      const created = contact({ id: 'n1', displayName: 'New Person', primaryNumber: '+33123456789', countryCode: '+33' });
      list.push(created);
      return reply.promise.then(() => json(created, 201));
    });
    renderWithProviders(<Harness initial="+33 1 23 45 67 89" countryCode="+44" />);
    await waitUntil(() => expect(addButton()).toBe(true));
    expect(badgeText()).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Add to Contacts' }));
    await waitUntil(() => expect(dialogOpen('Add Contact')).toBe(true));
    const form = within(screen.getByRole('dialog'));
    expect(form.getByRole('button', { name: 'Country code: +33 France' })).toBeTruthy();
    expect((form.getByLabelText('Phone number') as HTMLInputElement).value).toBe('123456789');

    fireEvent.change(form.getByLabelText('Name'), { target: { value: 'New Person' } });
    fireEvent.click(form.getByRole('button', { name: 'Add Contact' }));
    // the new contact matches at once (optimistic), before the api has answered
    await waitUntil(() => expect(badgeText()).toBe('Contact: New Person'));
    await act(async () => reply.resolve());
    await waitUntil(() => expect(dialogOpen('Add Contact')).toBe(false));
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ displayName: 'New Person', primaryNumber: '123456789', countryCode: '+33' });
    await waitUntil(() => expect(badgeText()).toBe('Contact: New Person'));
    expect(currentToast()).toMatchObject({ title: 'Contact created', variant: 'success' });
  });
});

describe('contact-picker', () => {
  test('a bottom sheet: Favorites first, then All Contacts; choosing one hands it over and closes', async () => {
    serve([ada, alan, grace]);
    const onSelect = mock((_c: Contact) => {});
    renderWithProviders(<ContactPicker onSelect={onSelect} />);
    fireEvent.click(screen.getByRole('button', { name: 'Contacts' }));
    await waitUntil(() => expect(document.querySelectorAll('section h3').length).toBe(2));
    const sheet = screen.getByRole('dialog', { name: 'Contacts' });
    expect(sheet.getAttribute('data-side')).toBe('bottom');
    expect([...sheet.querySelectorAll('section h3')].map((h) => h.textContent)).toEqual(['Favorites', 'All Contacts']);
    const favorites = within(sheet).getByRole('region', { name: 'Favorites' });
    expect(within(favorites).getAllByRole('button').map((b) => b.textContent?.replace(/\+.*/, ''))).toEqual(['GHGrace Hopper']);
    const all = within(sheet).getByRole('region', { name: 'All Contacts' });
    expect(within(all).getAllByRole('button')).toHaveLength(2);

    fireEvent.click(within(all).getByRole('button', { name: /Alan Turing/ }));
    expect(onSelect.mock.calls.map(([c]) => c.id)).toEqual(['a2']);
    await waitUntil(() => expect(dialogOpen('Contacts')).toBe(false));
  });

  test("each contact shows the rate to their number and the minutes the balance buys; a failed lookup shows nothing", async () => {
    serve([ada, grace], (call) => {
      if (call.url === '/api/auth/user') return json({ balance: '4.00' });
      if (call.url.startsWith('/api/rates/lookup?number=%2B447700900123')) return json({ rate: 0.032, country: 'United Kingdom', countryCode: 'GB', numberType: 'mobile' });
      if (call.url.startsWith('/api/rates/lookup')) return apiError(404, 'not_found', 'No rate for this number');
      return undefined;
    });
    renderWithProviders(<ContactPicker onSelect={() => {}} open onOpenChange={() => {}} />);
    await waitUntil(() => expect(screen.getAllByTestId('contact-rate').map((r) => r.textContent)).toEqual(['$0.032/min · ≈ 125 min']));
    expect(within(screen.getByRole('button', { name: /Ada Lovelace/ })).getByTestId('contact-rate')).toBeTruthy();
    expect(within(screen.getByRole('button', { name: /Grace Hopper/ })).queryByTestId('contact-rate')).toBeNull();
  });

  test('the filter narrows the list', async () => {
    serve([ada, alan, grace]);
    renderWithProviders(<ContactPicker onSelect={() => {}} open onOpenChange={() => {}} />);
    await waitUntil(() => expect(document.querySelectorAll('section h3').length).toBe(2));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search contacts' }), { target: { value: 'zz' } });
    expect(screen.getByText('No contacts found')).toBeTruthy();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search contacts' }), { target: { value: '2025' } });
    expect(document.querySelectorAll('li button').length).toBe(1);
  });

  test("no contacts: 'No contacts yet' with an add-first-contact action that opens the contact dialog", async () => {
    serve([]);
    renderWithProviders(<ContactPicker onSelect={() => {}} open onOpenChange={() => {}} />);
    await waitUntil(() => expect(document.body.textContent?.includes('No contacts yet')).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Add your first contact' }));
    await waitUntil(() => expect(dialogOpen('Add Contact')).toBe(true));
  });
});

describe('save-contact-dialog', () => {
  test("the 'Save Contact' dialog needs a name, then POSTs from-call and toasts 'Contact saved'", async () => {
    const { calls } = serve([], (call) =>
      call.method === 'POST' ? json(contact({ id: 'c1', displayName: 'Caller', primaryNumber: '+447700900123' }), 201) : undefined,
    );
    const onSaved = mock((_c: Contact | null) => {});
    renderWithProviders(<SaveContactDialog phoneNumber="+447700900123" onSaved={onSaved} />);
    await waitUntil(() => expect(screen.getByRole('button', { name: 'Save +44 7700 900123 to contacts' })).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: 'Save +44 7700 900123 to contacts' }));
    await waitUntil(() => expect(dialogOpen('Save Contact')).toBe(true));
    const form = within(screen.getByRole('dialog', { name: 'Save Contact' }));

    fireEvent.change(form.getByLabelText('Name'), { target: { value: '   ' } });
    fireEvent.click(form.getByRole('button', { name: 'Save' }));
    const name = form.getByLabelText('Name');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(name.getAttribute('aria-describedby')!)?.textContent).toBe('Name is required');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(name, { target: { value: ' Caller ' } });
    expect(name.hasAttribute('aria-invalid')).toBe(false);
    fireEvent.click(form.getByRole('button', { name: 'Save' }));
    await waitUntil(() => expect(dialogOpen('Save Contact')).toBe(false));
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      url: '/api/contacts/from-call',
      body: { phoneNumber: '+447700900123', displayName: 'Caller' },
    });
    expect(currentToast()).toMatchObject({ title: 'Contact saved', variant: 'success' });
    expect(onSaved.mock.calls.map(([c]) => c?.id)).toEqual(['c1']);
  });

  test("a 409 shows the api's message in the dialog and as a toast; other failures 'Failed to save contact'", async () => {
    let reply = apiError(409, 'conflict', 'You already have a contact with this number: Ada Lovelace');
    serve([], (call) => (call.method === 'POST' ? reply : undefined));
    renderWithProviders(<SaveContactDialog phoneNumber="+447700900123" open onOpenChange={() => {}} />);
    const form = within(screen.getByRole('dialog', { name: 'Save Contact' }));
    fireEvent.change(form.getByLabelText('Name'), { target: { value: 'Someone' } });
    fireEvent.click(form.getByRole('button', { name: 'Save' }));
    await waitUntil(() =>
      expect(document.querySelector('[role="alert"]')?.textContent).toBe('You already have a contact with this number: Ada Lovelace'),
    );
    expect(currentToast()).toMatchObject({ title: 'You already have a contact with this number: Ada Lovelace', variant: 'destructive' });

    reply = new Response('', { status: 500 });
    fireEvent.click(form.getByRole('button', { name: 'Save' }));
    await waitUntil(() => expect(document.querySelector('[role="alert"]')?.textContent).toBe('Failed to save contact'));
    expect(currentToast()).toMatchObject({ title: 'Failed to save contact', variant: 'destructive' });
  });
});
