// Test helpers: a fresh migrated database on the machine's PostgreSQL or in memory with PGlite, and
// users created the way the auth server creates them (an auth.users row; the trigger makes the profile).
import { randomBytes } from 'node:crypto';
import { createThrowawayDatabase } from '@ringwise/test-postgres';
import type { Database, EngineDatabase, JwtClaims } from './database.ts';
import { migrate } from './migrate.ts';
import { createPgliteDatabase } from './pglite.ts';
import { createPostgresDatabase } from './postgres.ts';

export { adminUrl, postgresReachable, withAdminConnection } from '@ringwise/test-postgres';

export interface TestDatabase {
  db: EngineDatabase;
  /** Connection string of the new database. */
  url: string;
  /** Closes db, ends the database's other connections and drops it. */
  drop(): Promise<void>;
}

/** A new `ringwise_test_<random>` database (@ringwise/test-postgres), migrated with the shim. */
export async function createTestDatabase(options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const database = await createThrowawayDatabase();
  const db = createPostgresDatabase(database.url, { max: 4 });
  const drop = async () => {
    // every test's ledger must hold when it ends: each balance the sum of its completed entries, none negative
    const differences = options.migrate === false ? [] : await ledgerDifferencesOf(db).catch(() => []);
    await db.close();
    await database.drop();
    if (differences.length > 0) throw new Error(`the ledger does not hold: ${JSON.stringify(differences)}`);
  };
  if (options.migrate !== false) {
    try {
      await migrate(db, { supabase: false });
    } catch (error) {
      await drop();
      throw error;
    }
  }
  return { db, url: database.url, drop };
}

function ledgerDifferencesOf(db: Database): Promise<unknown[]> {
  return db.privileged((sql) => sql.query('select * from private.ledger_differences()'));
}

/** An in-memory PGlite, migrated with the shim. Its first start in a process compiles WASM (seconds): share one per file. */
export async function createTestPglite(): Promise<EngineDatabase> {
  const db = await createPgliteDatabase(null);
  await migrate(db, { supabase: false });
  return db;
}

export interface TestUser {
  email: string;
  firstName?: string;
  lastName?: string;
  /** Extra raw_user_meta_data. */
  metadata?: Record<string, unknown>;
}

/** Inserts an auth.users row (as the local auth server does); the trigger creates the public.users profile. Returns the id. */
export async function createAuthUser(db: Database, user: TestUser): Promise<string> {
  const metadata = {
    ...user.metadata,
    ...(user.firstName === undefined ? {} : { first_name: user.firstName }),
    ...(user.lastName === undefined ? {} : { last_name: user.lastName }),
  };
  const [row] = await db.privileged((sql) =>
    sql.query<{ id: string }>(
      `insert into auth.users (email, raw_user_meta_data, email_confirmed_at) values ($1, $2::jsonb, now()) returning id`,
      [user.email, JSON.stringify(metadata)],
    ),
  );
  if (!row) throw new Error('insert into auth.users returned nothing');
  return row.id;
}

/** Claims of a signed-in user, as a verified Supabase access token carries them. */
export function userClaims(id: string, email?: string): JwtClaims {
  const now = Math.floor(Date.now() / 1000);
  return { sub: id, role: 'authenticated', aud: 'authenticated', iat: now, exp: now + 3600, ...(email ? { email } : {}) };
}

/** A unique e-mail address for a test user. */
export function testEmail(label = 'user'): string {
  return `${label}-${randomBytes(5).toString('hex')}@example.test`;
}

/** A signed-in session of `userId` in auth.sessions (what the api checks a token's session_id against); its id. */
export async function createAuthSession(db: Database, userId: string): Promise<string> {
  const [row] = await db.privileged(async (sql) => {
    const rows = await sql.query<{ id: string }>('insert into auth.sessions (user_id) values ($1) returning id::text as id', [userId]);
    // a live session has a refresh token that is not revoked
    await sql.query('insert into auth.refresh_tokens (token, user_id, session_id) values ($1, $2, $3)', [crypto.randomUUID(), userId, rows[0]?.id]);
    return rows;
  });
  if (!row) throw new Error('insert into auth.sessions returned nothing');
  return row.id;
}
