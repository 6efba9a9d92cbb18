// PGlite (PostgreSQL compiled to WASM) in DATA_DIR, the database when DATABASE_URL is unset.
// One PGlite instance has one session: its transaction() holds a mutex, so concurrent units of work
// queue up and never interleave. A unit of work started inside another one would wait for itself forever:
// transaction-scope.ts refuses it at once; do everything of one request through the `sql` handle you were given.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { backgroundDeadlineMs, createDeadline, currentDeadline, DeadlineExceededError, untilDeadline } from '../lib/deadline.ts';
import {
  anonRoleParams,
  assertSessionLive,
  enterSessionSql,
  sessionRoleParams,
  enterRoleSql,
  pgTypes,
  timestamptzToIso,
  timestampToIso,
  userRoleParams,
  type EngineDatabase,
  type JwtClaims,
  type ScriptSql,
} from './database.ts';
import { createPgliteStatements } from './pglite-statements.ts';
import { assertOutsideTransaction, markTransaction } from './transaction-scope.ts';

const keepText = (x: string): string => x;

/** The same value shapes as postgres.ts (see database.ts): numeric/int8 as strings, timestamps as ISO strings. */
export const pgliteParsers = {
  [pgTypes.int8]: keepText,
  [pgTypes.numeric]: keepText,
  [pgTypes.date]: keepText,
  [pgTypes.timestamp]: timestampToIso,
  [pgTypes.timestamptz]: timestamptzToIso,
};

/** Opens (creating if needed) the PGlite database of `dataDir` in `<dataDir>/pglite`, or an in-memory one when dataDir is null. */
export async function createPgliteDatabase(dataDir: string | null): Promise<EngineDatabase> {
  let directory: string | undefined;
  if (dataDir !== null) {
    directory = join(dataDir, 'pglite');
    mkdirSync(directory, { recursive: true });
  }
  // pg_trgm and btree_gin: created by supabase/migrations/20261124000400_contacts_search.sql (its index is dropped since)
  const pg = await PGlite.create({ ...(directory ? { dataDir: directory } : {}), parsers: pgliteParsers, extensions: { btree_gin, pg_trgm } });
  return wrapPglite(pg);
}

/** A Database over an open PGlite instance (created with `pgliteParsers`). */
export function wrapPglite(pg: PGlite): EngineDatabase {
  const statements = createPgliteStatements(pg);
  /**
   * One transaction on the one connection, within the work's deadline: should it pass while the work waits for the
   * connection, the work never starts (it rolls back as soon as it gets it); should it pass during the work, the
   * transaction is rolled back and the connection freed at once, and the work's further statements fail.
   */
  async function transaction<T>(kind: string, enter: ((sql: ScriptSql) => Promise<void>) | null, work: (sql: ScriptSql) => Promise<T>): Promise<T> {
    assertOutsideTransaction(kind);
    const deadline = createDeadline(backgroundDeadlineMs, currentDeadline());
    const mark = markTransaction(kind);
    let ended = false;
    const assertOpen = () => {
      if (ended) throw new Error(`This ${kind} transaction has ended; its work can no longer use it.`);
    };
    const handle = (tx: Transaction): ScriptSql => ({
      async query<R>(text: string, params: unknown[] = []): Promise<R[]> {
        assertOpen();
        return (await statements.query<R>(text, params)) ?? (await tx.query<R>(text, params)).rows;
      },
      async exec(script: string): Promise<void> {
        assertOpen();
        await tx.exec(script);
      },
    });
    try {
      return await untilDeadline(
        deadline,
        pg.transaction(async (tx) => {
          // the deadline passed while this waited for the connection: roll back without doing anything
          if (deadline.signal.aborted) throw new DeadlineExceededError();
          const sql = handle(tx);
          if (enter) await enter(sql);
          try {
            return await untilDeadline(deadline, mark.run(() => work(sql)));
          } finally {
            ended = true;
          }
        }),
      );
    } finally {
      ended = true;
      mark.close();
      deadline.clear();
    }
  }

  return {
    kind: 'pglite',
    privileged: (work) => transaction('privileged', null, work),
    asUser: (claims: JwtClaims, work) => {
      const params = userRoleParams(claims);
      return transaction('user', async (sql) => void (await sql.query(enterRoleSql, params)), work);
    },
    asSession: (claims: JwtClaims, work) => {
      const params = sessionRoleParams(claims);
      return transaction('user', async (sql) => assertSessionLive(await sql.query<{ live: boolean }>(enterSessionSql, params)), work);
    },
    asAnon: (work) => transaction('anon', async (sql) => void (await sql.query(enterRoleSql, anonRoleParams)), work),
    async statement<R>(text: string, params: unknown[] = []): Promise<R[]> {
      assertOutsideTransaction('single-statement');
      const deadline = createDeadline(backgroundDeadlineMs, currentDeadline());
      try {
        // PGlite runs it when its one connection is free; waiting for that ends at the deadline
        return (await untilDeadline(deadline, pg.query<R>(text, params))).rows;
      } finally {
        deadline.clear();
      }
    },
    close: () => pg.close(),
  };
}
