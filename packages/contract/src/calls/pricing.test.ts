// The cost formula against a small reference (exact fractions, written the obvious way) on random pricings and
// durations, and the running cost the dialer shows against what is charged.
import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { affordableCall, billedSecondsOf, callCostCents, costSoFarCents, maxCallSeconds, pricingOf, type CallPricing } from './pricing.ts';

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

const perMinute: CallPricing = { pricePerMinute: '0.032000', connectionFee: '0.000000', initialIncrement: 60, increment: 60 };

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
    expect(billedSecondsOf(61, 60, 60)).toBe(120);
    expect(callCostCents(perMinute, 61, true)).toBe(6n);
    expect(callCostCents(perMinute, 0, false)).toBe(0n);
    expect(callCostCents(perMinute, 61, false)).toBe(0n);
    // half up, once: 0.075 → 8 cents
    expect(callCostCents({ ...perMinute, pricePerMinute: '0.075000' }, 30, true)).toBe(8n);
    // 30/6 billing: 31 s → 36 s
    expect(billedSecondsOf(31, 30, 6)).toBe(36);
  });
});

describe('cost so far', () => {
  test('is what the call would be charged if it ended now', () => {
    fc.assert(
      fc.property(pricing, fc.integer({ min: 0, max: 14_400 }), (p, seconds) => {
        expect(costSoFarCents(p, seconds)).toBe(referenceCents(p, seconds, true));
      }),
      { numRuns: 1000 },
    );
  });

  test('the connection fee from the answer, the first increment from the first second', () => {
    const withFee = { ...perMinute, connectionFee: '0.014000' };
    // a call reported as 0 s is charged the fee alone: $0.014 → $0.01
    for (const seconds of [0, 0.4]) expect(costSoFarCents(withFee, seconds)).toBe(1n);
    // $0.014 + $0.032 for the first minute, rounded once: $0.046 → $0.05 (the fee rounded alone would make it $0.04)
    for (const seconds of [1, 59, 60, 60.9]) expect(costSoFarCents(withFee, seconds)).toBe(5n);
    // the second minute from its first second: $0.014 + $0.064 → $0.08
    expect(costSoFarCents(withFee, 61)).toBe(8n);
    // 30/6: 31 s bills 36 s, $0.014 + $0.0192 → $0.03
    expect(costSoFarCents({ ...withFee, initialIncrement: 30, increment: 6 }, 31)).toBe(3n);
  });
});

test('pricingOf keeps only the four terms', () => {
  const row = { ...perMinute, id: '7', prefix: '447', numberType: 'mobile' };
  expect(pricingOf(row)).toEqual(perMinute);
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
        expect(call.seconds <= maxCallSeconds).toBe(true);
        // one more increment would not be covered (unless the cap stopped it)
        if (call.seconds + p.increment <= maxCallSeconds) expect(costOf(call.seconds + p.increment) > cents).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });
});
