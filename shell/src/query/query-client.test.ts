import { afterEach, expect, mock, test } from 'bun:test';
import { ApiError } from '@ringwise/api-client';
import { __resetToastsForTests, getToastsSnapshot } from '@ringwise/ui/toast';
import { createQueryClient, setUnauthorizedHandler } from './query-client.ts';

afterEach(() => {
  __resetToastsForTests();
  setUnauthorizedHandler(null);
});

const conflict = () =>
  new ApiError(409, JSON.stringify({ error: { code: 'conflict', message: 'You already have a contact with this number: Ann' } }), 'Conflict');
const toasts = () => getToastsSnapshot().map((t) => [t.title, t.description]);

test('the spec defaults: fresh 5 min, kept 10 min, no retries, no refetch on focus', () => {
  const defaults = createQueryClient().getDefaultOptions().queries;
  expect(defaults?.staleTime).toBe(300_000);
  expect(defaults?.gcTime).toBe(600_000);
  expect(defaults?.retry).toBe(false);
  expect(defaults?.refetchOnWindowFocus).toBe(false);
});

test("a failed query shows one toast with the api's message, never the raw status line", async () => {
  const client = createQueryClient();
  await client.fetchQuery({ queryKey: ['a'], queryFn: () => Promise.reject(conflict()) }).catch(() => {});
  expect(toasts()).toEqual([['Error', 'You already have a contact with this number: Ann']]);

  __resetToastsForTests();
  await client.fetchQuery({ queryKey: ['b'], queryFn: () => Promise.reject(new ApiError(502, '<html>bad gateway</html>', 'Bad Gateway')) }).catch(() => {});
  expect(toasts()).toEqual([['Error', 'Something went wrong on our side. Please try again.']]);
});

test('a view that handles the error itself gets no toast: query meta, or a mutation with its own onError', async () => {
  const client = createQueryClient();
  await client.fetchQuery({ queryKey: ['b'], queryFn: () => Promise.reject(conflict()), meta: { handlesError: true } }).catch(() => {});
  const own = mock(() => {});
  await client.getMutationCache().build(client, { mutationFn: () => Promise.reject(conflict()), onError: own }).execute(undefined).catch(() => {});
  expect(own).toHaveBeenCalledTimes(1);
  expect(toasts()).toEqual([]);

  await client.getMutationCache().build(client, { mutationFn: () => Promise.reject(conflict()) }).execute(undefined).catch(() => {});
  expect(toasts()).toEqual([['Error', 'You already have a contact with this number: Ann']]);
});

test('a 401 ends the session once, even when several requests fail together and the view handles errors', async () => {
  const client = createQueryClient();
  const signOut = mock(async () => {});
  setUnauthorizedHandler(signOut);
  const expired = () => Promise.reject(new ApiError(401, '{"error":{"code":"unauthorized","message":"The token has expired"}}', 'Unauthorized'));
  await Promise.all([
    client.fetchQuery({ queryKey: ['u'], queryFn: expired, meta: { handlesError: true } }).catch(() => {}),
    client.fetchQuery({ queryKey: ['v'], queryFn: expired }).catch(() => {}),
  ]);
  expect(signOut).toHaveBeenCalledTimes(1);
  expect(toasts()).toEqual([['Signed out', 'Your session has ended. Please sign in again.']]);
});
