// Where the api's rate-limit state lives, shared by every api process: PostgreSQL (private.rate_limits) by default,
// Redis with REDIS_URL (redis-store.ts). The kinds of state and the rules are @ringwise/rate-limits'.
import { streakMemorySeconds, type RateLimitStore } from '@ringwise/rate-limits/limiter';
import type { Database, Sql } from '../db/database.ts';

interface Row {
  window_start: string;
  hits: number | string;
}

export function createSqlRateLimitStore(db: Pick<Database, 'privileged'>): RateLimitStore {
  let lastSweep = 0;
  /** Forgets windows and streaks that ended long ago (at most once a minute per process). */
  const sweep = async (sql: Sql, now: Date) => {
    if (now.getTime() - lastSweep < 60_000) return;
    lastSweep = now.getTime();
    await sql.query(`delete from private.rate_limits where window_start < $1::timestamptz - make_interval(secs => $2::int)`, [now.toISOString(), streakMemorySeconds]);
  };
  return {
    hit: (key, windowSeconds, now) =>
      db.privileged(async (sql) => {
        // one statement: concurrent processes serialise on the row, so every request is counted once
        const [row] = await sql.query<Row>(
          `insert into private.rate_limits as r (key, window_start, hits) values ($1, $2::timestamptz, 1)
           on conflict (key) do update set
             window_start = case when r.window_start + make_interval(secs => $3::int) <= $2::timestamptz then $2::timestamptz else r.window_start end,
             hits = case when r.window_start + make_interval(secs => $3::int) <= $2::timestamptz then 1 else r.hits + 1 end
           returning window_start, hits`,
          [key, now.toISOString(), windowSeconds],
        );
        await sweep(sql, now);
        return { hits: Number(row!.hits), resetAt: new Date(new Date(row!.window_start).getTime() + windowSeconds * 1000) };
      }),
    recordFailure: (key, now) =>
      db.privileged(async (sql) => {
        const [row] = await sql.query<Row>(
          `insert into private.rate_limits as r (key, window_start, hits) values ($1, $2::timestamptz, 1)
           on conflict (key) do update set
             hits = case when r.window_start + make_interval(secs => $3::int) <= $2::timestamptz then 1 else r.hits + 1 end,
             window_start = greatest(r.window_start, $2::timestamptz)
           returning window_start, hits`,
          [key, now.toISOString(), streakMemorySeconds],
        );
        return { failures: Number(row!.hits), lastFailureAt: new Date(row!.window_start) };
      }),
    failureStreak: (key, now) =>
      db.privileged(async (sql) => {
        const [row] = await sql.query<Row>(
          `select window_start, hits from private.rate_limits
           where key = $1 and window_start + make_interval(secs => $3::int) > $2::timestamptz`,
          [key, now.toISOString(), streakMemorySeconds],
        );
        return row ? { failures: Number(row.hits), lastFailureAt: new Date(row.window_start) } : null;
      }),
    clearFailures: (key) => db.privileged(async (sql) => void (await sql.query('delete from private.rate_limits where key = $1', [key]))),
  };
}
