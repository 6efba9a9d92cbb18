// Databases for the simulators' own tests: a fresh, empty one (each simulator creates its own schema) on the
// machine's PostgreSQL, or in memory with PGlite, behind the handle a simulator is given (host.ts). A bigint comes
// back as a string on both, as the api's database layer gives it.
import { PGlite, types } from '@electric-sql/pglite';
import { createThrowawayDatabase, postgresReachable, transactionsOn } from '@ringwise/test-postgres';
import type { SimulatorDatabase } from './host.ts';

export { postgresReachable };

export type TestEngine = 'postgres' | 'pglite';

export interface TestDatabase {
  db: SimulatorDatabase;
  /** Closes the handle; on PostgreSQL also drops the database. */
  close(): Promise<void>;
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
  const database = await createThrowawayDatabase();
  const db = transactionsOn(database.url);
  return {
    db,
    close: async () => {
      await db.close();
      await database.drop();
    },
  };
}
