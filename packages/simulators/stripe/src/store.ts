// The simulator's state, in the database so that every api replica serving the app sees the same payments
// (ARCHITECTURE.md §1: no per-user state in memory). Its own schema, `stripe_simulator`, is created here at
// start-up, never by supabase/migrations: production Supabase must not get simulator tables.
//
// Objects are kept as Stripe renders them (`data`, json so key order survives), plus what the API never shows
// (`internal`: a card's test behaviour, a session's line items). `seq` orders lists newest first.
import type { SimulatorDatabase, SimulatorSql as Sql } from '@ringwise/simulator-common/host';

export const schema = 'stripe_simulator';

/** Serialises concurrent start-ups (two replicas creating the schema at once): "stripe" in ASCII. */
const setupLockKey = 0x73747269;

const setupStatements = [
  `create schema if not exists stripe_simulator`,
  `comment on schema stripe_simulator is 'The local Stripe stand-in (packages/simulators/stripe): never present on a database that talks to Stripe'`,
  `create table if not exists stripe_simulator.objects (
    id text primary key,
    type text not null,
    customer text,
    data json not null,
    internal json not null default '{}',
    seq bigint generated always as identity,
    created_at timestamptz not null default now()
  )`,
  `create index if not exists objects_by_customer on stripe_simulator.objects (type, customer, seq)`,
  `create table if not exists stripe_simulator.idempotency_keys (
    key text primary key,
    method text not null,
    path text not null,
    params text not null,
    status integer not null,
    body text not null,
    created_at timestamptz not null default now()
  )`,
  `create index if not exists idempotency_keys_by_age on stripe_simulator.idempotency_keys (created_at)`,
  `create table if not exists stripe_simulator.events (
    id text primary key,
    type text not null,
    payload text not null,
    seq bigint generated always as identity,
    created_at timestamptz not null default now(),
    attempts integer not null default 0,
    next_attempt_at timestamptz not null default now(),
    delivered_at timestamptz,
    failed_at timestamptz,
    last_error text
  )`,
  `create index if not exists events_due on stripe_simulator.events (next_attempt_at) where delivered_at is null and failed_at is null`,
  // only the owner (the api's privileged connection) reads them: no policies, and nothing granted
  `alter table stripe_simulator.objects enable row level security`,
  `alter table stripe_simulator.idempotency_keys enable row level security`,
  `alter table stripe_simulator.events enable row level security`,
];

/** Creates the schema and tables when missing (idempotent, safe for replicas starting together). */
export async function ensureSchema(db: SimulatorDatabase): Promise<void> {
  await db.privileged(async (sql) => {
    await sql.query('select pg_advisory_xact_lock($1)', [setupLockKey]);
    for (const statement of setupStatements) await sql.query(statement);
  });
}

export type ObjectType = 'customer' | 'checkout.session' | 'payment_intent' | 'payment_method' | 'charge' | 'billing_portal.session';

export interface StoredObject<T = Record<string, unknown>, I = Record<string, unknown>> {
  id: string;
  type: ObjectType;
  customer: string | null;
  data: T;
  internal: I;
  seq: string;
}

const objectColumns = `id, type, customer, data, internal, seq`;

export async function insertObject(
  sql: Sql,
  input: { id: string; type: ObjectType; customer?: string | null; data: unknown; internal?: unknown },
): Promise<void> {
  await sql.query(`insert into stripe_simulator.objects (id, type, customer, data, internal) values ($1, $2, $3, $4::json, $5::json)`, [
    input.id,
    input.type,
    input.customer ?? null,
    JSON.stringify(input.data),
    JSON.stringify(input.internal ?? {}),
  ]);
}

/** The object with this id and type, or null; `lock` holds it for this transaction (a payment in progress). */
export async function getObject<T, I = Record<string, unknown>>(
  sql: Sql,
  type: ObjectType,
  id: string,
  options: { lock?: boolean } = {},
): Promise<StoredObject<T, I> | null> {
  const rows = await sql.query<StoredObject<T, I>>(
    `select ${objectColumns} from stripe_simulator.objects where id = $1 and type = $2${options.lock ? ' for update' : ''}`,
    [id, type],
  );
  return rows[0] ?? null;
}

/** Any object by id (expansion follows ids whatever their type). */
export async function getAnyObject(sql: Sql, id: string): Promise<StoredObject | null> {
  const rows = await sql.query<StoredObject>(`select ${objectColumns} from stripe_simulator.objects where id = $1`, [id]);
  return rows[0] ?? null;
}

export async function updateObject(sql: Sql, id: string, changes: { data: unknown; internal?: unknown; customer?: string | null }): Promise<void> {
  const sets = ['data = $2::json'];
  const params: unknown[] = [id, JSON.stringify(changes.data)];
  if (changes.internal !== undefined) {
    params.push(JSON.stringify(changes.internal));
    sets.push(`internal = $${params.length}::json`);
  }
  if (changes.customer !== undefined) {
    params.push(changes.customer);
    sets.push(`customer = $${params.length}`);
  }
  await sql.query(`update stripe_simulator.objects set ${sets.join(', ')} where id = $1`, params);
}

export interface ListPage<T> {
  data: T[];
  hasMore: boolean;
}

/**
 * One page of a list, newest first, as Stripe pages: `startingAfter` continues after that object (older ones),
 * `endingBefore` goes back (newer ones). A cursor that is not in the list is the caller's 400.
 */
export async function listObjects<T>(
  sql: Sql,
  query: { type: ObjectType; customer: string; limit: number; startingAfter?: string; endingBefore?: string },
): Promise<ListPage<T> | { missingCursor: string }> {
  const cursorId = query.startingAfter ?? query.endingBefore;
  let cursor: string | null = null;
  if (cursorId !== undefined) {
    const rows = await sql.query<{ seq: string }>(`select seq from stripe_simulator.objects where id = $1 and type = $2`, [cursorId, query.type]);
    if (!rows[0]) return { missingCursor: cursorId };
    cursor = rows[0].seq;
  }
  const params: unknown[] = [query.type, query.customer, query.limit + 1];
  let condition = '';
  let order = 'desc';
  if (cursor !== null) {
    params.push(cursor);
    if (query.startingAfter !== undefined) condition = `and seq < $4`;
    else {
      condition = `and seq > $4`;
      order = 'asc';
    }
  }
  const rows = await sql.query<{ data: T }>(
    `select data from stripe_simulator.objects where type = $1 and customer = $2 ${condition} order by seq ${order} limit $3`,
    params,
  );
  const hasMore = rows.length > query.limit;
  const page = rows.slice(0, query.limit).map((row) => row.data);
  return { data: order === 'asc' ? page.reverse() : page, hasMore };
}

export interface StoredResponse {
  method: string;
  path: string;
  params: string;
  status: number;
  body: string;
}

/** Keys are kept 24 hours ([Idem]: "pruned after at least 24 hours"). */
export async function findIdempotentResponse(sql: Sql, key: string): Promise<StoredResponse | null> {
  const rows = await sql.query<StoredResponse>(
    `select method, path, params, status, body from stripe_simulator.idempotency_keys where key = $1 and created_at > now() - interval '24 hours'`,
    [key],
  );
  return rows[0] ?? null;
}

export async function saveIdempotentResponse(sql: Sql, key: string, response: StoredResponse): Promise<void> {
  // prune expired keys (this one too, when it is being reused a day later); never a live one: a concurrent
  // request's just-committed key must make this insert fail, so that request's answer is replayed instead
  await sql.query(`delete from stripe_simulator.idempotency_keys where created_at < now() - interval '24 hours'`);
  await sql.query(`insert into stripe_simulator.idempotency_keys (key, method, path, params, status, body) values ($1, $2, $3, $4, $5, $6)`, [
    key,
    response.method,
    response.path,
    response.params,
    response.status,
    response.body,
  ]);
}

export async function insertEvent(sql: Sql, event: { id: string; type: string; payload: string }): Promise<void> {
  await sql.query(`insert into stripe_simulator.events (id, type, payload) values ($1, $2, $3)`, [event.id, event.type, event.payload]);
}

export interface ClaimedEvent {
  id: string;
  payload: string;
  attempts: number;
}

/**
 * Takes an event for one delivery attempt: only while it is undelivered and still has the attempt count the
 * caller saw (so two replicas never send the same attempt), leasing it for `leaseSeconds`.
 */
export async function claimEvent(sql: Sql, id: string, seenAttempts: number, leaseSeconds: number): Promise<ClaimedEvent | null> {
  const rows = await sql.query<ClaimedEvent>(
    `update stripe_simulator.events
        set attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => $3)
      where id = $1 and attempts = $2 and delivered_at is null and failed_at is null
      returning id, payload, attempts`,
    [id, seenAttempts, leaseSeconds],
  );
  return rows[0] ?? null;
}

export async function recordDelivery(
  sql: Sql,
  id: string,
  outcome: { delivered: true } | { delivered: false; error: string; retryInMs: number | null },
): Promise<void> {
  if (outcome.delivered) {
    await sql.query(`update stripe_simulator.events set delivered_at = now(), last_error = null where id = $1`, [id]);
  } else if (outcome.retryInMs === null) {
    await sql.query(`update stripe_simulator.events set failed_at = now(), last_error = $2 where id = $1`, [id, outcome.error]);
  } else {
    await sql.query(`update stripe_simulator.events set next_attempt_at = now() + make_interval(secs => $3), last_error = $2 where id = $1`, [
      id,
      outcome.error,
      outcome.retryInMs / 1000,
    ]);
  }
}

/** Undelivered events whose next attempt is due (left behind by a replica that stopped, or leased too long). */
export async function dueEvents(sql: Sql, limit: number): Promise<{ id: string; attempts: number }[]> {
  return sql.query<{ id: string; attempts: number }>(
    `select id, attempts from stripe_simulator.events
      where delivered_at is null and failed_at is null and next_attempt_at <= now()
      order by seq limit $1`,
    [limit],
  );
}

/** Every event, oldest first (tests and the pages' debugging). */
export async function allEvents(sql: Sql): Promise<{ id: string; type: string; attempts: number; delivered: boolean; failed: boolean }[]> {
  return sql.query(
    `select id, type, attempts, delivered_at is not null as delivered, failed_at is not null as failed from stripe_simulator.events order by seq`,
  );
}
