// Throwaway databases on the machine's PostgreSQL for tests (TEST_DATABASE_ADMIN_URL, default
// postgres://root@127.0.0.1:5432/postgres, trust auth): created with a random `ringwise_test_*` name and dropped
// after, ending their connections first. Shared by the api's tests and the stand-ins' own.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const defaultAdminUrl = 'postgres://root@127.0.0.1:5432/postgres';

/** Where test databases are created: TEST_DATABASE_ADMIN_URL, else the machine's PostgreSQL. */
export const adminUrl = () => process.env.TEST_DATABASE_ADMIN_URL || defaultAdminUrl;

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

/** Whether the machine's PostgreSQL answers (suites that also run on PGlite skip their PostgreSQL half without it). */
export async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: adminUrl(), connectionTimeoutMillis: 3000 });
  client.on('error', () => {});
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

export interface ThrowawayDatabase {
  name: string;
  /** Connection string of the new database. */
  url: string;
  /** Ends the database's connections and drops it. */
  drop(): Promise<void>;
}

/** A new, empty `ringwise_test_<random>` database. */
export async function createThrowawayDatabase(): Promise<ThrowawayDatabase> {
  const admin = adminUrl();
  const name = `ringwise_test_${randomBytes(6).toString('hex')}`;
  await withAdminConnection(admin, (client) => client.query(`create database ${name}`));
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => dropTestDatabase(admin, name) };
}

/** Drops a database made by createThrowawayDatabase, ending its connections first; refuses any other name. */
export async function dropTestDatabase(admin: string, name: string): Promise<void> {
  if (!/^ringwise_test_[0-9a-f]+$/.test(name)) throw new Error(`refusing to drop ${name}: not a test database`);
  await withAdminConnection(admin, async (client) => {
    await client.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name]);
    await client.query(`drop database if exists ${name} with (force)`);
  });
}

/** What a test's work gets in a transaction. */
export interface TestSql {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
}

/** Transactions on a pool of four connections to `url`: each `privileged(work)` is one transaction on one connection,
 *  as the connection's own role. */
export function transactionsOn(url: string): { privileged<T>(work: (sql: TestSql) => Promise<T>): Promise<T>; close(): Promise<void> } {
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  pool.on('error', () => {});
  return {
    async privileged(work) {
      const client = await pool.connect();
      const sql: TestSql = { query: async <T,>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as T[] };
      try {
        await client.query('begin');
        const result = await work(sql);
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
