// The signed-in user's lookup (GET /api/auth/user: the header's balance and name) starts with the shell's first
// code, with the access token the Auth client stored, instead of after the Auth client, React and the layout have
// loaded. Its answer seeds the page's query when it arrives (seed-early-user.ts); a token about to expire, a refused
// token or a network failure leave the query to the layout as before (no sign-out is ever decided here). This file
// runs before the shared modules are negotiated, so it imports none of them (nor the contract's route table: the
// path is the contract's routes.currentUser, checked by its test).
import type { CurrentUser } from '@ringwise/contract/users';
import { liveStoredSession } from './stored-session.ts';

export const currentUserPath = '/api/auth/user';

let lookup: Promise<CurrentUser | null> | null = null;

/** Starts the lookup when the browser holds a live session (once per page). */
export function startEarlyUserLookup(): void {
  if (lookup) return;
  const token = liveStoredSession()?.access_token;
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
