import { expect, test } from 'bun:test';
import { AUTH_STORAGE_KEY, liveStoredSession } from './stored-session.ts';

const now = Date.UTC(2026, 10, 26, 12);
const storage = (value: unknown) => ({ getItem: (key: string) => (key === AUTH_STORAGE_KEY ? (typeof value === 'string' ? value : JSON.stringify(value)) : null) });
const tokenOf = (store: Pick<Storage, 'getItem'>) => liveStoredSession(store, now)?.access_token ?? null;

test('only a stored token with life left is used: the Auth client refreshes the others', () => {
  expect(tokenOf(storage({ access_token: 'live', expires_at: now / 1000 + 3600, user: { id: 'u1' } }))).toBe('live');
  expect(tokenOf(storage({ access_token: 'ending', expires_at: now / 1000 + 10, user: { id: 'u1' } }))).toBeNull();
  expect(tokenOf(storage({ access_token: 'gone', expires_at: now / 1000 - 60, user: { id: 'u1' } }))).toBeNull();
  expect(tokenOf(storage({ expires_at: now / 1000 + 3600, user: { id: 'u1' } }))).toBeNull();
  expect(tokenOf(storage({ access_token: 'no user', expires_at: now / 1000 + 3600 }))).toBeNull();
  expect(tokenOf(storage('not json {'))).toBeNull();
  expect(tokenOf({ getItem: () => null })).toBeNull();
});
