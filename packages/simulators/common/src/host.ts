// What a simulator receives from the app that hosts it, typed here so that a simulator imports nothing of that app:
// a database handle (the api's Database fits it as it is) and a way to send HTTP (its callbacks and webhooks).

/** A handle on the current transaction: parameters are `$1`, `$2`, …; a bigint comes back as a string. */
export interface SimulatorSql {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
}

/** Where a simulator keeps its state: one transaction per unit of work, as the connection's own role. Errors carry
 *  PostgreSQL's SQLSTATE in `code` ("23505" unique violation). */
export interface SimulatorDatabase {
  privileged<T>(work: (sql: SimulatorSql) => Promise<T>): Promise<T>;
}

/** A fetch: the global one, or one that hands the Request to an app's `handle` (tests: no network). */
export type FetchFunction = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/** What the hosting app's router hands a simulator's route: the request, its path, and the answer's status and
 *  headers to set. */
export interface RequestContext {
  request: Request;
  path: string;
  set: { status?: number | string; headers: Record<string, string | number> };
}
