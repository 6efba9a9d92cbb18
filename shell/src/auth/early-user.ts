// The signed-in user's lookup (GET /api/auth/user: the header's balance and name) starts with the shell's first
// code, with the access token the Auth client stored, instead of after the Auth client, React and the layout have
// loaded. Its answer seeds the page's query when it arrives (seed-early-user.ts); a token about to expire, a refused
// token or a network failure leave the query to the layout as before (no sign-out is ever decided here). This file
// runs before the shared modules are negotiated, so it imports none of them (nor the contract's route table: the
// path is the contract's routes.currentUser, checked by its test).
import type { CurrentUser } from '@ringwise/contract/users';
import { AUTH_STORAGE_KEY } from './stored-session.ts';

export const currentUserPath = '/api/auth/user';

/** A stored token this close to its expiry is left to the Auth client to refresh. */
const minimumLifeMs = 30_000;

let lookup: Promise<CurrentUser | null> | null = null;

/** The stored session's access token while it has life left, else null. */
export function storedAccessToken(storage: Pick<Storage, 'getItem'>, nowMs: number): string | null {
  try {
    const stored = JSON.parse(storage.getItem(AUTH_STORAGE_KEY) ?? 'null') as { access_token?: unknown; expires_at?: unknown } | null;
    if (typeof stored?.access_token !== 'string' || typeof stored.expires_at !== 'number') return null;
    return stored.expires_at * 1000 - nowMs > minimumLifeMs ? stored.access_token : null;
  } catch {
    return null;
  }
}

/** Starts the lookup when the browser holds a live session (once per page). */
export function startEarlyUserLookup(): void {
  if (lookup) return;
  let token: string | null = null;
  try {
    token = storedAccessToken(window.localStorage, Date.now());
  } catch {
    token = null;
  }
  if (!token) return;
  lookup = fetch(currentUserPath, { headers: { authorization: `Bearer ${token}` }, credentials: 'same-origin' }).then(
    (response) => (response.ok ? (response.json() as Promise<CurrentUser>) : null),
    () => null,
  );
}

/** The early lookup's answer (null: none was made, or it gave nothing to use). */
export function earlyUser(): Promise<CurrentUser | null> {
  return lookup ?? Promise.resolve(null);
}
