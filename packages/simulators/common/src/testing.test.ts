// The test databases behave as the api's database layer does where the simulators rely on it.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { openTestDatabase, testEngines, type TestDatabase } from './testing.ts';

for (const engine of await testEngines('simulator-common')) {
  describe.skipIf(!engine.available)(`a test database on ${engine.name}`, () => {
    let testDb: TestDatabase;
    beforeAll(async () => {
      testDb = await openTestDatabase(engine.name);
      await testDb.db.privileged((sql) => sql.query('create table t (id text primary key, n bigint not null)'));
    });
    afterAll(() => testDb?.close());

    test('a unit of work commits; one that fails rolls back and keeps its SQLSTATE', async () => {
      await testDb.db.privileged((sql) => sql.query('insert into t values ($1, $2)', ['a', 9007199254740993n.toString()]));
      const failing = testDb.db.privileged(async (sql) => {
        await sql.query('insert into t values ($1, $2)', ['b', 1]);
        await sql.query('insert into t values ($1, $2)', ['a', 2]);
      });
      await expect(failing).rejects.toMatchObject({ code: '23505' });
      const rows = await testDb.db.privileged((sql) => sql.query<{ id: string; n: unknown }>('select id, n from t order by id'));
      expect(rows).toEqual([{ id: 'a', n: '9007199254740993' }]);
    });
  });
}
