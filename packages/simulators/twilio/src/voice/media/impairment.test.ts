import { expect, test } from 'bun:test';
import { impair, poorNetwork } from './impairment.ts';

test('about the configured share of packets is lost, the rest delayed within the jitter', () => {
  let seed = 42;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  const delays = Array.from({ length: 10_000 }, () => impair(poorNetwork, random));
  const lost = delays.filter((delay) => delay === null).length / delays.length;
  expect(lost).toBeGreaterThan(0.17);
  expect(lost).toBeLessThan(0.23);
  const kept = delays.filter((delay): delay is number => delay !== null);
  expect(Math.min(...kept)).toBeGreaterThanOrEqual(0);
  expect(Math.max(...kept)).toBeLessThanOrEqual(poorNetwork.jitterMs);
  expect(impair({ loss: 0, jitterMs: 0 })).toBe(0);
});
