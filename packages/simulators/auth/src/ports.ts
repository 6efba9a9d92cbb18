// What the stand-in needs from the program that serves it (server.ts, or a test), declared here: a database of the
// auth.* tables, a mailer (@ringwise/mail's fits), a limiter (@ringwise/rate-limits') and the client's address.
import type { MailMessage, Mailer as PackageMailer } from '@ringwise/mail';
import type { BackoffRule, Limiter, WindowRule } from '@ringwise/rate-limits/limiter';

export type { BackoffRule, Limiter, MailMessage, WindowRule };

/** A handle on the current transaction. */
export interface AuthSql {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
}

/** The database of the auth.* tables: each call of `privileged` is one transaction of the owner role. */
export interface AuthDatabase {
  privileged<T>(work: (sql: AuthSql) => Promise<T>): Promise<T>;
}

/** Sends the links of an e-mail change; never called with a transaction of the stand-in open. */
export type Mailer = Pick<PackageMailer, 'send'>;

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
