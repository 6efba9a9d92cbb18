import { afterEach, describe, expect, test } from 'bun:test';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { queryDefaults } from '@ringwise/api-client';
import { callQueries } from '@ringwise/contract/calls';
import type { HomeView } from '@ringwise/routes';
import { BottomNav } from './bottom-nav.tsx';

const realFetch = globalThis.fetch;
afterEach(() => {
  cleanup();
  globalThis.fetch = realFetch;
});

const waitUntil = (check: () => void) => waitFor(check, { timeout: 2000 });

/** The nav on `view` with the api's count of missed calls not seen (a status other than 200: it fails). */
function renderNav(view: HomeView, missed: number | { status: number }) {
  const mock = { calls: [] as string[] };
  globalThis.fetch = Object.assign(
    async (input: RequestInfo | URL) => {
      const url = String(input instanceof Request ? input.url : input);
      mock.calls.push(url);
      if (!url.includes('/api/calls/unseen')) return new Response('not found', { status: 404 });
      const [body, status] = typeof missed === 'number' ? [{ missed }, 200] : [{ error: { code: 'unavailable', message: 'Try again' } }, missed.status];
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    },
    { preconnect: () => {} },
  ) as typeof fetch;
  const client = new QueryClient({ defaultOptions: { queries: { ...queryDefaults } } });
  const utils = render(
    <QueryClientProvider client={client}>
      <Router hook={memoryLocation({ path: `/home/${view}` }).hook}>
        <BottomNav view={view} />
      </Router>
    </QueryClientProvider>,
  );
  const rerender = (next: HomeView) =>
    utils.rerender(
      <QueryClientProvider client={client}>
        <Router hook={memoryLocation({ path: `/home/${next}` }).hook}>
          <BottomNav view={next} />
        </Router>
      </QueryClientProvider>,
    );
  return { client, mock, rerender };
}

const callsTab = () => screen.getByRole('link', { name: /^Calls/ });
const badge = () => screen.queryByTestId('missed-calls-badge');
const flush = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));

describe("the Calls tab's missed calls", () => {
  test("shows the count, named for screen readers ('Calls, 2 missed'); the number itself is not read twice", async () => {
    renderNav('dialer', 2);
    await waitUntil(() => expect(callsTab().getAttribute('aria-label')).toBe('Calls, 2 missed'));
    expect(badge()?.textContent).toBe('2');
    expect(badge()?.getAttribute('aria-hidden')).toBe('true');
    expect(within(callsTab()).getByText('Calls')).toBeTruthy();
  });

  test('nothing missed, or a count that could not be read: just Calls, no badge', async () => {
    const { mock } = renderNav('contacts', 0);
    await waitUntil(() => expect(mock.calls.length).toBe(1));
    await flush();
    expect(callsTab().getAttribute('aria-label')).toBeNull();
    expect(badge()).toBeNull();
    cleanup();

    const failed = renderNav('contacts', { status: 503 });
    await waitUntil(() => expect(failed.mock.calls.length).toBe(1));
    await flush();
    expect(badge()).toBeNull();
    expect(callsTab().getAttribute('aria-label')).toBeNull();
  });

  test('more than 99 shows 99+, the name says how many', async () => {
    renderNav('rates', 120);
    await waitUntil(() => expect(badge()?.textContent).toBe('99+'));
    expect(callsTab().getAttribute('aria-label')).toBe('Calls, 120 missed');
  });

  test('follows the shared query: the dialer refreshing it after a call, Recent Calls setting it to 0', async () => {
    const { client, mock } = renderNav('dialer', 0);
    await waitUntil(() => expect(mock.calls.length).toBe(1));
    await flush();
    expect(badge()).toBeNull();
    act(() => void client.setQueryData(callQueries.unseen().queryKey, { missed: 1 }));
    await waitUntil(() => expect(badge()?.textContent).toBe('1'));
    act(() => void client.setQueryData(callQueries.unseen().queryKey, { missed: 0 }));
    await flush();
    expect(badge()).toBeNull();
  });

  test('on Recent Calls itself there is no badge (the view sees them)', async () => {
    const { rerender } = renderNav('dialer', 3);
    await waitUntil(() => expect(badge()?.textContent).toBe('3'));
    rerender('calls');
    expect(badge()).toBeNull();
    expect(callsTab().getAttribute('aria-current')).toBe('page');
  });
});
