// openDatabase picks the engine from the options and brings the schema up to date; PGlite keeps its
// data in <dataDir>/pglite across restarts.
import { afterAll, describe, expect, test } from 'bun:test';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from './open-database.ts';
import { createAuthUser, createTestDatabase, testEmail } from './testing.ts';

const migrationCount = (db: Awaited<ReturnType<typeof openDatabase>>) =>
  db.privileged((sql) => sql.query<{ n: number }>('select count(*)::int as n from supabase_migrations.schema_migrations')).then(([row]) => row!.n);

describe('openDatabase', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'ringwise-db-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  test('without a databaseUrl: PGlite in <dataDir>/pglite, migrated, data kept across restarts', async () => {
    const first = await openDatabase({ dataDir, supabase: false });
    expect(first.kind).toBe('pglite');
    expect(existsSync(join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true);
    const email = testEmail('kept');
    const id = await createAuthUser(first, { email });
    const migrations = await migrationCount(first);
    expect(migrations).toBeGreaterThan(0);
    await first.close();

    const second = await openDatabase({ dataDir, supabase: false });
    expect(await migrationCount(second)).toBe(migrations);
    const rows = await second.privileged((sql) => sql.query('select email, balance from public.users where id = $1', [id]));
    expect(rows).toEqual([{ email, balance: '0.00' }]);
    await second.close();
  });

  test('with a databaseUrl: PostgreSQL, migrated with the shim', async () => {
    const target = await createTestDatabase({ migrate: false });
    try {
      const db = await openDatabase({ databaseUrl: target.url, dataDir, supabase: false });
      try {
        expect(db.kind).toBe('postgres');
        const [row] = await db.privileged((sql) =>
          sql.query<{ roles: number; profiles: string | null }>(
            `select (select count(*)::int from pg_roles where rolname in ('anon', 'authenticated', 'service_role')) as roles,
                    to_regclass('public.users')::text as profiles`,
          ),
        );
        expect(row).toEqual({ roles: 3, profiles: 'users' });
      } finally {
        await db.close();
      }
    } finally {
      await target.drop();
    }
  });
});
