// For tests that use Redis when the machine has it (TEST_REDIS_URL, default the local one).
import { createRedisRateLimitStore } from './redis-store.ts';

export const testRedisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether a Redis answers at `url` (one round trip of the rate-limit store). */
export async function redisReachable(url = testRedisUrl): Promise<boolean> {
  const store = createRedisRateLimitStore(url);
  try {
    await store.failureStreak('probe', new Date());
    return true;
  } catch {
    return false;
  } finally {
    await store.close?.();
  }
}
