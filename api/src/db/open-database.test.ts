// openDatabase picks the engine from the options and brings the schema up to date; PGlite keeps its
// data in <dataDir>/pglite across restarts.
import { afterAll, describe, expect, test } from 'bun:test';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, preparedStatementsFromEnv } from './open-database.ts';
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
  }, 60_000);

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

  test('statements are prepared once per connection, or never when told (as behind a transaction-mode pooler)', async () => {
    const target = await createTestDatabase({ migrate: false });
    try {
      for (const prepare of [true, false]) {
        const db = await openDatabase({ databaseUrl: target.url, dataDir, supabase: false, prepare });
        try {
          const prepared = await db.privileged(async (sql) => {
            await sql.query('select $1::int + 1 as n', [41]);
            const [row] = await sql.query<{ n: number }>(`select count(*)::int as n from pg_prepared_statements where statement like 'select $1::int + 1%'`);
            return row!.n;
          });
          expect(prepared).toBe(prepare ? 1 : 0);
          // a user's transaction works either way
          const id = await createAuthUser(db, { email: testEmail(`prepare-${prepare}`) });
          const rows = await db.asUser({ sub: id, role: 'authenticated' }, (sql) => sql.query('select id from public.users where id = $1', [id]));
          expect(rows).toEqual([{ id }]);
        } finally {
          await db.close();
        }
      }
    } finally {
      await target.drop();
    }
  });
});

describe('DATABASE_PREPARE', () => {
  test('true unless set false, or unset with the transaction pooler port 6543', () => {
    expect(preparedStatementsFromEnv({})).toBe(true);
    expect(preparedStatementsFromEnv({ DATABASE_URL: 'postgres://u@db.example.supabase.co:5432/postgres' })).toBe(true);
    expect(preparedStatementsFromEnv({ DATABASE_URL: 'postgres://u.ref:pw@aws-0-eu-west-1.pooler.supabase.com:6543/postgres' })).toBe(false);
    expect(preparedStatementsFromEnv({ DATABASE_URL: 'postgres://u@h:6543/db', DATABASE_PREPARE: 'true' })).toBe(true);
    expect(preparedStatementsFromEnv({ DATABASE_URL: 'postgres://u@h:5432/db', DATABASE_PREPARE: 'FALSE' })).toBe(false);
    expect(() => preparedStatementsFromEnv({ DATABASE_PREPARE: 'maybe' })).toThrow('DATABASE_PREPARE must be true or false (got "maybe")');
  });
});
