// The one check every `user` and `admin` route of the contract passes before anything else runs (body limits,
// parsing, validation, the handler): a valid access token, its session still live (not signed out, not revoked
// as a reused refresh token, not ended by a password change or the account's deletion), the account existing and
// not deleted, and for `admin` routes the admin role. Which routes it guards comes from the route table's
// `access`, so a new route cannot forget it. Answers 401 (with WWW-Authenticate) or 403, with the error envelope.
//
// The session is read from auth.sessions, Supabase Auth's own table in the same database: the local stand-in
// keeps it, and with hosted Supabase (SUPABASE_URL) the api's DATABASE_URL reaches the project's database where
// GoTrue keeps it: a session is live while its row is there (GoTrue deletes it at sign-out and at the account's
// deletion; `not_after` ends time-boxed sessions) and one of its refresh tokens is not revoked (GoTrue revokes them
// all when one is reused outside the reuse interval). One statement, no transaction.
//
// The request's transactions (asSession) check the session again in their first statement, for free: a sign-out
// between this check and the work still stops the work.
import { Elysia } from 'elysia';
import type { AuthUser } from './plugin.ts';
import { liveSessionSql, SessionEndedError, sessionRoleParams, type Database, type JwtClaims } from '../db/database.ts';
import { contractRouteOf } from '../plugins/contract-routes.ts';
import { HttpError } from '../plugins/errors.ts';
import type { TokenVerifier } from './verify.ts';

export interface SessionGateOptions {
  verifier: TokenVerifier;
  db: Pick<Database, 'statement'>;
}

/** Whether the token's session is live, and the role of its (not deleted) account: null when there is none. */
const sessionStateSql = `select ${liveSessionSql('$1', '$2')} as live,
  (select u.role from public.users u where u.id = $2::uuid and u.deleted_at is null) as role`;

export const sessionEnded = () => new HttpError(401, 'unauthorized', 'Your session has ended (signed out or expired). Sign in again.');
export const adminOnly = () => new HttpError(403, 'forbidden', 'This is for administrators only.');

/** Who the gate let through, per request: the route's `auth` resolve hands it to the handler. */
const admitted = new WeakMap<Request, AuthUser>();

/** The user the session gate admitted for this request, if it did. */
export function admittedUser(request: Request | undefined): AuthUser | undefined {
  return request ? admitted.get(request) : undefined;
}

/** The bearer token of an Authorization header, or a 401 explaining what is wrong with it. */
export function bearerToken(header: string | null | undefined): string {
  if (!header) throw new HttpError(401, 'unauthorized', 'Sign in first: this endpoint needs an "Authorization: Bearer <access token>" header.');
  const match = /^Bearer +(\S+) *$/i.exec(header);
  if (!match?.[1]) throw new HttpError(401, 'unauthorized', 'The Authorization header must be "Bearer <access token>".');
  return match[1];
}

/** Checks the token's session and account in the database; the user, or 401/403. */
export async function admit(db: SessionGateOptions['db'], claims: JwtClaims, access: 'user' | 'admin'): Promise<AuthUser> {
  let params: string[];
  try {
    params = sessionRoleParams(claims).slice(2);
  } catch (error) {
    if (error instanceof SessionEndedError) throw sessionEnded();
    throw error;
  }
  const [state] = await db.statement<{ live: boolean; role: string | null }>(sessionStateSql, params);
  if (!state?.live || state.role === null) throw sessionEnded();
  if (access === 'admin' && state.role !== 'admin') throw adminOnly();
  return { id: claims.sub, email: typeof claims.email === 'string' && claims.email ? claims.email : undefined, claims };
}

export const sessionGate = ({ verifier, db }: SessionGateOptions) =>
  new Elysia({ name: 'plugin.session-gate' }).onRequest(async ({ request, set }) => {
    if (request.method === 'OPTIONS') return;
    const route = contractRouteOf(request.method, new URL(request.url).pathname);
    if (!route || route.access === 'public') return;
    // a user's data (or why it was refused) is never kept by a browser or a shared cache
    set.headers['cache-control'] = 'no-store';
    try {
      const claims = await verifier.verify(bearerToken(request.headers.get('authorization')));
      admitted.set(request, await admit(db, claims, route.access));
    } catch (error) {
      // RFC 6750 §3: tell the client which scheme to use (the body carries the api's error envelope)
      if (error instanceof HttpError && error.status === 401) set.headers['www-authenticate'] = 'Bearer';
      throw error;
    }
  });
