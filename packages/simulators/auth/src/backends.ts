// The stores the stand-in's tests run against: in memory, PGlite and the machine's PostgreSQL (skipped,
// with a note, when no PostgreSQL answers at TEST_DATABASE_ADMIN_URL).
import { createMemoryAuthStore } from './memory-store.ts';
import type { AuthDatabase } from './ports.ts';
import { createSqlAuthStore, type AuthStore } from './store.ts';
import { openPglite, openPostgres, postgresReachable, type TestDatabase } from './test-databases.ts';

export interface StoredToken {
  token: string;
  parent: string | null;
  revoked: boolean;
  sessionId: string;
}

export interface TestBackend {
  store: AuthStore;
  /** Every row of auth.refresh_tokens, oldest first. */
  refreshTokens(): Promise<StoredToken[]>;
  close(): Promise<void>;
}

export interface BackendFactory {
  name: 'memory' | 'pglite' | 'postgres';
  available: boolean;
  /** `now` is the clock of the in-memory store (the SQL stores use the database's clock, except for rate limits). */
  open(now?: () => Date): Promise<TestBackend>;
}

const hasPostgres = await postgresReachable();
if (!hasPostgres) console.warn('[auth stand-in tests] no PostgreSQL at TEST_DATABASE_ADMIN_URL: the postgres store tests are skipped');

const sqlTokens = (db: AuthDatabase) => () =>
  db.privileged((sql) =>
    sql.query<StoredToken>(
      `select token, parent, revoked, session_id::text as "sessionId" from auth.refresh_tokens order by id`,
    ),
  );

const sqlBackend = (db: TestDatabase): TestBackend => ({ store: createSqlAuthStore(db), refreshTokens: sqlTokens(db), close: () => db.close() });

export const backends: BackendFactory[] = [
  {
    name: 'memory',
    available: true,
    async open(now) {
      const store = createMemoryAuthStore(now);
      return {
        store,
        refreshTokens: async () => store.refreshTokens.map(({ token, parent, revoked, sessionId }) => ({ token, parent, revoked, sessionId })),
        close: async () => {},
      };
    },
  },
  {
    name: 'pglite',
    available: true,
    open: async () => sqlBackend(await openPglite()),
  },
  {
    name: 'postgres',
    available: hasPostgres,
    open: async () => sqlBackend(await openPostgres()),
  },
];
