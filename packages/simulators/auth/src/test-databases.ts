// The databases the store tests run on: an in-memory PGlite and a throwaway database on the machine's PostgreSQL
// (TEST_DATABASE_ADMIN_URL), each holding the auth.* tables as the repository's Supabase shim creates them (the
// tables GoTrue owns on a hosted project). Only what the store needs of a database: `privileged` transactions.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { createThrowawayDatabase, postgresReachable, transactionsOn } from '@ringwise/test-postgres';
import type { AuthDatabase } from './ports.ts';

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

export { postgresReachable };

/** A new database `ringwise_test_<random>` with the shim applied; dropped on close. */
export async function openPostgres(): Promise<TestDatabase> {
  const database = await createThrowawayDatabase();
  const db = transactionsOn(database.url);
  const close = async () => {
    await db.close();
    await database.drop();
  };
  try {
    await db.privileged((sql) => sql.query(shim()));
  } catch (error) {
    await close();
    throw error;
  }
  return { privileged: db.privileged, close };
}
