// Picks the database of this process (ARCHITECTURE.md §4): PostgreSQL when DATABASE_URL is set,
// otherwise PGlite in DATA_DIR; then brings its schema up to date.
import { resolve } from 'node:path';
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
}

/** Opens and migrates the database. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  const db = options.databaseUrl ? createPostgresDatabase(options.databaseUrl) : await createPgliteDatabase(options.dataDir);
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
  });
}
