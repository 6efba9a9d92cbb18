// The cost formula against a small reference (exact fractions, written the obvious way) on random pricings and
// durations, plus the time limit a balance pays for.
import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { affordableCall, billedSecondsOf, callCostCents, type CallPricing } from './cost.ts';

/** A decimal text as an exact fraction [numerator, denominator]. */
function fraction(text: string): [bigint, bigint] {
  const [whole, decimals = ''] = text.split('.');
  return [BigInt(whole! + decimals), 10n ** BigInt(decimals.length)];
}

/** The reference: billed minutes by repeated addition, the sum as a fraction, rounded half up at the end. */
function referenceCents(pricing: CallPricing, seconds: number, answered: boolean): bigint {
  if (!answered) return 0n;
  let billed = 0;
  if (seconds > 0) {
    billed = pricing.initialIncrement;
    while (billed < seconds) billed += pricing.increment;
  }
  const [priceN, priceD] = fraction(pricing.pricePerMinute);
  const [feeN, feeD] = fraction(pricing.connectionFee);
  // dollars = fee + price × billed / 60, as one fraction; cents = dollars × 100, half up
  const numerator = feeN * priceD * 60n + priceN * feeD * BigInt(billed);
  const denominator = feeD * priceD * 60n;
  const centsTimesDen = numerator * 100n;
  const cents = centsTimesDen / denominator;
  const remainder = centsTimesDen % denominator;
  return remainder * 2n >= denominator ? cents + 1n : cents;
}

const decimal = (maxWhole: number, places: number) =>
  fc.tuple(fc.integer({ min: 0, max: maxWhole }), fc.integer({ min: 0, max: 10 ** places - 1 })).map(([w, f]) => `${w}.${String(f).padStart(places, '0')}`);

const pricing = fc.record({
  pricePerMinute: decimal(3, 6),
  connectionFee: decimal(1, 6),
  initialIncrement: fc.integer({ min: 1, max: 120 }),
  increment: fc.integer({ min: 1, max: 120 }),
});

describe('call cost', () => {
  test('equals the reference for any pricing and duration', () => {
    fc.assert(
      fc.property(pricing, fc.integer({ min: 0, max: 14_400 }), fc.boolean(), (p, seconds, answered) => {
        expect(callCostCents(p, seconds, answered)).toBe(referenceCents(p, seconds, answered));
      }),
      { numRuns: 2000 },
    );
  });

  test('the architecture example: 61 s at $0.032/min, 60/60, is 120 s billed, $0.064 → $0.06', () => {
    const p = { pricePerMinute: '0.032000', connectionFee: '0.000000', initialIncrement: 60, increment: 60 };
    expect(billedSecondsOf(61, 60, 60)).toBe(120);
    expect(callCostCents(p, 61, true)).toBe(6n);
    expect(callCostCents(p, 0, false)).toBe(0n);
    expect(callCostCents(p, 61, false)).toBe(0n);
    // half up, once: 0.075 → 8 cents
    expect(callCostCents({ ...p, pricePerMinute: '0.075000' }, 30, true)).toBe(8n);
    // 30/6 billing: 31 s → 36 s
    expect(billedSecondsOf(31, 30, 6)).toBe(36);
  });

  test('a balance pays for the longest time limit whose cost it covers, never more', () => {
    fc.assert(
      fc.property(pricing, fc.integer({ min: 0, max: 50_000 }), (p, available) => {
        const cents = BigInt(available);
        const call = affordableCall(p, cents);
        const first = referenceCents(p, p.initialIncrement, true);
        if (call === null) {
          expect(first > cents).toBe(true);
          return;
        }
        expect(call.holdCents).toBe(referenceCents(p, call.seconds, true));
        expect(call.holdCents <= cents).toBe(true);
        expect(call.seconds <= 14_400).toBe(true);
        // one more increment would not be covered (unless the cap stopped it)
        if (call.seconds + p.increment <= 14_400) expect(referenceCents(p, call.seconds + p.increment, true) > cents).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });
});
