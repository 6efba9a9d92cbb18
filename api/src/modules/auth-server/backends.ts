// The stores the auth-server tests run against: in memory, PGlite and the machine's PostgreSQL (skipped,
// with a note, when no PostgreSQL answers at TEST_DATABASE_ADMIN_URL).
import { createTestDatabase, createTestPglite, postgresReachable } from '../../db/testing.ts';
import { createMemoryAuthStore } from './memory-store.ts';
import { createSqlAuthStore, type AuthStore } from './store.ts';

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
if (!hasPostgres) console.warn('[auth-server tests] no PostgreSQL at TEST_DATABASE_ADMIN_URL: the postgres store tests are skipped');

const sqlTokens = (db: Parameters<typeof createSqlAuthStore>[0]) => () =>
  db.privileged((sql) =>
    sql.query<StoredToken>(
      `select token, parent, revoked, session_id::text as "sessionId" from auth.refresh_tokens order by id`,
    ),
  );

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
    async open() {
      const db = await createTestPglite();
      return { store: createSqlAuthStore(db), refreshTokens: sqlTokens(db), close: () => db.close() };
    },
  },
  {
    name: 'postgres',
    available: hasPostgres,
    async open() {
      const { db, drop } = await createTestDatabase();
      return { store: createSqlAuthStore(db), refreshTokens: sqlTokens(db), close: drop };
    },
  },
];
