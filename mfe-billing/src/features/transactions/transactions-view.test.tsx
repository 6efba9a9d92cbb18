import { describe, expect, test } from 'bun:test';
import { act, fireEvent, screen, within } from '@testing-library/react';
import type { Transaction } from '@ringwise/contract/billing';
import { formatDateTime } from '@ringwise/ui/format';
import BillingApp from '../../exposed/app.tsx';
import { componentTestHooks, deferred, json, renderWithProviders, transaction, user, waitUntil, type FetchCall } from '../../test-support.tsx';

const { mockFetch } = componentTestHooks();

const topUp = transaction({ amount: '25.00', description: 'Account top-up', createdAt: '2026-11-22T15:04:00.000Z' });
const call = transaction({ amount: '-0.06', description: 'Call to +447700900123 (2 min 0 s billed)', createdAt: '2026-11-21T09:30:00.000Z' });
const failedTopUp = transaction({ amount: '50.00', description: 'Account top-up', status: 'failed', createdAt: '2026-11-20T08:00:00.000Z' });
const pendingTopUp = transaction({ amount: '10.00', description: null, status: 'pending', createdAt: '2026-11-19T08:00:00.000Z' });

/** /api/auth/user and /api/transactions (pages keyed by cursor: '' is the first). */
function serve(pages: Record<string, { items: Transaction[]; nextCursor: string | null }>, other: (call: FetchCall) => Response | Promise<Response> | undefined = () => undefined) {
  const fetchMock = mockFetch((c) => {
    if (c.url === '/api/auth/user') return json(user({ balance: '12.50' }));
    if (c.method === 'GET' && c.url.startsWith('/api/transactions')) {
      const page = pages[new URL(c.url, 'http://x').searchParams.get('cursor') ?? ''];
      if (page) return json(page);
    }
    return other(c);
  });
  return fetchMock;
}

/** Each row as "title | date | amount | status". */
const rows = () =>
  [...document.querySelectorAll('ul[aria-label="Transactions"] > li')].map((li) =>
    [...li.querySelectorAll('p, span')].filter((el) => el.children.length === 0 || el.tagName === 'P').map((el) => el.textContent).join(' | '),
  );

describe('Balance & Transactions', () => {
  test('the balance, then each entry: description, en-US date, signed amount and status, newest first', async () => {
    serve({ '': { items: [topUp, call, failedTopUp, pendingTopUp], nextCursor: null } });
    renderWithProviders(<BillingApp view="transactions" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Balance & Transactions' })).toBeTruthy();
    expect(screen.getByRole('status', { name: 'Loading transactions' })).toBeTruthy();
    await waitUntil(() => expect(rows().length).toBe(4));
    expect(screen.getByTestId('balance').textContent).toBe('$12.50');
    await waitUntil(() => expect(rows()[1]).toContain('+44 7700 900123'));
    expect(rows()).toEqual([
      `Account top-up | ${formatDateTime(topUp.createdAt)} | +$25.00 | Completed`,
      // the api writes the number in E.164; it is shown as every number is
      `Call to +44 7700 900123 (2 min 0 s billed) | ${formatDateTime(call.createdAt)} | -$0.06 | Completed`,
      `Account top-up | ${formatDateTime(failedTopUp.createdAt)} | +$50.00 | Failed`,
      // no description: named after its type
      `Credit purchase | ${formatDateTime(pendingTopUp.createdAt)} | +$10.00 | Pending`,
    ]);
    // en-US short month, day, year, hour:minute (spec §9 'Display')
    expect(formatDateTime(topUp.createdAt)).toMatch(/^Nov 2[12], 2026, \d{1,2}:\d{2} [AP]M$/);
    const time = document.querySelector('time')!;
    expect(time.getAttribute('datetime')).toBe(topUp.createdAt);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  test("no entries: 'No transactions yet.'", async () => {
    serve({ '': { items: [], nextCursor: null } });
    renderWithProviders(<BillingApp view="transactions" />);
    expect(await screen.findByText('No transactions yet.')).toBeTruthy();
  });

  test("'Load more' asks for the next page with its cursor, appends it and moves the focus to the first new entry", async () => {
    const older = transaction({ amount: '-0.10', description: 'Virtual number +12025550123 (first month)', createdAt: '2026-11-01T10:00:00.000Z' });
    const next = deferred<Response>();
    const { calls } = serve({ '': { items: [topUp, call], nextCursor: 'page-2' } }, (c) => (c.url === '/api/transactions?cursor=page-2' ? next.promise : undefined));
    renderWithProviders(<BillingApp view="transactions" />);
    await waitUntil(() => expect(rows().length).toBe(2));
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitUntil(() => expect(screen.queryByRole('button', { name: 'Loading...' }) !== null).toBe(true));
    expect(calls.map((c) => c.url)).toContain('/api/transactions?cursor=page-2');

    await act(async () => next.resolve(json({ items: [older], nextCursor: null })));
    await waitUntil(() => expect(rows().length).toBe(3));
    expect(rows()[2]).toStartWith('Virtual number +1 (202) 555-0123 (first month)');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(document.activeElement === document.querySelectorAll('ul[aria-label="Transactions"] > li')[2]).toBe(true);
  });

  test('a failed load says so with Retry', async () => {
    let fail = true;
    mockFetch((c) => {
      if (c.url === '/api/auth/user') return json(user());
      return fail ? new Response('down', { status: 503 }) : json({ items: [call], nextCursor: null });
    });
    renderWithProviders(<BillingApp view="transactions" />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not load your transactions');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitUntil(() => expect(rows().length).toBe(1));
  });

  test("'Add Credits' opens the top-up dialog; closing it puts the focus back on the button", async () => {
    serve({ '': { items: [], nextCursor: null } });
    renderWithProviders(<BillingApp view="transactions" />);
    const add = screen.getByRole('button', { name: 'Add Credits' });
    add.focus();
    fireEvent.click(add);
    const dialog = await screen.findByRole('dialog', { name: 'Add Calling Credits' });
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitUntil(() => expect(document.querySelector('[role="dialog"]')).toBeNull());
    await waitUntil(() => expect(document.activeElement === add).toBe(true));
  });
});
