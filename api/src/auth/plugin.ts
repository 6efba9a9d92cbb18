// `auth: true` on a route: the bearer token is verified and the handler gets the user and a database
// handle that runs its work as that user (role authenticated + request.jwt.claims, so RLS applies).
import { Elysia } from 'elysia';
import { SessionEndedError, type Database, type JwtClaims, type Sql } from '../db/database.ts';
import { HttpError } from '../plugins/errors.ts';
import type { TokenVerifier } from './verify.ts';

export interface AuthUser {
  id: string;
  email: string | undefined;
  claims: JwtClaims;
}

export interface UserDb {
  /** Runs `work` in one transaction as the signed-in user (each call its own transaction, never one inside another). */
  run<T>(work: (sql: Sql) => Promise<T>): Promise<T>;
}

export interface AuthPluginOptions {
  verifier: TokenVerifier;
  db: Pick<Database, 'asSession'>;
}

/** The bearer token of an Authorization header, or a 401 explaining what is wrong with it. */
export function bearerToken(header: string | null | undefined): string {
  if (!header) throw new HttpError(401, 'unauthorized', 'Sign in first: this endpoint needs an "Authorization: Bearer <access token>" header.');
  const match = /^Bearer +(\S+) *$/i.exec(header);
  if (!match?.[1]) throw new HttpError(401, 'unauthorized', 'The Authorization header must be "Bearer <access token>".');
  return match[1];
}

const sessionEnded = () => new HttpError(401, 'unauthorized', 'Your session has ended (signed out or expired). Sign in again.');

export const authPlugin = ({ verifier, db }: AuthPluginOptions) =>
  new Elysia({ name: 'plugin.auth' }).macro({
    auth: {
      async resolve({ headers, set }) {
        // a user's data (or why it was refused) is never kept by a browser or a shared cache
        set.headers['cache-control'] = 'no-store';
        let claims: JwtClaims;
        try {
          claims = await verifier.verify(bearerToken(headers.authorization));
        } catch (error) {
          // RFC 6750 §3: tell the client which scheme to use (the body carries the api's error envelope).
          if (error instanceof HttpError && error.status === 401) set.headers['www-authenticate'] = 'Bearer';
          throw error;
        }
        const user: AuthUser = { id: claims.sub, email: typeof claims.email === 'string' && claims.email ? claims.email : undefined, claims };
        // the token's session must still be live: checked with the request's own transaction, not before it
        const userDb: UserDb = {
          async run(work) {
            try {
              return await db.asSession(claims, work);
            } catch (error) {
              throw error instanceof SessionEndedError ? sessionEnded() : error;
            }
          },
        };
        return { user, db: userDb };
      },
    },
  });
