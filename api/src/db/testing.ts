// Test helpers: a fresh migrated database on the machine's PostgreSQL or in memory with PGlite, and
// users created the way the auth server creates them (an auth.users row; the trigger makes the profile).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Database, EngineDatabase, JwtClaims } from './database.ts';
import { migrate } from './migrate.ts';
import { createPgliteDatabase } from './pglite.ts';
import { createPostgresDatabase } from './postgres.ts';

export const defaultAdminUrl = 'postgres://root@127.0.0.1:5432/postgres';

export interface TestDatabase {
  db: EngineDatabase;
  /** Connection string of the new database. */
  url: string;
  /** Closes db, ends the database's other connections and drops it. */
  drop(): Promise<void>;
}

/** Whether the machine's PostgreSQL answers (suites that also run on PGlite skip their PostgreSQL half without it). */
export async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_ADMIN_URL || defaultAdminUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** Runs `work` on one connection to `url`, closed afterwards. */
export async function withAdminConnection<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  client.on('error', () => {});
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => {});
  }
}

/** Creates `ringwise_test_<random>` on TEST_DATABASE_ADMIN_URL (default postgres://root@127.0.0.1:5432/postgres)
 *  and migrates it with the shim. */
export async function createTestDatabase(options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_DATABASE_ADMIN_URL || defaultAdminUrl;
  const name = `ringwise_test_${randomBytes(6).toString('hex')}`;
  await withAdminConnection(adminUrl, (admin) => admin.query(`create database ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = createPostgresDatabase(url.toString(), { max: 4 });
  const drop = async () => {
    // every test's ledger must hold when it ends: each balance the sum of its completed entries, none negative
    const differences = options.migrate === false ? [] : await ledgerDifferencesOf(db).catch(() => []);
    await db.close();
    await dropDatabase(adminUrl, name);
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
  return { db, url: url.toString(), drop };
}

function ledgerDifferencesOf(db: Database): Promise<unknown[]> {
  return db.privileged((sql) => sql.query('select * from private.ledger_differences()'));
}

/** Drops a database created by createTestDatabase, ending its connections first. */
export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  if (!/^ringwise_test_[0-9a-f]+$/.test(name)) throw new Error(`refusing to drop ${name}: not a test database`);
  await withAdminConnection(adminUrl, async (admin) => {
    await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name]);
    await admin.query(`drop database if exists ${name} with (force)`);
  });
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
