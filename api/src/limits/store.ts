// Where rate-limit state lives, shared by every api process: PostgreSQL (private.rate_limits) by default,
// Redis with REDIS_URL (redis-store.ts). Two kinds of state, both by key:
//   a fixed window: how many requests in the window that started at `resetAt - windowSeconds`;
//   a failure streak: how many failures in a row, and when the last one was (cleared by a success).
import type { Database, Sql } from '../db/database.ts';

export interface WindowHit {
  /** Requests counted in the current window, this one included. */
  hits: number;
  /** When the current window ends. */
  resetAt: Date;
}

export interface FailureStreak {
  failures: number;
  lastFailureAt: Date;
}

export interface RateLimitStore {
  /** Counts one request for `key` in its fixed window of `windowSeconds`. */
  hit(key: string, windowSeconds: number, now: Date): Promise<WindowHit>;
  /** Adds a failure to `key`'s streak; a streak older than a day starts again. */
  recordFailure(key: string, now: Date): Promise<FailureStreak>;
  /** The streak of `key`, or null when there is none (or it is older than a day). */
  failureStreak(key: string, now: Date): Promise<FailureStreak | null>;
  clearFailures(key: string): Promise<void>;
  close?(): Promise<void>;
}

/** A streak with no failure for this long is forgotten. */
export const streakMemorySeconds = 24 * 60 * 60;

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

/** One process's memory: for unit tests of code that limits (never for a running api). */
export function createMemoryRateLimitStore(): RateLimitStore {
  const windows = new Map<string, { start: number; hits: number }>();
  const streaks = new Map<string, FailureStreak>();
  const live = (streak: FailureStreak | undefined, now: Date) =>
    streak && streak.lastFailureAt.getTime() + streakMemorySeconds * 1000 > now.getTime() ? streak : undefined;
  return {
    async hit(key, windowSeconds, now) {
      const at = now.getTime();
      let w = windows.get(key);
      if (!w || w.start + windowSeconds * 1000 <= at) {
        w = { start: at, hits: 0 };
        windows.set(key, w);
      }
      w.hits++;
      return { hits: w.hits, resetAt: new Date(w.start + windowSeconds * 1000) };
    },
    async recordFailure(key, now) {
      const previous = live(streaks.get(key), now);
      const streak = { failures: (previous?.failures ?? 0) + 1, lastFailureAt: now };
      streaks.set(key, streak);
      return streak;
    },
    async failureStreak(key, now) {
      return live(streaks.get(key), now) ?? null;
    },
    async clearFailures(key) {
      streaks.delete(key);
    },
  };
}
