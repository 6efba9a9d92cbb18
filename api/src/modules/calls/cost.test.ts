// The time limit a balance pays for, on random pricings (the cost rule itself is tested with @ringwise/contract's
// pricing.ts).
import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { callCostCents } from '@ringwise/contract/calls';
import { affordableCall } from './cost.ts';

const decimal = (maxWhole: number, places: number) =>
  fc.tuple(fc.integer({ min: 0, max: maxWhole }), fc.integer({ min: 0, max: 10 ** places - 1 })).map(([w, f]) => `${w}.${String(f).padStart(places, '0')}`);

const pricing = fc.record({
  pricePerMinute: decimal(3, 6),
  connectionFee: decimal(1, 6),
  initialIncrement: fc.integer({ min: 1, max: 120 }),
  increment: fc.integer({ min: 1, max: 120 }),
});

describe('what a balance pays for', () => {
  test('the longest time limit whose cost it covers, never more', () => {
    fc.assert(
      fc.property(pricing, fc.integer({ min: 0, max: 50_000 }), (p, available) => {
        const cents = BigInt(available);
        const call = affordableCall(p, cents);
        const costOf = (seconds: number) => callCostCents(p, seconds, true);
        if (call === null) {
          expect(costOf(p.initialIncrement) > cents).toBe(true);
          return;
        }
        expect(call.holdCents).toBe(costOf(call.seconds));
        expect(call.holdCents <= cents).toBe(true);
        expect(call.seconds <= 14_400).toBe(true);
        // one more increment would not be covered (unless the cap stopped it)
        if (call.seconds + p.increment <= 14_400) expect(costOf(call.seconds + p.increment) > cents).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });
});
