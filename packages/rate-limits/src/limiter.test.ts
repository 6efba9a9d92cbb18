import { describe, expect, test } from 'bun:test';
import { backoffSeconds, createLimiter } from './limiter.ts';
import { createMemoryRateLimitStore } from './memory-store.ts';

describe('backoffSeconds', () => {
  test('free failures, then doubling waits up to the cap', () => {
    const rule = { freeFailures: 5, maxSeconds: 900 };
    expect([0, 4].map((n) => backoffSeconds(n, rule))).toEqual([0, 0]);
    expect([5, 6, 7, 10, 14, 15, 75].map((n) => backoffSeconds(n, rule))).toEqual([1, 2, 4, 32, 512, 900, 900]);
  });
});

describe('limiter', () => {
  test('a window rule: the seconds to wait once over it', async () => {
    let clock = Date.parse('2030-01-01T00:00:00Z');
    const limiter = createLimiter(createMemoryRateLimitStore(), () => new Date(clock));
    const rule = { limit: 2, windowSeconds: 10 };
    expect([await limiter.hit('r', rule, 'a'), await limiter.hit('r', rule, 'a'), await limiter.hit('r', rule, 'a')]).toEqual([null, null, 10]);
    expect(await limiter.hit('r', rule, 'b')).toBeNull();
    expect(await limiter.hit('other', rule, 'a')).toBeNull();
    clock += 4_000;
    expect(await limiter.hit('r', rule, 'a')).toBe(6);
    clock += 6_000;
    expect(await limiter.hit('r', rule, 'a')).toBeNull();
  });

  test('a backoff rule: waits grow with the streak and a success clears it', async () => {
    let clock = Date.parse('2030-01-01T00:00:00Z');
    const limiter = createLimiter(createMemoryRateLimitStore(), () => new Date(clock));
    const rule = { freeFailures: 2, maxSeconds: 60 };
    await limiter.failed('signIn', 'ada@example.com');
    expect(await limiter.backoff('signIn', rule, 'ada@example.com')).toBeNull();
    await limiter.failed('signIn', 'ada@example.com');
    expect(await limiter.backoff('signIn', rule, 'ada@example.com')).toBe(1);
    await limiter.failed('signIn', 'ada@example.com');
    expect(await limiter.backoff('signIn', rule, 'ada@example.com')).toBe(2);
    clock += 2_000;
    expect(await limiter.backoff('signIn', rule, 'ada@example.com')).toBeNull();
    await limiter.succeeded('signIn', 'ada@example.com');
    await limiter.failed('signIn', 'ada@example.com');
    expect(await limiter.backoff('signIn', rule, 'ada@example.com')).toBeNull();
  });
});
