import { describe, expect, test } from 'bun:test';
import { createThrowawayDatabase, dropTestDatabase, postgresReachable, transactionsOn, withAdminConnection } from './index.ts';

const hasPostgres = await postgresReachable();

describe.skipIf(!hasPostgres)('throwaway test databases', () => {
  test('one is created empty, reachable at its url, and gone after drop', async () => {
    const database = await createThrowawayDatabase();
    expect(database.name).toMatch(/^ringwise_test_[0-9a-f]{12}$/);
    const tables = await withAdminConnection(database.url, async (client) => (await client.query(`select count(*)::int as n from pg_tables where schemaname = 'public'`)).rows[0]);
    expect(tables).toEqual({ n: 0 });
    await database.drop();
    await expect(withAdminConnection(database.url, (client) => client.query('select 1'))).rejects.toThrow(/does not exist/);
  });

  test('transactions on it: committed when the work succeeds, rolled back when it throws', async () => {
    const database = await createThrowawayDatabase();
    const db = transactionsOn(database.url);
    try {
      await db.privileged((sql) => sql.query('create table notes (text text)'));
      await db.privileged((sql) => sql.query(`insert into notes values ('kept')`));
      await expect(
        db.privileged(async (sql) => {
          await sql.query(`insert into notes values ('undone')`);
          throw new Error('stop');
        }),
      ).rejects.toThrow('stop');
      expect(await db.privileged((sql) => sql.query<{ text: string }>('select text from notes'))).toEqual([{ text: 'kept' }]);
    } finally {
      await db.close();
      await database.drop();
    }
  });

  test('only a test database is ever dropped', async () => {
    await expect(dropTestDatabase('postgres://unused', 'postgres')).rejects.toThrow(/not a test database/);
  });
});
