// Rate-limit state in the memory of one process.
import { streakMemorySeconds, type FailureStreak, type RateLimitStore } from './limiter.ts';

/** One process's memory: for a program that runs as one process (the auth stand-in) and for unit tests; never for
 *  the api, whose processes must share their counts. */
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
