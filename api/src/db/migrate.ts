// The one migration runner, for PostgreSQL and PGlite alike. Applies supabase/shim (unless the target is
// hosted Supabase, which provides it), then every file of supabase/migrations in file-name order, each
// once and in its own transaction, recorded in supabase_migrations.schema_migrations (the Supabase CLI's
// table, so `supabase db push` and this runner agree on what is applied). Concurrent runners serialise
// on an advisory lock.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { EngineDatabase, ScriptSql } from './database.ts';

/** supabase/ of the monorepo. */
export const supabaseDir = resolve(import.meta.dir, '../../../supabase');

export interface MigrateOptions {
  /** The target is hosted Supabase: skip the shim. */
  supabase: boolean;
  /** Directory holding shim/ and migrations/ (default: the monorepo's supabase/). */
  dir?: string;
}

export interface MigrationFile {
  /** The leading timestamp, YYYYMMDDHHmmss. */
  version: string;
  /** The rest of the file name, without .sql. */
  name: string;
  path: string;
}

export interface MigrateResult {
  /** Versions applied by this run, in order (empty when the database was up to date). */
  applied: string[];
}

// any constant shared by every runner: "ringwise" in ASCII
const lockKey = 0x72696e67;

const bookkeeping = `
create schema if not exists supabase_migrations;
create table if not exists supabase_migrations.schema_migrations (
  version text primary key,
  name text,
  applied_at timestamptz default now()
);
alter table supabase_migrations.schema_migrations add column if not exists name text;
alter table supabase_migrations.schema_migrations add column if not exists applied_at timestamptz default now();
`;

/** The migration files of `dir`/migrations in the order they apply. */
export function migrationFiles(dir = supabaseDir): MigrationFile[] {
  const folder = join(dir, 'migrations');
  return readdirSync(folder)
    .filter((file) => file.endsWith('.sql'))
    .sort()
    .map((file) => {
      const match = /^(\d{14})_([a-z0-9_]+)\.sql$/.exec(file);
      if (!match?.[1] || !match[2]) throw new Error(`supabase/migrations/${file}: expected YYYYMMDDHHmmss_short_name.sql`);
      return { version: match[1], name: match[2], path: join(folder, file) };
    });
}

/** The shim's files, in order. */
export function shimFiles(dir = supabaseDir): string[] {
  const folder = join(dir, 'shim');
  return readdirSync(folder)
    .filter((file) => file.endsWith('.sql'))
    .sort()
    .map((file) => join(folder, file));
}

async function lock(sql: ScriptSql): Promise<void> {
  await sql.query('select pg_advisory_xact_lock($1)', [lockKey]);
}

export async function migrate(db: EngineDatabase, options: MigrateOptions): Promise<MigrateResult> {
  const dir = options.dir ?? supabaseDir;
  const files = migrationFiles(dir);

  await db.privileged(async (sql) => {
    await lock(sql);
    if (!options.supabase) {
      for (const path of shimFiles(dir)) await sql.exec(readFileSync(path, 'utf8'));
    }
    await sql.exec(bookkeeping);
  });

  const applied: string[] = [];
  for (const file of files) {
    const done = await db.privileged(async (sql) => {
      await lock(sql);
      const rows = await sql.query('select 1 from supabase_migrations.schema_migrations where version = $1', [file.version]);
      if (rows.length > 0) return false;
      try {
        await sql.exec(readFileSync(file.path, 'utf8'));
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        throw new Error(`migration ${file.version}_${file.name}.sql failed: ${message}`, { cause: error });
      }
      await sql.query('insert into supabase_migrations.schema_migrations (version, name, applied_at) values ($1, $2, now())', [
        file.version,
        file.name,
      ]);
      return true;
    });
    if (done) applied.push(file.version);
  }
  return { applied };
}
