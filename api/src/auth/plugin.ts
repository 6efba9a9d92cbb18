// `auth: true` on a route: the handler gets the user the session gate admitted (session-gate.ts: token, live
// session, existing account, and the admin role on admin routes, all checked before the body is even read) and a
// database handle that runs its work as that user (role authenticated + request.jwt.claims, so RLS applies; the
// session is checked again in each transaction's first statement).
import { Elysia } from 'elysia';
import { SessionEndedError, type Database, type JwtClaims, type Sql } from '../db/database.ts';
import { HttpError } from '../plugins/errors.ts';
import { admittedUser, sessionEnded } from './session-gate.ts';
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

/** A route with `auth: true` the gate did not pass (it is missing from the route table): refused, never served. */
const notGated = () => new HttpError(401, 'unauthorized', 'Sign in first: this endpoint needs an "Authorization: Bearer <access token>" header.');

export const authPlugin = ({ db }: AuthPluginOptions) =>
  new Elysia({ name: 'plugin.auth' }).macro({
    auth: {
      resolve({ request }) {
        const user = admittedUser(request);
        if (!user) throw notGated();
        const userDb: UserDb = {
          async run(work) {
            try {
              return await db.asSession(user.claims, work);
            } catch (error) {
              throw error instanceof SessionEndedError ? sessionEnded() : error;
            }
          },
        };
        return { user, db: userDb };
      },
    },
  });
