// The databases the store tests run on: an in-memory PGlite and a throwaway database on the machine's PostgreSQL
// (TEST_DATABASE_ADMIN_URL), each holding the auth.* tables as the repository's Supabase shim creates them (the
// tables GoTrue owns on a hosted project). Only what the store needs of a database: `privileged` transactions.
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { AuthDatabase, AuthSql } from './ports.ts';

export interface TestDatabase extends AuthDatabase {
  close(): Promise<void>;
}

const shimDir = resolve(import.meta.dir, '../../../../supabase/shim');
const shim = () =>
  readdirSync(shimDir)
    .filter((file) => file.endsWith('.sql'))
    .sort()
    .map((file) => readFileSync(join(shimDir, file), 'utf8'))
    .join('\n');

/** PGlite in memory. Its first start in a process compiles WASM (seconds). */
export async function openPglite(): Promise<TestDatabase> {
  const db = await PGlite.create();
  await db.exec(shim());
  return {
    // PGlite's transaction() holds its one connection, so concurrent ones queue up
    privileged: (work) =>
      db.transaction((tx) =>
        work({
          async query<T>(text: string, params?: unknown[]) {
            return (await tx.query<T>(text, params)).rows;
          },
        }),
      ),
    close: () => db.close(),
  };
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

/** Whether the machine's PostgreSQL answers (the store tests skip their PostgreSQL half without it). */
export async function postgresReachable(): Promise<boolean> {
  try {
    await withAdmin((client) => client.query('select 1'));
    return true;
  } catch {
    return false;
  }
}

/** A new database `ringwise_test_<random>` with the shim applied; dropped on close. */
export async function openPostgres(): Promise<TestDatabase> {
  const name = `ringwise_test_${randomBytes(6).toString('hex')}`;
  await withAdmin((client) => client.query(`create database ${name}`));
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 4 });
  pool.on('error', () => {});
  const drop = async () => {
    await pool.end();
    await withAdmin((client) => client.query(`drop database if exists ${name} with (force)`));
  };
  const privileged: AuthDatabase['privileged'] = async (work) => {
    const client = await pool.connect();
    const sql: AuthSql = {
      async query<T>(text: string, params?: unknown[]) {
        return (await client.query(text, params)).rows as T[];
      },
    };
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
  };
  try {
    await privileged((sql) => sql.query(shim()));
  } catch (error) {
    await drop();
    throw error;
  }
  return { privileged, close: drop };
}
