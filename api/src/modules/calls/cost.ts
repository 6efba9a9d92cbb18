// What a balance can pay for (ARCHITECTURE.md §6): the longest time limit whose cost it covers, by the one pricing
// rule (@ringwise/contract/calls, pricing.ts) the charge and the dialer's running cost use too.
import { costCentsOfBilled, type CallPricing } from '@ringwise/contract/calls';

/** The carrier's longest call (Twilio's default `timeLimit`, 4 hours). */
export const maxCallSeconds = 14_400;

/**
 * The longest call `availableCents` pays for: a time limit on the increments' grid (at most `cap`) and its cost,
 * the money held while the call runs; null when not even the connection fee and the first increment are covered.
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
