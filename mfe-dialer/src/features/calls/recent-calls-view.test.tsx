import { afterEach, beforeAll, beforeEach, describe, expect, test } from 'bun:test';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { callQueries } from '@ringwise/contract/calls';
import { loadPhoneFormat } from '@ringwise/phone/display';
import { __resetToastsForTests } from '@ringwise/ui/toast';
import { formatDateTime } from '@ringwise/ui/format';
import { __resetWidgetsForTests, WidgetLoaderProvider, type LoadWidget } from '../../lib/remote-widgets.tsx';
import { apiError, currentToast, json, listedCall, mockFetch, renderWithCalling, testCalling, waitUntil, type FetchCall } from '../../test-support.tsx';
import { RecentCallsView } from './recent-calls-view.tsx';

// numbers show as every screen shows them (the formatter is lazy: loaded before, as the page has it by then)
beforeAll(() => loadPhoneFormat());

const page1 = [
  listedCall({
    id: '1',
    destinationNumber: '+447700900123',
    duration: 65,
    cost: '0.07',
    callingMethod: 'virtual',
    contactName: 'Grace Hopper',
    costItems: { matchedPrefix: '447', rateName: 'United Kingdom — Mobile', rate: '0.032000', connectionFee: '0.01', initialIncrement: 60, increment: 60, billedSeconds: 120 },
  }),
  listedCall({ id: '2', destinationNumber: '+14155550199', status: 'busy', duration: 0, cost: '0.00', callingMethod: 'verified' }),
];
const page2 = [listedCall({ id: '3', destinationNumber: '+33612345678', status: 'no-answer', duration: 0, cost: '0.00' })];

let restore = () => {};
const realWarn = console.warn;
beforeEach(() => {
  __resetWidgetsForTests();
  console.warn = () => {};
  restore = mockFetch(({ url }) => {
    const u = new URL(url, 'http://localhost');
    if (u.pathname === '/api/calls') return json(u.searchParams.get('cursor') === 'p2' ? { items: page2, nextCursor: null } : { items: page1, nextCursor: 'p2' });
    return undefined;
  }).restore;
});
afterEach(() => {
  cleanup();
  restore();
  console.warn = realWarn;
});

const rows = () => screen.getAllByTestId('call-row');

/** Renders Recent Calls with a stand-in for every widget; the numbers the save-contact widget was offered. */
function renderWithSaveContactWidget(): string[] {
  const saved: string[] = [];
  const loadWidget = (async (id: string) => (props: { phoneNumber: string }) => {
    if (id === 'contacts/widgets/save-contact-dialog') saved.push(props.phoneNumber);
    return null;
  }) as LoadWidget;
  renderWithCalling(
    <WidgetLoaderProvider loadWidget={loadWidget}>
      <RecentCallsView />
    </WidgetLoaderProvider>,
    testCalling(),
  );
  return saved;
}

describe('Recent Calls', () => {
  test('each call: name or number, date, Xm Ys, method badge, negative cost, status (red unless completed)', async () => {
    renderWithCalling(<RecentCallsView />, testCalling(), { path: '/home/calls' });
    await waitUntil(() => expect(rows().length).toBe(2));
    const [first, second] = rows();
    expect(within(first!).getByTestId('call-destination').textContent).toBe('Grace Hopper');
    expect(first!.textContent).toContain('+44 7700 900123');
    expect(within(first!).getByTestId('call-date').textContent).toBe(formatDateTime('2026-11-22T15:04:00.000Z'));
    expect(within(first!).getByTestId('call-duration').textContent).toBe('1m 5s');
    expect(within(first!).getByTestId('call-method').textContent).toBe('Virtual');
    expect(within(first!).getByTestId('call-cost').textContent).toBe('-$0.07');
    expect(within(first!).getByTestId('call-status').className).not.toContain('destructive');

    expect(within(second!).getByTestId('call-destination').textContent).toBe('+1 (415) 555-0199');
    expect(within(second!).getByTestId('call-status').textContent).toBe('Busy');
    expect(within(second!).getByTestId('call-status').className).toContain('dl:text-destructive');
    expect(within(second!).getByTestId('call-method').textContent).toBe('Verified');
    expect(within(second!).getByTestId('call-cost').textContent).toBe('$0.00');
  });

  test('the itemised cost opens under the call', async () => {
    renderWithCalling(<RecentCallsView />, testCalling());
    await waitUntil(() => expect(rows().length).toBe(2));
    const toggle = within(rows()[0]!).getByRole('button', { name: 'Cost details' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    const items = screen.getByTestId('cost-items').textContent ?? '';
    expect(items).toContain('+447 · United Kingdom — Mobile');
    expect(items).toContain('$0.032/min');
    expect(items).toContain('120 s (60/60)');
    expect(items).toContain('Connection fee$0.01');
    expect(within(rows()[1]!).queryByRole('button', { name: 'Cost details' })).toBeNull();
  });

  test("'Load more' fetches the next page; unknown numbers get the save-contact widget", async () => {
    const saved = renderWithSaveContactWidget();
    await waitUntil(() => expect(rows().length).toBe(2));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Load more' })));
    await waitUntil(() => expect(rows().length).toBe(3));
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    await waitUntil(() => expect([...new Set(saved)].sort()).toEqual(['+14155550199', '+33612345678']));
  });

  test("an incoming call shows who called, never the user's own number, which is never offered to save", async () => {
    restore();
    const incoming = [
      listedCall({ id: 'in-1', callDirection: 'inbound', destinationNumber: '+14155550100', fromNumber: '+447700900555', callingMethod: 'virtual', cost: '0.00' }),
      listedCall({ id: 'in-2', callDirection: 'inbound', destinationNumber: '+14155550100', fromNumber: '+447700900123', contactName: 'Grace Hopper', cost: '0.00' }),
      listedCall({ id: 'in-3', callDirection: 'inbound', destinationNumber: '+14155550100', fromNumber: '+447700900999', otherPartyIsOwnNumber: true, cost: '0.00' }),
      listedCall({ id: 'in-4', callDirection: 'inbound', destinationNumber: '+14155550100', fromNumber: 'anonymous', cost: '0.00' }),
      listedCall({ id: 'out-1', destinationNumber: '+447700900999', otherPartyIsOwnNumber: true }),
    ];
    restore = mockFetch(({ url }) => (url.includes('/api/calls') ? json({ items: incoming, nextCursor: null }) : undefined)).restore;
    const saved = renderWithSaveContactWidget();
    await waitUntil(() => expect(rows().length).toBe(5));
    const shown = rows().map((row) => within(row).getByTestId('call-destination').textContent);
    expect(shown).toEqual(['+44 7700 900555', 'Grace Hopper', '+44 7700 900999', 'Unknown caller', '+44 7700 900999']);
    expect(screen.queryByText('+1 (415) 555-0100')).toBeNull();
    expect(rows()[1]!.textContent).toContain('+44 7700 900123');
    expect(within(rows()[0]!).getByLabelText('Incoming')).toBeTruthy();
    await waitUntil(() => expect([...new Set(saved)]).toEqual(['+447700900555']));
  });

  // Remotes and the api deploy apart (docs/shipping-a-remote.md, "What the contract lets change"): an api older
  // than `otherPartyIsOwnNumber` (an optional property of the contract) does not send it.
  test('against an api that omits the optional otherPartyIsOwnNumber: the call shows, and its number is offered to save, as before the api knew it', async () => {
    restore();
    const { otherPartyIsOwnNumber: _omitted, ...fromOlderApi } = listedCall({ id: 'out-1', destinationNumber: '+447700900999', otherPartyIsOwnNumber: true });
    expect('otherPartyIsOwnNumber' in fromOlderApi).toBe(false);
    restore = mockFetch(({ url }) => (url.includes('/api/calls') ? json({ items: [fromOlderApi], nextCursor: null }) : undefined)).restore;
    const saved = renderWithSaveContactWidget();
    await waitUntil(() => expect(rows().length).toBe(1));
    expect(within(rows()[0]!).getByTestId('call-destination').textContent).toBe('+44 7700 900999');
    expect(within(rows()[0]!).getByTestId('call-status').textContent).toBe('Completed');
    await waitUntil(() => expect([...new Set(saved)]).toEqual(['+447700900999']));
  });

  test("an incoming call nobody took is 'Declined' (turned down) or 'Missed', neutral, with its own icon; an outgoing one stays red", async () => {
    restore();
    const inbound = { callDirection: 'inbound', destinationNumber: '+14155550100', callingMethod: 'virtual', duration: 0, cost: '0.00' } as const;
    const calls = [
      // how the api records them: a Reject ends the leg busy; ringing out no-answer; the caller giving up canceled
      listedCall({ ...inbound, id: 'rejected', fromNumber: '+447700900555', status: 'busy', endReason: 'busy (SIP 486)' }),
      listedCall({ ...inbound, id: 'rang-out', fromNumber: '+447700900556', status: 'no-answer' }),
      listedCall({ ...inbound, id: 'gave-up', fromNumber: '+447700900557', status: 'canceled' }),
      listedCall({ ...inbound, id: 'answered', fromNumber: '+447700900558', status: 'completed', duration: 30 }),
      listedCall({ id: 'out-busy', destinationNumber: '+447700900559', status: 'busy', duration: 0, cost: '0.00' }),
    ];
    restore = mockFetch(({ url }) => (url.includes('/api/calls') ? json({ items: calls, nextCursor: null }) : undefined)).restore;
    renderWithCalling(<RecentCallsView />, testCalling());
    await waitUntil(() => expect(rows().length).toBe(5));
    const statuses = rows().map((row) => within(row).getByTestId('call-status'));
    expect(statuses.map((status) => status.textContent)).toEqual(['Declined', 'Missed', 'Missed', 'Completed', 'Busy']);
    for (const status of statuses.slice(0, 3)) expect(status.className).not.toContain('destructive');
    expect(statuses[4]!.className).toContain('dl:text-destructive');
    const icons = rows().map((row) => within(row).getByTestId('call-direction').getAttribute('data-icon'));
    expect(icons).toEqual(['declined', 'missed', 'missed', 'inbound', 'outbound']);
    expect(within(rows()[0]!).getByLabelText('Incoming')).toBeTruthy();
  });

  test("a call forwarded to the user's own phone: 'Forwarded', with the caller as its party, where it rang, and what it cost", async () => {
    restore();
    const forwarded = listedCall({
      id: 'forwarded',
      callDirection: 'outbound',
      destinationNumber: '+14155550142',
      fromNumber: '+447700900560',
      callingMethod: 'virtual',
      status: 'completed',
      duration: 42,
      cost: '0.02',
      forwardedFrom: '7b0e2a52-1f0e-4c44-9c8c-1d2b3c4d5e6f',
      otherPartyIsOwnNumber: false,
    });
    restore = mockFetch(({ url }) => (url.includes('/api/calls') ? json({ items: [forwarded], nextCursor: null }) : undefined)).restore;
    const saved = renderWithSaveContactWidget();
    await waitUntil(() => expect(rows().length).toBe(1));
    const row = rows()[0]!;
    expect(within(row).getByTestId('call-status').textContent).toBe('Forwarded');
    expect(within(row).getByTestId('call-destination').textContent).toBe('+44 7700 900560');
    expect(within(row).getByTestId('call-forwarded-to').textContent).toBe('Forwarded to +1 (415) 555-0142');
    expect(within(row).getByTestId('call-cost').textContent).toBe('-$0.02');
    expect(within(row).getByTestId('call-direction').getAttribute('data-icon')).toBe('forwarded');
    expect(within(row).getByLabelText('Forwarded')).toBeTruthy();
    expect(within(row).queryByTestId('call-method')).toBeNull();
    // the caller may be saved as a contact, not the user's own phone
    await waitUntil(() => expect(saved).toEqual(['+447700900560']));
  });

  test('no calls yet', async () => {
    restore();
    restore = mockFetch(({ url }) => (url.includes('/api/calls') ? json({ items: [], nextCursor: null }) : json([]))).restore;
    renderWithCalling(<RecentCallsView />, testCalling());
    await waitUntil(() => expect(screen.getByText('Your call history appears here once you place your first call.')).toBeTruthy());
  });
});

describe('opening Recent Calls sees the missed calls (the Calls tab count)', () => {
  const missed = listedCall({ id: 'rang-out', callDirection: 'inbound', destinationNumber: '+14155550100', fromNumber: '+447700900556', status: 'no-answer', duration: 0, cost: '0.00' });
  const unseenKey = callQueries.unseen().queryKey;

  function serve(answers: { list?: () => Response; seen?: () => Response } = {}) {
    restore();
    const mock = mockFetch(({ method, url }) => {
      const path = new URL(url, 'http://localhost').pathname;
      if (method === 'POST' && path === '/api/calls/seen') return answers.seen?.() ?? new Response(null, { status: 204 });
      if (path === '/api/calls') return answers.list?.() ?? json({ items: [missed], nextCursor: null });
      return undefined;
    });
    restore = mock.restore;
    return { seen: () => mock.calls.filter((call: FetchCall) => call.method === 'POST' && call.url.includes('/api/calls/seen')).length };
  }

  test('once the list is shown they are marked seen and the count is 0 at once', async () => {
    const fetches = serve();
    const { client } = renderWithCalling(<RecentCallsView />, testCalling(), { path: '/home/calls' });
    client.setQueryData(unseenKey, { missed: 2 });
    await waitUntil(() => expect(rows().length).toBe(1));
    await waitUntil(() => expect(client.getQueryData(unseenKey)).toEqual({ missed: 0 }));
    expect(fetches.seen()).toBe(1);
    expect(within(rows()[0]!).getByTestId('call-status').textContent).toBe('Missed');
  });

  test('the list loaded again (a call missed while it is open): marked again', async () => {
    const fetches = serve();
    const { client } = renderWithCalling(<RecentCallsView />, testCalling(), { path: '/home/calls' });
    await waitUntil(() => expect(fetches.seen()).toBe(1));
    client.setQueryData(unseenKey, { missed: 1 });
    await act(() => client.invalidateQueries({ queryKey: ['/api/calls'], exact: true }));
    await waitUntil(() => expect(fetches.seen()).toBe(2));
    await waitUntil(() => expect(client.getQueryData(unseenKey)).toEqual({ missed: 0 }));
  });

  test('a list that did not load sees nothing; a mark that failed keeps the count, quietly', async () => {
    // the toasts other test files left in the page's one store
    __resetToastsForTests();
    const failedList = serve({ list: () => apiError(500, 'internal', 'Something went wrong') });
    renderWithCalling(<RecentCallsView />, testCalling(), { path: '/home/calls' });
    await waitUntil(() => expect(screen.getByRole('alert')).toBeTruthy());
    expect(failedList.seen()).toBe(0);
    cleanup();

    const failedMark = serve({ seen: () => apiError(503, 'unavailable', 'Try again') });
    const { client } = renderWithCalling(<RecentCallsView />, testCalling(), { path: '/home/calls' });
    client.setQueryData(unseenKey, { missed: 2 });
    await waitUntil(() => expect(failedMark.seen()).toBe(1));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(client.getQueryData(unseenKey)).toEqual({ missed: 2 });
    expect(currentToast()).toBeUndefined();
  });
});
