// PostgreSQL through postgres.js (DATABASE_URL): Supabase in production, the machine's PostgreSQL in tests.
// Every unit of work is one transaction, so `set_config(..., true)` never leaks to another client.
//
// Statements are prepared once per connection and reused (one round trip each): unprepared, postgres.js
// describes every statement with parameters before running it, a second round trip, and PostgreSQL plans it
// again each time. A transaction-mode pooler (Supavisor on port 6543, PgBouncer before 1.21) cannot keep
// prepared statements: there `prepare: false` (DATABASE_PREPARE=false, see open-database.ts).
//
// A transaction's BEGIN goes out with its first statement (the role and claims, and the session check), in
// one write and one round trip.
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
  /** Named prepared statements, kept per connection (default true); false behind a transaction-mode pooler. */
  prepare?: boolean;
}

/** The statement a transaction starts with (role and claims), and what must hold of its rows. */
interface Enter {
  sql: string;
  params: Param[];
  check?(rows: readonly Record<string, unknown>[]): void;
}
type Param = postgres.ParameterOrJSON<never>;

/** Opens a pool on `url`. Values come back as described in database.ts (numeric/int8 as strings, timestamps as ISO strings). */
export function createPostgresDatabase(url: string, options: PostgresOptions = {}): EngineDatabase {
  const prepare = options.prepare ?? true;
  const client = postgres(url, {
    prepare,
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

  /**
   * Runs `work` in a transaction on one connection. BEGIN and `enter` (the role and claims, perhaps the session
   * check, with `check` judging its rows) are sent with the transaction's first statement, in one write: one
   * round trip for all three. Should `check` refuse, that statement's result is dropped and the transaction
   * rolled back, so nothing it did remains.
   */
  async function transaction<T>(enter: Enter | null, work: (sql: ScriptSql) => Promise<T>): Promise<T> {
    const connection = await client.reserve();
    let begun: Promise<void> | null = null;
    // postgres.js sends a query when it is executed; queries executed in one tick leave in one write, in order
    const begin = (): Promise<void> =>
      (begun ??= (async () => {
        const opening = connection.unsafe('begin').execute();
        const entering = enter ? connection.unsafe(enter.sql, enter.params, { prepare }).execute() : null;
        // both settle before anything is decided, so neither is left unobserved
        const [opened, entered] = await Promise.allSettled([opening, entering ?? Promise.resolve(null)]);
        if (opened.status === 'rejected') throw opened.reason;
        if (entered.status === 'rejected') throw entered.reason;
        if (enter?.check && entered.value) enter.check(Array.from(entered.value) as Record<string, unknown>[]);
      })());
    const send = async <V, R>(query: Promise<V> & { execute(): unknown }, read: (rows: V) => R): Promise<R> => {
      const opening = begin();
      query.execute();
      // its answer may come in the same read as BEGIN's: observed from now on, awaited below
      const settled = query.then(
        (rows) => ({ rows }),
        (error: unknown) => ({ error }),
      );
      await opening;
      const outcome = await settled;
      if ('error' in outcome) throw outcome.error;
      return read(outcome.rows);
    };
    const sql: ScriptSql = {
      query: <R>(text: string, params: unknown[] = []) => send(connection.unsafe(text, params as Param[], { prepare }), (rows) => Array.from(rows as Iterable<unknown>) as R[]),
      exec: (script: string) => send(connection.unsafe(script).simple(), () => undefined),
    };
    try {
      try {
        const result = await work(sql);
        await begin();
        await connection.unsafe('commit');
        return result;
      } catch (error) {
        if (begun) await connection.unsafe('rollback').catch(() => {});
        throw error;
      }
    } finally {
      connection.release();
    }
  }

  return {
    kind: 'postgres',
    privileged: (work) => transaction(null, work),
    asUser: async (claims: JwtClaims, work) => transaction({ sql: enterRoleSql, params: userRoleParams(claims) }, work),
    asSession: async (claims: JwtClaims, work) => transaction({ sql: enterSessionSql, params: sessionRoleParams(claims), check: assertSessionLive }, work),
    asAnon: (work) => transaction({ sql: enterRoleSql, params: anonRoleParams }, work),
    close: () => client.end({ timeout: 5 }),
  };
}
