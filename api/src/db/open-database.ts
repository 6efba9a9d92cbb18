// Picks the database of this process (ARCHITECTURE.md §4): PostgreSQL when DATABASE_URL is set,
// otherwise PGlite in DATA_DIR; then brings its schema up to date.
import { resolve } from 'node:path';
import { ConfigError } from '../config.ts';
import type { Database } from './database.ts';
import { migrate } from './migrate.ts';
import { createPgliteDatabase } from './pglite.ts';
import { createPostgresDatabase } from './postgres.ts';

export interface OpenDatabaseOptions {
  /** DATABASE_URL; unset or empty means PGlite. */
  databaseUrl?: string;
  /** DATA_DIR: PGlite lives in `<dataDir>/pglite`. */
  dataDir: string;
  /** The PostgreSQL behind databaseUrl is hosted Supabase (SUPABASE_URL is set): the shim is not applied.
   *  Ignored for PGlite, which always needs the shim. */
  supabase: boolean;
  /** Named prepared statements on PostgreSQL (default true; see `preparedStatementsFromEnv`). */
  prepare?: boolean;
}

/**
 * DATABASE_PREPARE: `true` or `false`. Unset: true, except when DATABASE_URL's port is 6543, Supabase's
 * transaction-mode pooler (Supavisor), which cannot keep prepared statements across transactions.
 */
export function preparedStatementsFromEnv(env: Record<string, string | undefined>): boolean {
  const value = env.DATABASE_PREPARE?.trim().toLowerCase();
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  if (value) throw new ConfigError(`DATABASE_PREPARE must be true or false (got "${env.DATABASE_PREPARE}")`);
  const url = env.DATABASE_URL?.trim();
  if (!url) return true;
  try {
    return new URL(url).port !== '6543';
  } catch {
    return true;
  }
}

/** Opens and migrates the database. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  const db = options.databaseUrl
    ? createPostgresDatabase(options.databaseUrl, { prepare: options.prepare ?? true })
    : await createPgliteDatabase(options.dataDir);
  try {
    await migrate(db, { supabase: db.kind === 'postgres' && options.supabase });
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}

/** The database of this environment, as a command run beside the api opens it: DATABASE_URL, else the PGlite in
 *  DATA_DIR (default .data under the repository; one process at a time), migrated. */
export function openDatabaseFromEnv(env: Record<string, string | undefined>, repoRoot: string): Promise<Database> {
  return openDatabase({
    databaseUrl: env.DATABASE_URL?.trim() || undefined,
    dataDir: resolve(repoRoot, env.DATA_DIR?.trim() || '.data'),
    supabase: !!env.SUPABASE_URL?.trim(),
    prepare: preparedStatementsFromEnv(env),
  });
}
