// PostgreSQL through node-postgres (DATABASE_URL): Supabase in production, the machine's PostgreSQL in tests.
// Every unit of work is one transaction, so `set_config(..., true)` never leaks to another client.
//
// Why node-postgres and not postgres.js: under Bun, postgres.js 3.4.9 (the latest) takes the process down or
// wedges its pool when PostgreSQL ends a connection that is checked out (pg_terminate_backend, a failover, a
// pooler recycling connections): it writes to the closed socket from a setImmediate (an uncatchable TypeError,
// porsager/postgres#1154, #1208) or hands the dead connection out again after release (#1199). node-postgres
// reports the failure on the query, drops the client, and the pool connects anew.
//
// Each transaction starts with one simple-protocol round trip: BEGIN, its local timeouts (a statement may not
// outlive the work's deadline, nor a forgotten transaction sit idle past it) and, for a user's or anon's work, the
// statement entering the role with the claims (and the session check). Statements are prepared once per
// connection by name (one round trip each); behind a transaction-mode pooler (Supavisor on 6543, PgBouncer before
// 1.21), which cannot keep prepared statements, they go unnamed (DATABASE_PREPARE=false, open-database.ts).
import { availableParallelism } from 'node:os';
import pg from 'pg';
import { backgroundDeadlineMs, createDeadline, currentDeadline, DeadlineExceededError, remainingMs, untilDeadline, type Deadline } from '../lib/deadline.ts';
import {
  DatabaseUnavailableError,
  entering,
  pgTypes,
  RolledBackError,
  timestamptzToIso,
  timestampToIso,
  type EngineDatabase,
  type Enter,
  type JwtClaims,
  type ScriptSql,
} from './database.ts';
import { assertOutsideTransaction, markTransaction } from './transaction-scope.ts';

export interface PostgresOptions {
  /** Connections in the pool (default: `defaultPoolSize(url)`). */
  max?: number;
  /** Seconds an idle connection stays open (default 30). */
  idleTimeout?: number;
  /** Named prepared statements, kept per connection (default true); false behind a transaction-mode pooler. */
  prepare?: boolean;
  /** Where a connection that fails while idle in the pool is reported (default: console.error). */
  log?: (message: string, error: unknown) => void;
}

const keepText = (text: string) => text;
/** Our value shapes (database.ts): numeric/int8/date as text, timestamps as ISO strings with PostgreSQL's precision. */
const parsers = new Map<number, (text: string) => unknown>([
  [pgTypes.int8, keepText],
  [pgTypes.numeric, keepText],
  [pgTypes.date, keepText],
  [pgTypes.timestamp, timestampToIso],
  [pgTypes.timestamptz, timestamptzToIso],
]);
const typeParsers = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => parsers.get(oid) ?? pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
};

/**
 * A failure of the connection rather than of the statement: the server went away or refused us (SQLSTATE class 08,
 * 57P01-57P03 shutdown/terminated, 53300 too many connections), the socket broke, or connecting timed out.
 */
export function isConnectionFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03' || code === '53300') return true;
    if (/^E[A-Z]+$/.test(code)) return true;
  }
  return /Connection terminated|not queryable|timeout exceeded when trying to connect|Connection ended/i.test(error.message);
}

/** Statement names, one per distinct text (so a connection prepares each text once, by that name). */
const statementNames = new Map<string, string>();
const maxStatementNames = 2000;
function statementName(text: string): string | undefined {
  let name = statementNames.get(text);
  if (name === undefined && statementNames.size < maxStatementNames) {
    name = `rw${statementNames.size + 1}`;
    statementNames.set(text, name);
  }
  return name;
}

/** Dates as ISO 8601 (node-postgres would send them in the process's local time zone). */
const paramOf = (value: unknown) => (value instanceof Date ? value.toISOString() : value);

/** Select lists by statement: the opening of every transaction needs one, and there are only the few `entering` gives. */
const selectLists = new Map<string, string>();

/** The select list of a `select …` statement without a from clause (enterRoleSql, enterSessionSql). */
function selectListOf(statement: string): string {
  let list = selectLists.get(statement);
  if (list === undefined) {
    list = /^select\s+([\s\S]+)$/i.exec(statement.trim())?.[1];
    if (!list || /\bfrom\b/i.test(list)) throw new Error(`Not a select without a from clause: ${statement}`);
    selectLists.set(statement, list);
  }
  return list;
}

/**
 * How many connections a pool opens when not told. A PostgreSQL on this machine (loopback or a socket) shares our
 * cores: more backends than it has cores to run them only take turns, each statement waiting behind the others' time
 * slices, so the pool is 2 × cores (the PostgreSQL wiki's "core_count × 2 + effective_spindle_count", with the data in
 * memory). Measured with the contacts search at 16 requests at a time on 2 cores: 10 connections p99 18.4-20.5 ms,
 * 4 connections p99 14.1 ms at the same throughput. A database elsewhere (Supabase) has cores of its own: 10.
 */
export function defaultPoolSize(url: string, cores = availableParallelism()): number {
  return isOnThisMachine(url) ? Math.max(2, 2 * cores) : 10;
}

function isOnThisMachine(url: string): boolean {
  let host: string;
  try {
    const parsed = new URL(url);
    // libpq's ?host=/run/postgresql (a Unix socket) wins over the URL's host
    host = parsed.searchParams.get('host') ?? decodeURIComponent(parsed.hostname);
  } catch {
    return false;
  }
  return host === '' || host.startsWith('/') || host === 'localhost' || host === '[::1]' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** Opens a pool on `url`. Values come back as described in database.ts (numeric/int8 as strings, timestamps as ISO strings). */
export function createPostgresDatabase(url: string, options: PostgresOptions = {}): EngineDatabase {
  const prepare = options.prepare ?? true;
  const log = options.log ?? ((message, error) => console.error(`[database] ${message}: ${error instanceof Error ? error.message : String(error)}`));
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? defaultPoolSize(url),
    idleTimeoutMillis: (options.idleTimeout ?? 30) * 1000,
    connectionTimeoutMillis: 10_000,
    application_name: 'ringwise-api',
    types: typeParsers,
  });
  // a connection that breaks while idle in the pool is dropped by the pool; without a listener it would throw
  pool.on('error', (error) => log('an idle connection failed and was dropped', error));
  // a checked-out connection that breaks between two statements reports it on its next query; its 'error' event
  // must not become an uncaught exception meanwhile
  const listened = new WeakSet<pg.PoolClient>();
  const ignoreClientError = () => {};

  const unavailable = (error: unknown) => (isConnectionFailure(error) ? new DatabaseUnavailableError(error) : error);

  async function connect(deadline: Deadline): Promise<pg.PoolClient> {
    try {
      const client = await untilDeadline(deadline, pool.connect(), (late) => late.release());
      if (!listened.has(client)) {
        client.on('error', ignoreClientError);
        listened.add(client);
      }
      return client;
    } catch (error) {
      throw unavailable(error);
    }
  }

  function run(client: pg.PoolClient, deadline: Deadline, text: string, params: readonly unknown[]): Promise<pg.QueryResult> {
    const name = prepare ? statementName(text) : undefined;
    const values = params.map(paramOf);
    return untilDeadline(deadline, client.query(name ? { name, text, values } : { text, values }));
  }

  /**
   * BEGIN, then one select setting the deadline's time left as the statement timeout and the idle-in-transaction
   * timeout (set_config(..., true): for this transaction) and entering the role with the rest of `enter`'s select
   * list: one simple-protocol message of two statements, one round trip, nothing costly to plan (the session check is
   * a function, private.session_live, whose plan plpgsql keeps). `enter`'s parameters go in as literals
   * (node-postgres's escapeLiteral; they are the role, the verified claims' JSON and two uuids checked before).
   */
  const openingSql = (deadline: Deadline, enter: Enter | null) => {
    const ms = Math.max(1, remainingMs(deadline));
    const timeouts = `set_config('statement_timeout', '${ms}', true), set_config('idle_in_transaction_session_timeout', '${ms + 1000}', true)`;
    if (!enter) return `begin; select ${timeouts}`;
    const entering = selectListOf(enter.sql).replace(/\$(\d+)/g, (_, n: string) => pg.escapeLiteral(String(enter.params[Number(n) - 1])));
    return `begin; select ${timeouts}, ${entering}`;
  };

  async function transaction<T>(kind: string, enter: Enter | null, work: (sql: ScriptSql) => Promise<T>): Promise<T> {
    assertOutsideTransaction(kind);
    const deadline = createDeadline(backgroundDeadlineMs, currentDeadline());
    const mark = markTransaction(kind);
    let client: pg.PoolClient | null = null;
    // a connection whose state we no longer know (it failed, or a statement may still run on it) is not reused
    let discard = false;
    let ended = false;
    const assertOpen = () => {
      if (ended) throw new Error(`This ${kind} transaction has ended; its work can no longer use it.`);
    };
    try {
      client = await connect(deadline);
      const connection = client;
      const sql: ScriptSql = {
        async query<R>(text: string, params: unknown[] = []) {
          assertOpen();
          return (await run(connection, deadline, text, params)).rows as R[];
        },
        async exec(script: string) {
          assertOpen();
          await untilDeadline(deadline, connection.query(script));
        },
      };
      try {
        const opened = (await untilDeadline(deadline, connection.query(openingSql(deadline, enter)))) as unknown as pg.QueryResult[];
        enter?.check?.(opened.at(-1)!.rows as Record<string, unknown>[]);
        const result = await untilDeadline(deadline, mark.run(() => work(sql)));
        const committed = await untilDeadline(deadline, connection.query('commit'));
        // PostgreSQL answers a COMMIT of a transaction with a failed statement by rolling it back
        if (committed.command === 'ROLLBACK') throw new RolledBackError();
        return result;
      } catch (error) {
        ended = true;
        if (error instanceof DeadlineExceededError || isConnectionFailure(error)) discard = true;
        else await untilDeadline(deadline, connection.query('rollback')).catch(() => (discard = true));
        throw error;
      }
    } catch (error) {
      throw unavailable(error);
    } finally {
      ended = true;
      mark.close();
      deadline.clear();
      // released with an error, the pool closes the connection (and PostgreSQL rolls back what it held)
      client?.release(discard ? new Error('discarded after a failed transaction') : undefined);
    }
  }

  return {
    kind: 'postgres',
    privileged: (work) => transaction('privileged', null, work),
    asUser: async (claims: JwtClaims, work) => transaction('user', entering.user(claims), work),
    asSession: async (claims: JwtClaims, work) => transaction('user', entering.session(claims), work),
    asAnon: (work) => transaction('anon', entering.anon(), work),
    async statement<R>(text: string, params: unknown[] = []) {
      assertOutsideTransaction('single-statement');
      const deadline = createDeadline(backgroundDeadlineMs, currentDeadline());
      let client: pg.PoolClient | null = null;
      let discard = false;
      try {
        client = await connect(deadline);
        return (await run(client, deadline, text, params)).rows as R[];
      } catch (error) {
        discard = error instanceof DeadlineExceededError || isConnectionFailure(error);
        throw unavailable(error);
      } finally {
        deadline.clear();
        client?.release(discard ? new Error('discarded after a failed statement') : undefined);
      }
    },
    close: () => pool.end(),
  };
}
