// The rate-limit rules and how they are applied, on a store that every process serving the limited routes shares:
// the api's (PostgreSQL or Redis, api/src/limits/), or one process's memory (memory-store.ts: the auth stand-in).

/** At most `limit` requests per key in each fixed window of `windowSeconds`. */
export interface WindowRule {
  limit: number;
  windowSeconds: number;
}

/** After `freeFailures` failures in a row, each attempt waits 2^(failures - freeFailures) s after the last
 *  failure, at most `maxSeconds`; a success clears the streak. */
export interface BackoffRule {
  freeFailures: number;
  maxSeconds: number;
}

/** Two kinds of state, both by key: a fixed window (how many requests in the window that started at
 *  `resetAt - windowSeconds`) and a failure streak (how many failures in a row, and when the last one was). */
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

/** Seconds an account must wait after its last failure before the next attempt (0: it may try now). */
export function backoffSeconds(failures: number, rule: BackoffRule): number {
  if (failures < rule.freeFailures) return 0;
  return Math.min(2 ** (failures - rule.freeFailures), rule.maxSeconds);
}

export interface Limiter {
  /** Counts one request under `rule` for `key`: the seconds to wait (Retry-After) when over the limit, else null. */
  hit(rule: string, limits: WindowRule, key: string): Promise<number | null>;
  /** The seconds `key` must still wait under its failure streak, else null. */
  backoff(rule: string, limits: BackoffRule, key: string): Promise<number | null>;
  failed(rule: string, key: string): Promise<void>;
  succeeded(rule: string, key: string): Promise<void>;
}

export function createLimiter(store: RateLimitStore, now: () => Date = () => new Date()): Limiter {
  const secondsUntil = (at: number, from: Date) => Math.max(1, Math.ceil((at - from.getTime()) / 1000));
  return {
    async hit(rule, limits, key) {
      const at = now();
      const { hits, resetAt } = await store.hit(`${rule}:${key}`, limits.windowSeconds, at);
      return hits > limits.limit ? secondsUntil(resetAt.getTime(), at) : null;
    },
    async backoff(rule, limits, key) {
      const at = now();
      const streak = await store.failureStreak(`${rule}-failures:${key}`, at);
      if (!streak) return null;
      const until = streak.lastFailureAt.getTime() + backoffSeconds(streak.failures, limits) * 1000;
      return until > at.getTime() ? secondsUntil(until, at) : null;
    },
    async failed(rule, key) {
      await store.recordFailure(`${rule}-failures:${key}`, now());
    },
    async succeeded(rule, key) {
      await store.clearFailures(`${rule}-failures:${key}`);
    },
  };
}
