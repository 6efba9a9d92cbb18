// PGlite (PostgreSQL compiled to WASM) in DATA_DIR, the database when DATABASE_URL is unset.
// One PGlite instance has one session: its transaction() holds a mutex, so concurrent units of work
// queue up and never interleave. Do not start a unit of work inside another one (it would wait for
// itself); do everything of one request through the `sql` handle you were given.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
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
  // pg_trgm and btree_gin: the contacts search index (supabase/migrations/20261124000400_contacts_search.sql)
  const pg = await PGlite.create({ ...(directory ? { dataDir: directory } : {}), parsers: pgliteParsers, extensions: { btree_gin, pg_trgm } });
  return wrapPglite(pg);
}

/** A Database over an open PGlite instance (created with `pgliteParsers`). */
export function wrapPglite(pg: PGlite): EngineDatabase {
  const handle = (tx: Transaction): ScriptSql => ({
    async query<T>(text: string, params: unknown[] = []): Promise<T[]> {
      return (await tx.query<T>(text, params)).rows;
    },
    async exec(script: string): Promise<void> {
      await tx.exec(script);
    },
  });

  return {
    kind: 'pglite',
    privileged: (work) => pg.transaction((tx) => work(handle(tx))),
    asUser: (claims: JwtClaims, work) =>
      pg.transaction(async (tx) => {
        await tx.query(enterRoleSql, userRoleParams(claims));
        return work(handle(tx));
      }),
    asSession: (claims: JwtClaims, work) => {
      const params = sessionRoleParams(claims);
      return pg.transaction(async (tx) => {
        assertSessionLive((await tx.query<{ live: boolean }>(enterSessionSql, params)).rows);
        return work(handle(tx));
      });
    },
    asAnon: (work) =>
      pg.transaction(async (tx) => {
        await tx.query(enterRoleSql, anonRoleParams);
        return work(handle(tx));
      }),
    close: () => pg.close(),
  };
}
