// What the stand-in needs from the program that mounts it, declared here so that it imports nothing of that
// program: the api satisfies each interface structurally (its Database, Mailer, Limiter and client address).

/** A handle on the current transaction. */
export interface AuthSql {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
}

/** The database of the auth.* tables: each call of `privileged` is one transaction of the owner role. */
export interface AuthDatabase {
  privileged<T>(work: (sql: AuthSql) => Promise<T>): Promise<T>;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Sends the links of an e-mail change; never called with a transaction of the stand-in open. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** At most `limit` requests per key in each window of `windowSeconds`. */
export interface WindowRule {
  limit: number;
  windowSeconds: number;
}

/** After `freeFailures` failures in a row, each attempt waits longer, at most `maxSeconds`; a success clears the streak. */
export interface BackoffRule {
  freeFailures: number;
  maxSeconds: number;
}

/** Rate limits shared by every process that serves the stand-in (the api's limiter). */
export interface Limiter {
  /** Counts one request under `rule` for `key`: the seconds to wait (Retry-After) when over the limit, else null. */
  hit(rule: string, limits: WindowRule, key: string): Promise<number | null>;
  /** The seconds `key` must still wait under its failure streak, else null. */
  backoff(rule: string, limits: BackoffRule, key: string): Promise<number | null>;
  failed(rule: string, key: string): Promise<void>;
  succeeded(rule: string, key: string): Promise<void>;
}

/** The limits the stand-in applies: sign-ins and sign-ups per client address, refreshes per session, and the
 *  failure streak of each account. */
export interface AuthLimits {
  signIn: WindowRule;
  signUp: WindowRule;
  refresh: WindowRule;
  signInFailures: BackoffRule;
}

/** What Bun's server says of a request's connection (Elysia's `server`). */
export interface RequestIpServer {
  requestIP(request: Request): { address: string } | null;
}

/** The client's address for rate limits and session records (behind proxies, the mounting program decides which
 *  X-Forwarded-For entry to believe), or null when unknown. */
export type ClientAddress = (request: Request, server: RequestIpServer | null) => string | null;
