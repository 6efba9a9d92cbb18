// The database layer the rest of the api uses (ARCHITECTURE.md §4-5): one interface over PostgreSQL
// (node-postgres, DATABASE_URL) and PGlite (DATA_DIR). Every unit of work is ONE transaction, run either
// as the connection's own role (privileged), as role `authenticated` with the verified JWT claims (so
// row-level security decides), or as role `anon`.
//
// Values come back the same from both engines:
//   numeric, bigint (int8)     -> string, exactly as PostgreSQL prints it ("9.94", "25.00"): money is never a JS float
//   timestamptz                -> ISO 8601 string in UTC with PostgreSQL's precision: "2026-11-22T02:23:32.890123Z"
//   timestamp (without tz)     -> ISO 8601 string without zone: "2026-11-22T02:23:32.890123"
//   date                       -> "YYYY-MM-DD"
//   json, jsonb                -> parsed values; integer/real -> number; boolean -> boolean; uuid, text -> string
// Every transaction has a deadline (lib/deadline.ts: the request's, else 30 s) and none may be opened inside
// another one, nor held while a provider is called (transaction-scope.ts).
// Parameters are always `$1`, `$2`, ...; values are never interpolated into the SQL text. A parameter for a
// json/jsonb value may be an object (serialised with JSON.stringify) or a string that already holds JSON text.
// Pass money as strings ("19.99"). Errors carry PostgreSQL's SQLSTATE in `code` ("42501" permission denied,
// "23505" unique violation, "23514" check violation, e.g. "insufficient balance") on both engines.

/** A handle on the current transaction. */
export interface Sql {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
}

/** Claims of a verified access token (Supabase Auth's shape). */
export interface JwtClaims {
  sub: string;
  role: string;
  email?: string;
  aud?: string | string[];
  exp?: number;
  iat?: number;
  session_id?: string;
  [claim: string]: unknown;
}

export interface Database {
  readonly kind: 'postgres' | 'pglite';
  /** Privileged work (webhooks, billing, the local auth server): the connection's own role, one transaction. */
  privileged<T>(work: (sql: Sql) => Promise<T>): Promise<T>;
  /** A signed-in user's request: ONE transaction, `set local role authenticated`, the verified claims in
   *  `request.jwt.claims` (set_config(..., true)), so RLS decides. */
  asUser<T>(claims: JwtClaims, work: (sql: Sql) => Promise<T>): Promise<T>;
  /** A request with a user's access token: as asUser, and the token's session (`session_id`) must still be live
   *  and the user's, checked in the same statement that enters the role (no extra round trip); otherwise
   *  SessionEndedError and nothing runs. */
  asSession<T>(claims: JwtClaims, work: (sql: Sql) => Promise<T>): Promise<T>;
  /** A signed-out request: one transaction as role anon. */
  asAnon<T>(work: (sql: Sql) => Promise<T>): Promise<T>;
  /** One statement on its own, as the connection's role, outside any transaction of the caller (no BEGIN and
   *  COMMIT around it): the session gate's check and the health check. */
  statement<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** PGlite only: serves this database to one more local program over PostgreSQL's wire protocol on the Unix socket
   *  `path` (pglite-wire.ts): the Supabase Auth stand-in, which shares the product's database as GoTrue does. */
  serveSocket?(path: string): Promise<{ stop(): Promise<void> }>;
  close(): Promise<void>;
}

/** The database cannot be reached (down, restarting, refusing connections) or dropped the connection mid-work:
 *  nothing of that work was committed by us; the request answers 503 and may be repeated. */
export class DatabaseUnavailableError extends Error {
  override readonly name = 'DatabaseUnavailableError';
  constructor(cause: unknown) {
    super(`The database is unavailable: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}

/** COMMIT found the transaction failed: one of its statements had an error that the work caught and went on from,
 *  so PostgreSQL rolled all of it back. Nothing of the work was saved; its result must not be reported as done. */
export class RolledBackError extends Error {
  override readonly name = 'RolledBackError';
  /** SQLSTATE in_failed_sql_transaction */
  readonly code = '25P02';
  constructor() {
    super('The transaction was rolled back at its commit: one of its statements had failed.');
  }
}

/** A transaction handle that can also run a multi-statement script (no parameters): migrations, test setup. */
export interface ScriptSql extends Sql {
  exec(script: string): Promise<void>;
}

/** What the two engines implement: a Database whose privileged transactions can run scripts. */
export interface EngineDatabase extends Database {
  privileged<T>(work: (sql: ScriptSql) => Promise<T>): Promise<T>;
}

/**
 * SQL giving a timestamptz column as the database layer gives timestamps ("2026-11-22T02:23:32.89Z": UTC,
 * PostgreSQL's own precision), but as text made by PostgreSQL: parsing 10,000 timestamps in JavaScript costs
 * ~7 ms, and the text is exactly what a cursor can carry back.
 */
export const isoUtcSql = (column: string) => `replace((${column} at time zone 'UTC')::text, ' ', 'T') || 'Z'`;

/** The statement both engines run first in a user's or anon's transaction. */
export const enterRoleSql = `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)`;

/** Parameters of `enterRoleSql` for a signed-in user: always role authenticated, whatever the token's role claim says. */
export function userRoleParams(claims: JwtClaims): [string, string] {
  if (typeof claims.sub !== 'string' || claims.sub === '') throw new Error('asUser needs claims with a sub');
  return ['authenticated', JSON.stringify(claims)];
}

/** The session of a token has ended (signed out, revoked as reused, the account deleted) or never existed. */
export class SessionEndedError extends Error {
  override readonly name = 'SessionEndedError';
  constructor() {
    super('The session of this access token has ended.');
  }
}

/** SQL true when a token's session is live (private.session_live: Supabase Auth's session row, the user's own, not
 *  past `not_after`, with a refresh token not revoked). `session` and `user` are the SQL of the two ids. */
export const liveSessionSql = (session: string, user: string) => `private.session_live(${session}::uuid, ${user}::uuid)`;

/**
 * `enterRoleSql` for a token with a session: private.enter_session checks the session (as the connection's role),
 * then enters the role and claims only if it is live. Parameters: the role, the claims, the session id and the user
 * id; one row with `live`.
 */
export const enterSessionSql = `select private.enter_session($1, $2, $3::uuid, $4::uuid) as live`;

/** Parameters of `enterSessionSql`; SessionEndedError when the claims name no session. */
export function sessionRoleParams(claims: JwtClaims): [string, string, string, string] {
  const [role, json] = userRoleParams(claims);
  const sessionId = claims.session_id;
  if (typeof sessionId !== 'string' || !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(sessionId)) throw new SessionEndedError();
  return [role, json, sessionId, claims.sub];
}

/** Throws SessionEndedError unless the first row of `enterSessionSql` says the session is live. */
export function assertSessionLive(rows: readonly { live?: unknown }[]): void {
  if (rows[0]?.live !== true) throw new SessionEndedError();
}

/** Parameters of `enterRoleSql` for a signed-out request. */
export const anonRoleParams: [string, string] = ['anon', JSON.stringify({ role: 'anon' })];

/** The statement a user's, a session's or anon's transaction starts with (after BEGIN, in the same round trip or
 *  call), and what must hold of its rows before the work runs. */
export interface Enter {
  sql: string;
  params: unknown[];
  check?(rows: readonly Record<string, unknown>[]): void;
}

/** How asUser, asSession and asAnon enter their role, on both engines. */
export const entering = {
  user: (claims: JwtClaims): Enter => ({ sql: enterRoleSql, params: userRoleParams(claims) }),
  session: (claims: JwtClaims): Enter => ({ sql: enterSessionSql, params: sessionRoleParams(claims), check: assertSessionLive }),
  anon: (): Enter => ({ sql: enterRoleSql, params: anonRoleParams }),
};

const timestampPattern = /^(\d{4,})-(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d)(\.\d+)?(?:([+-])(\d\d)(?::?(\d\d))?(?::?(\d\d))?)?$/;

/** PostgreSQL's text form of a timestamptz ("2026-11-22 02:23:32.89+00", any zone) as an ISO 8601 UTC string
 *  keeping every fractional digit ("2026-11-22T02:23:32.89Z"). infinity / -infinity / BC dates pass through. */
export function timestamptzToIso(text: string): string {
  const m = timestampPattern.exec(text);
  if (!m) return text;
  const [, y, mo, d, h, mi, s, fraction = '', sign, oh = '00', om = '00', os = '00'] = m;
  const offsetSeconds = (sign === '-' ? -1 : 1) * (Number(oh) * 3600 + Number(om) * 60 + Number(os));
  if (!sign || offsetSeconds === 0) return `${y}-${mo}-${d}T${h}:${mi}:${s}${fraction}Z`;
  const utc = new Date(0);
  utc.setUTCFullYear(Number(y), Number(mo) - 1, Number(d));
  utc.setUTCHours(Number(h), Number(mi), Number(s) - offsetSeconds);
  const iso = utc.toISOString();
  return `${iso.slice(0, iso.indexOf('.'))}${fraction}Z`;
}

/** PostgreSQL's text form of a timestamp without time zone as an ISO 8601 string without a zone. */
export function timestampToIso(text: string): string {
  return timestampPattern.test(text) ? text.replace(' ', 'T') : text;
}

/** Type OIDs both engines parse the same way (see the table at the top of this file). */
export const pgTypes = {
  int8: 20,
  numeric: 1700,
  date: 1082,
  timestamp: 1114,
  timestamptz: 1184,
} as const;
