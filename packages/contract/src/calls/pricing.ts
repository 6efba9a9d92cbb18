// What a call costs (ARCHITECTURE.md §6), the one rule the api charges by and the dialer shows while the call runs:
// connection fee + price per minute × billed minutes, where the billed seconds are the initial increment plus later
// increments rounded up (60/60: "per minute"), computed exactly in integers and rounded once to the cent, half up.
// A call never answered costs nothing. Plain functions, safe in the browser.
import { microDollarsOf } from '../decimal.ts';
import type { CallPricing } from './schema.ts';

export type { CallPricing };

/** Billed seconds of a call that lasted `seconds`: 0 for 0, else the initial increment plus whole later increments. */
export function billedSecondsOf(seconds: number, initialIncrement: number, increment: number): number {
  if (!Number.isInteger(seconds) || seconds < 0) throw new RangeError(`duration ${seconds} is not a whole number of seconds`);
  if (seconds === 0) return 0;
  if (seconds <= initialIncrement) return initialIncrement;
  return initialIncrement + Math.ceil((seconds - initialIncrement) / increment) * increment;
}

function exact(text: string, what: string): bigint {
  const value = microDollarsOf(text);
  if (value === null) throw new RangeError(`${what} "${text}" is not a non-negative decimal`);
  return value;
}

/** Cents for `billedSeconds` at a pricing: (fee + price × seconds / 60), half up, in integers only. */
export function costCentsOfBilled(pricing: CallPricing, billedSeconds: number): bigint {
  const price = exact(pricing.pricePerMinute, 'price per minute');
  const fee = exact(pricing.connectionFee, 'connection fee');
  // in sixtieths of a micro-dollar, so nothing is divided before the one rounding
  const sixtieths = fee * 60n + price * BigInt(billedSeconds);
  const perCent = 60n * 10_000n;
  return (sixtieths * 2n + perCent) / (2n * perCent);
}

/** The cost in cents of a call that lasted `seconds` (0 when it was never answered). */
export function callCostCents(pricing: CallPricing, seconds: number, answered: boolean): bigint {
  if (!answered) return 0n;
  return costCentsOfBilled(pricing, billedSecondsOf(seconds, pricing.initialIncrement, pricing.increment));
}

/**
 * The running cost of a call answered `elapsedSeconds` ago: its charge if it ended now, as the carrier would report
 * it, in whole seconds. The connection fee from the answer, the first increment from the first second (1-60 s at
 * 60/60), each later increment from its first second. Within the first second it is the fee alone, because a call
 * reported as 0 s is charged only that.
 */
export function costSoFarCents(pricing: CallPricing, elapsedSeconds: number): bigint {
  return callCostCents(pricing, Math.max(0, Math.floor(elapsedSeconds)), true);
}

/** Only the pricing terms of something that carries more (a deck row, a rate match). */
export function pricingOf({ pricePerMinute, connectionFee, initialIncrement, increment }: CallPricing): CallPricing {
  return { pricePerMinute, connectionFee, initialIncrement, increment };
}

/** The carrier's longest call (Twilio's default `timeLimit`, 4 hours). */
export const maxCallSeconds = 14_400;

/**
 * What a balance pays for (ARCHITECTURE.md §6): the longest call `availableCents` covers, a time limit on the
 * increments' grid (at most `cap`), and its cost, the money held while the call runs; null when not even the
 * connection fee and the first increment are covered.
 */
export function affordableCall(pricing: CallPricing, availableCents: bigint, cap = maxCallSeconds): { seconds: number; holdCents: bigint } | null {
  const { initialIncrement, increment } = pricing;
  const costAt = (seconds: number) => costCentsOfBilled(pricing, seconds);
  if (costAt(initialIncrement) > availableCents) return null;
  if (initialIncrement >= cap) return { seconds: cap, holdCents: costAt(initialIncrement) };
  // the cost grows with each increment: the last affordable one, by bisection
  let low = 0;
  let high = Math.floor((cap - initialIncrement) / increment);
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (costAt(initialIncrement + mid * increment) <= availableCents) low = mid;
    else high = mid - 1;
  }
  const seconds = initialIncrement + low * increment;
  return { seconds, holdCents: costAt(seconds) };
}
