// PostgreSQL through postgres.js (DATABASE_URL): Supabase's pooler in production, the machine's
// PostgreSQL in tests. `prepare: false` keeps it safe behind a transaction-mode pooler (Supavisor,
// PgBouncer): no named prepared statements outlive a transaction, and every unit of work is one
// transaction, so `set_config(..., true)` never leaks to another client.
import postgres from 'postgres';
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

export interface PostgresOptions {
  /** Connections in the pool (default 10). */
  max?: number;
  /** Seconds an idle connection stays open (default 30). */
  idleTimeout?: number;
}

type Tx = postgres.TransactionSql;
type Param = postgres.ParameterOrJSON<never>;

/** Opens a pool on `url`. Values come back as described in database.ts (numeric/int8 as strings, timestamps as ISO strings). */
export function createPostgresDatabase(url: string, options: PostgresOptions = {}): EngineDatabase {
  const client = postgres(url, {
    prepare: false,
    max: options.max ?? 10,
    idle_timeout: options.idleTimeout ?? 30,
    connect_timeout: 10,
    onnotice: () => {},
    connection: { application_name: 'ringwise-api' },
    types: {
      // our own parsers replace postgres.js's Date parsing; int8 and numeric already come back as strings
      timestamptz: {
        to: pgTypes.timestamptz,
        from: [pgTypes.timestamptz],
        serialize: (x: unknown) => (x instanceof Date ? x.toISOString() : String(x)),
        parse: timestamptzToIso,
      },
      timestamp: {
        to: pgTypes.timestamp,
        from: [pgTypes.timestamp],
        serialize: (x: unknown) => (x instanceof Date ? x.toISOString() : String(x)),
        parse: timestampToIso,
      },
      // as PGlite does: a string parameter for a json/jsonb value is JSON text already, anything else is stringified
      json: {
        to: 114,
        from: [114, 3802],
        serialize: (x: unknown) => (typeof x === 'string' ? x : JSON.stringify(x)),
        parse: (x: string) => JSON.parse(x) as unknown,
      },
      date: {
        to: pgTypes.date,
        from: [pgTypes.date],
        serialize: (x: unknown) => (x instanceof Date ? x.toISOString().slice(0, 10) : String(x)),
        parse: (x: string) => x,
      },
    },
  });

  const handle = (tx: Tx): ScriptSql => ({
    async query<T>(text: string, params: unknown[] = []): Promise<T[]> {
      const rows = await tx.unsafe(text, params as Param[]);
      return Array.from(rows) as T[];
    },
    async exec(script: string): Promise<void> {
      await tx.unsafe(script).simple();
    },
  });

  const transaction = <T>(work: (tx: Tx) => Promise<T>): Promise<T> => client.begin((tx) => work(tx)) as Promise<T>;

  return {
    kind: 'postgres',
    privileged: (work) => transaction((tx) => work(handle(tx))),
    asUser: (claims: JwtClaims, work) =>
      transaction(async (tx) => {
        await tx.unsafe(enterRoleSql, userRoleParams(claims));
        return work(handle(tx));
      }),
    asSession: (claims: JwtClaims, work) => {
      const params = sessionRoleParams(claims);
      return transaction(async (tx) => {
        assertSessionLive(await tx.unsafe(enterSessionSql, params));
        return work(handle(tx));
      });
    },
    asAnon: (work) =>
      transaction(async (tx) => {
        await tx.unsafe(enterRoleSql, anonRoleParams);
        return work(handle(tx));
      }),
    close: () => client.end({ timeout: 5 }),
  };
}
