// PGlite (PostgreSQL compiled to WASM) in DATA_DIR, the database when DATABASE_URL is unset.
// One PGlite instance has one session: a unit of work holds PGlite's transaction lock, so concurrent units of work
// queue up and never interleave; its statements go out as pglite-statements.ts sends them. A unit of work started
// inside another one would wait for itself forever: transaction-scope.ts refuses it at once; do everything of one
// request through the `sql` handle you were given.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { backgroundDeadlineMs, createDeadline, currentDeadline, DeadlineExceededError, untilDeadline } from '../lib/deadline.ts';
import {
  entering,
  pgTypes,
  timestamptzToIso,
  timestampToIso,
  type EngineDatabase,
  type Enter,
  type JwtClaims,
  type ScriptSql,
} from './database.ts';
import { createPgliteStatements } from './pglite-statements.ts';
import { servePgliteWire } from './pglite-wire.ts';
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
   * transaction is rolled back and the connection freed at once, and the work's further statements fail. `enter` is
   * sent with BEGIN, and `check` is given its rows before the work starts.
   */
  async function transaction<T>(
    kind: string,
    enter: Enter | null,
    work: (sql: ScriptSql) => Promise<T>,
  ): Promise<T> {
    assertOutsideTransaction(kind);
    const deadline = createDeadline(backgroundDeadlineMs, currentDeadline());
    const mark = markTransaction(kind);
    let ended = false;
    const assertOpen = () => {
      if (ended) throw new Error(`This ${kind} transaction has ended; its work can no longer use it.`);
    };
    const sql: ScriptSql = {
      query<R>(text: string, params: unknown[] = []): Promise<R[]> {
        assertOpen();
        return statements.query<R>(text, params);
      },
      async exec(script: string): Promise<void> {
        assertOpen();
        await statements.exec(script);
      },
    };
    try {
      // PGlite's transaction lock: no other unit of work (nor PGlite's own query()) runs until this one has ended
      return await untilDeadline(
        deadline,
        pg._runExclusiveTransaction(async () => {
          // the deadline passed while this waited for the connection: do nothing
          if (deadline.signal.aborted) throw new DeadlineExceededError();
          try {
            const entered = await statements.begin<Record<string, unknown>>(enter);
            enter?.check?.(entered);
            const result = await untilDeadline(deadline, mark.run(() => work(sql)));
            ended = true;
            await statements.commit();
            return result;
          } catch (error) {
            // a statement the work sent before its deadline ran out may still be queued: it runs before this
            ended = true;
            await statements.rollback();
            throw error;
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
    asUser: (claims: JwtClaims, work) => transaction('user', entering.user(claims), work),
    asSession: (claims: JwtClaims, work) => transaction('user', entering.session(claims), work),
    asAnon: (work) => transaction('anon', entering.anon(), work),
    async statement<R>(text: string, params: unknown[] = []): Promise<R[]> {
      assertOutsideTransaction('single-statement');
      const deadline = createDeadline(backgroundDeadlineMs, currentDeadline());
      try {
        // it runs when the one connection is free (no unit of work holds it); waiting for that ends at the deadline
        return await untilDeadline(
          deadline,
          pg._runExclusiveTransaction(async () => {
            if (deadline.signal.aborted) throw new DeadlineExceededError();
            return statements.query<R>(text, params);
          }),
        );
      } finally {
        deadline.clear();
      }
    },
    serveSocket: (path) => servePgliteWire(pg, path),
    close: () => pg.close(),
  };
}
