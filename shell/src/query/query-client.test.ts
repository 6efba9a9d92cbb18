import { afterEach, expect, test } from 'bun:test';
import { __resetToastsForTests, getToastsSnapshot } from '@ringwise/ui/toast';
import { createQueryClient } from './query-client.ts';

afterEach(() => __resetToastsForTests());

test('the spec defaults: fresh 5 min, kept 10 min, no retries, no refetch on focus', () => {
  const defaults = createQueryClient().getDefaultOptions().queries;
  expect(defaults?.staleTime).toBe(300_000);
  expect(defaults?.gcTime).toBe(600_000);
  expect(defaults?.retry).toBe(false);
  expect(defaults?.refetchOnWindowFocus).toBe(false);
});

test('a failed query shows one error toast, unless its own UI explains the failure', async () => {
  const client = createQueryClient();
  await client.fetchQuery({ queryKey: ['a'], queryFn: () => Promise.reject(new Error('500: down')) }).catch(() => {});
  expect(getToastsSnapshot().map((t) => [t.title, t.description])).toEqual([['Error', '500: down']]);

  __resetToastsForTests();
  await client
    .fetchQuery({ queryKey: ['b'], queryFn: () => Promise.reject(new Error('404: none')), meta: { silent: true } })
    .catch(() => {});
  expect(getToastsSnapshot()).toEqual([]);
});
