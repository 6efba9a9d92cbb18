// The rate-limit store in Redis (REDIS_URL), through Bun's built-in client. Each operation is one Lua script,
// so concurrent api processes never lose a count. Windows use Redis's clock (the key's TTL is the window);
// streaks keep the caller's clock for the time of the last failure.
import { RedisClient } from 'bun';
import { streakMemorySeconds, type RateLimitStore } from '@ringwise/rate-limits/limiter';

const hitScript = `
local hits = redis.call('INCR', KEYS[1])
if hits == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {hits, ttl}`;

const failureScript = `
local failures = redis.call('HINCRBY', KEYS[1], 'failures', 1)
redis.call('HSET', KEYS[1], 'last', ARGV[1])
redis.call('EXPIRE', KEYS[1], ARGV[2])
return failures`;

/** Keys live under one prefix, so the store shares a Redis with anything else. */
const prefix = 'ringwise:rate-limit:';

export function createRedisRateLimitStore(url: string): RateLimitStore {
  const client = new RedisClient(url);
  return {
    async hit(key, windowSeconds, now) {
      const [hits, ttl] = (await client.send('EVAL', [hitScript, '1', `${prefix}${key}`, String(windowSeconds * 1000)])) as [number, number];
      return { hits, resetAt: new Date(now.getTime() + ttl) };
    },
    async recordFailure(key, now) {
      const failures = (await client.send('EVAL', [failureScript, '1', `${prefix}${key}`, String(now.getTime()), String(streakMemorySeconds)])) as number;
      return { failures, lastFailureAt: now };
    },
    async failureStreak(key) {
      const [failures, last] = (await client.send('HMGET', [`${prefix}${key}`, 'failures', 'last'])) as [string | null, string | null];
      if (failures === null || last === null) return null;
      return { failures: Number(failures), lastFailureAt: new Date(Number(last)) };
    },
    async clearFailures(key) {
      await client.send('DEL', [`${prefix}${key}`]);
    },
    async close() {
      client.close();
    },
  };
}
