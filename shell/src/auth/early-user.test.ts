import { afterEach, expect, test } from 'bun:test';
import { QueryClient } from '@tanstack/react-query';
import { routes } from '@ringwise/contract/routes';
import { userQueries, type CurrentUser } from '@ringwise/contract/users';
import { currentUserPath, startEarlyUserLookup } from './early-user.ts';
import { seedEarlyUser } from './seed-early-user.ts';
import { AUTH_STORAGE_KEY } from './stored-session.ts';

test("the lookup asks the contract's own route", () => {
  expect(currentUserPath).toBe(routes.currentUser.path);
});

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
  window.localStorage.clear();
});

test("the early answer seeds the page's user query unless it has data of its own; a refused token gives nothing", async () => {
  const user = { id: 'u1', email: 'ada@example.com', balance: '12.50' } as CurrentUser;
  const asked: Array<{ url: string; authorization: string | null }> = [];
  let status = 200;
  globalThis.fetch = (async (url: string, init?: RequestInit) => {
    asked.push({ url: String(url), authorization: new Headers(init?.headers).get('authorization') });
    return new Response(status === 200 ? JSON.stringify(user) : '{"error":{"code":"unauthorized","message":"no"}}', { status });
  }) as typeof fetch;
  window.localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify({ access_token: 'tok', expires_at: Date.now() / 1000 + 3600, user: { id: 'u1' } }));
  startEarlyUserLookup();
  startEarlyUserLookup();
  expect(asked).toEqual([{ url: '/api/auth/user', authorization: 'Bearer tok' }]);
  const { queryKey } = userQueries.current();
  const client = new QueryClient();
  await seedEarlyUser(client);
  expect(client.getQueryData(queryKey)).toEqual(user);
  const fresher = new QueryClient();
  fresher.setQueryData(queryKey, { ...user, balance: '11.00' });
  await seedEarlyUser(fresher);
  expect(fresher.getQueryData(queryKey)).toMatchObject({ balance: '11.00' });

  // another page (a fresh module) whose token the api refuses
  status = 401;
  const fresh = './early-user.ts?refused';
  const other = (await import(fresh)) as typeof import('./early-user.ts');
  other.startEarlyUserLookup();
  expect(await other.earlyUser()).toBeNull();
});
