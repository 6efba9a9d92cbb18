// The rate-limit rules and how they are applied, on a store every api process shares (store.ts).
import type { BackoffRule, WindowRule } from './config.ts';
import type { RateLimitStore } from './store.ts';

export type { BackoffRule, WindowRule };

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
