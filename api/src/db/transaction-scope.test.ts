// The two mistakes that hung the embedded database refused at once, on both engines: a transaction opened inside
// another one of the same work, and a provider called while a transaction is open. Work a transaction only started
// (a fire-and-forget) may open its own once that transaction is over.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { providerFetch } from '../lib/provider-fetch.ts';
import type { EngineDatabase } from './database.ts';
import { createTestDatabase, createTestPglite, postgresReachable, userClaims } from './testing.ts';
import { NestedTransactionError, ProviderCallInTransactionError } from './transaction-scope.ts';

const hasPostgres = await postgresReachable();
const engines = [
  {
    name: 'pglite',
    available: true,
    open: async () => {
      const db = await createTestPglite();
      return { db, close: () => db.close() };
    },
  },
  {
    name: 'postgres',
    available: hasPostgres,
    open: async () => {
      const test = await createTestDatabase();
      return { db: test.db, close: test.drop };
    },
  },
];

for (const engine of engines) {
  describe.skipIf(!engine.available)(`transaction scope on ${engine.name}`, () => {
    let db: EngineDatabase;
    let close: () => Promise<void>;
    beforeAll(async () => {
      ({ db, close } = await engine.open());
    });
    afterAll(() => close());

    test('a transaction inside a user transaction is refused at once, and the outer one rolls back', async () => {
      const claims = userClaims(crypto.randomUUID());
      const outcome = await db
        .asUser(claims, async () => {
          await db.privileged((sql) => sql.query('select 1'));
        })
        .catch((error: unknown) => error);
      expect(outcome).toBeInstanceOf(NestedTransactionError);
      expect((outcome as Error).message).toMatch(/privileged transaction was opened inside an open user transaction/);
      // the connection is free again
      expect(await db.statement<{ one: number }>('select 1 as one')).toEqual([{ one: 1 }]);
    });

    test('every kind nests no other: privileged in privileged, a single statement in a transaction', async () => {
      const inPrivileged = await db.privileged(() => db.privileged(async () => 1)).catch((error: unknown) => error);
      expect(inPrivileged).toBeInstanceOf(NestedTransactionError);
      const statementInside = await db.privileged(() => db.statement('select 1')).catch((error: unknown) => error);
      expect(statementInside).toBeInstanceOf(NestedTransactionError);
    });

    test('a provider called with a transaction open is refused before anything is sent', async () => {
      let sent = 0;
      const provider = providerFetch('Twilio', async () => {
        sent += 1;
        return new Response('{}');
      });
      const outcome = await db.privileged(() => provider('https://api.twilio.com/')).catch((error: unknown) => error);
      expect(outcome).toBeInstanceOf(ProviderCallInTransactionError);
      expect(sent).toBe(0);
      // after the transaction, the same call goes out
      await provider('https://api.twilio.com/');
      expect(sent).toBe(1);
    });

    test('work a transaction started and did not await may open its own once that one is over', async () => {
      let later: Promise<number> | null = null;
      await db.privileged(async (sql) => {
        await sql.query('select 1');
        later = new Promise((resolve) => setTimeout(resolve, 20)).then(() => db.privileged(async (inner) => (await inner.query<{ n: number }>('select 2 as n'))[0]!.n));
      });
      expect(await later!).toBe(2);
    });
  });
}
