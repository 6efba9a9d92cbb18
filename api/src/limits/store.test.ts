// The shared rate-limit store on each backend: the same windows and streaks, and concurrent counts that agree.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createTestDatabase, createTestPglite, postgresReachable } from '../db/testing.ts';
import { createRedisRateLimitStore } from './redis-store.ts';
import type { RateLimitStore } from '@ringwise/rate-limits/limiter';
import { createMemoryRateLimitStore } from '@ringwise/rate-limits/memory-store';
import { createSqlRateLimitStore } from './store.ts';
import { redisReachable, testRedisUrl } from './testing.ts';

const redisUrl = testRedisUrl;
const hasPostgres = await postgresReachable();
const hasRedis = await redisReachable();
if (!hasRedis) console.warn(`[limits tests] no Redis at ${redisUrl}: the Redis store tests are skipped`);

interface Backend {
  name: string;
  available: boolean;
  /** Redis keeps windows on its own clock: its tests only check what does not depend on the caller's. */
  ownClock: boolean;
  open(): Promise<{ store: RateLimitStore; close(): Promise<void> }>;
}

const backends: Backend[] = [
  { name: 'memory', available: true, ownClock: false, open: async () => ({ store: createMemoryRateLimitStore(), close: async () => {} }) },
  {
    name: 'pglite',
    available: true,
    ownClock: false,
    async open() {
      const db = await createTestPglite();
      return { store: createSqlRateLimitStore(db), close: () => db.close() };
    },
  },
  {
    name: 'postgres',
    available: hasPostgres,
    ownClock: false,
    async open() {
      const { db, drop } = await createTestDatabase();
      return { store: createSqlRateLimitStore(db), close: drop };
    },
  },
  {
    name: 'redis',
    available: hasRedis,
    ownClock: true,
    async open() {
      const store = createRedisRateLimitStore(redisUrl);
      return { store, close: async () => store.close?.() };
    },
  },
];

for (const backend of backends) {
  describe.skipIf(!backend.available)(`rate-limit store (${backend.name})`, () => {
    let store: RateLimitStore;
    let close: () => Promise<void>;
    beforeAll(async () => ({ store, close } = await backend.open()));
    afterAll(() => close());
    const t0 = new Date();
    const at = (seconds: number) => new Date(t0.getTime() + seconds * 1000);

    test('a fixed window per key, with when it ends', async () => {
      const key = `test:${crypto.randomUUID()}`;
      const first = await store.hit(key, 60, t0);
      expect(first.hits).toBe(1);
      expect(Math.abs(first.resetAt.getTime() - at(60).getTime())).toBeLessThan(2000);
      expect((await store.hit(key, 60, at(10))).hits).toBe(2);
      expect((await store.hit(`${key}:other`, 60, at(10))).hits).toBe(1);
      expect((await store.hit(key, 60, at(59))).hits).toBe(3);
      if (!backend.ownClock) expect(await store.hit(key, 60, at(60))).toEqual({ hits: 1, resetAt: at(120) });
    });

    test('100 concurrent hits on one key are each counted once', async () => {
      const key = `test:${crypto.randomUUID()}`;
      const hits = await Promise.all(Array.from({ length: 100 }, () => store.hit(key, 60, t0)));
      expect(hits.map((h) => h.hits).sort((a, b) => a - b)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    });

    test('failure streaks: counted, read back, cleared', async () => {
      const key = `test-failures:${crypto.randomUUID()}`;
      expect(await store.failureStreak(key, t0)).toBeNull();
      await store.recordFailure(key, t0);
      await Promise.all([store.recordFailure(key, at(1)), store.recordFailure(key, at(1))]);
      const streak = await store.failureStreak(key, at(2));
      expect(streak?.failures).toBe(3);
      expect(streak?.lastFailureAt.getTime()).toBe(at(1).getTime());
      await store.clearFailures(key);
      expect(await store.failureStreak(key, at(3))).toBeNull();
    });

    test.skipIf(backend.ownClock)('a streak with no failure for a day is forgotten', async () => {
      const key = `test-failures:${crypto.randomUUID()}`;
      await store.recordFailure(key, t0);
      expect(await store.failureStreak(key, at(86_400))).toBeNull();
      expect((await store.recordFailure(key, at(86_401))).failures).toBe(1);
    });
  });
}
