// Databases for the simulators' own tests: a fresh, empty one (each simulator creates its own schema) on the
// machine's PostgreSQL, or in memory with PGlite, behind the handle a simulator is given (host.ts). A bigint comes
// back as a string on both, as the api's database layer gives it.
import { randomBytes } from 'node:crypto';
import { PGlite, types } from '@electric-sql/pglite';
import pg from 'pg';
import type { SimulatorDatabase, SimulatorSql } from './host.ts';

export type TestEngine = 'postgres' | 'pglite';

export interface TestDatabase {
  db: SimulatorDatabase;
  /** Closes the handle; on PostgreSQL also drops the database. */
  close(): Promise<void>;
}

const adminUrl = () => process.env.TEST_DATABASE_ADMIN_URL || 'postgres://root@127.0.0.1:5432/postgres';

async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl(), connectionTimeoutMillis: 3000 });
  client.on('error', () => {});
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => {});
  }
}

/** Whether the machine's PostgreSQL answers at TEST_DATABASE_ADMIN_URL (suites skip their PostgreSQL half without it). */
export async function postgresReachable(): Promise<boolean> {
  try {
    await withAdmin((client) => client.query('select 1'));
    return true;
  } catch {
    return false;
  }
}

/** The engines a simulator's suite runs on: both, PostgreSQL only when it answers. */
export async function testEngines(suite: string): Promise<{ name: TestEngine; available: boolean }[]> {
  const hasPostgres = await postgresReachable();
  if (!hasPostgres) console.warn(`[${suite} tests] no PostgreSQL at TEST_DATABASE_ADMIN_URL: the postgres run is skipped`);
  return [
    { name: 'postgres', available: hasPostgres },
    { name: 'pglite', available: true },
  ];
}

/** A fresh, empty database: `ringwise_test_*` on PostgreSQL (dropped by `close`), or an in-memory PGlite. */
export async function openTestDatabase(engine: TestEngine): Promise<TestDatabase> {
  return engine === 'pglite' ? openPglite() : openPostgres();
}

async function openPglite(): Promise<TestDatabase> {
  const pglite = await PGlite.create({ parsers: { [types.INT8]: (text: string) => text } });
  const db: SimulatorDatabase = {
    privileged: (work) => pglite.transaction((tx) => work({ query: async <T,>(text: string, params?: unknown[]) => (await tx.query<T>(text, params)).rows })),
  };
  return { db, close: () => pglite.close() };
}

async function openPostgres(): Promise<TestDatabase> {
  const name = `ringwise_test_${randomBytes(6).toString('hex')}`;
  await withAdmin((admin) => admin.query(`create database ${name}`));
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 4 });
  pool.on('error', () => {});
  const db: SimulatorDatabase = {
    async privileged(work) {
      const client = await pool.connect();
      const sql: SimulatorSql = { query: async <T,>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as T[] };
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
  };
  const close = async () => {
    await pool.end();
    await withAdmin(async (admin) => {
      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name]);
      await admin.query(`drop database if exists ${name} with (force)`);
    });
  };
  return { db, close };
}
