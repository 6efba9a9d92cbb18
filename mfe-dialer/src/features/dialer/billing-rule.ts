// How calls to a number are billed, in words, before one starts (issue: what the customer is told matches what is
// charged): from the rate lookup's pricing terms and the api's own pricing rule (@ringwise/contract/calls), so the
// first charge said here is the one a call answered for a second is charged.
import { affordableCall, callCostCents, type CallPricing } from '@ringwise/contract/calls';
import { centsOf, microDollarsOf, moneyOf } from '@ringwise/contract/decimal';
import { formatUsd } from '@ringwise/ui/format';

/** "minute", "second", "2 min", "30 s". */
function span(seconds: number): string {
  if (seconds === 60) return 'minute';
  if (seconds === 1) return 'second';
  return seconds % 60 === 0 ? `${seconds / 60} min` : `${seconds} s`;
}

/** 'Billed per minute · first minute $0.02' (60/60); 'Billed per second after the first minute · …' (60/1). */
export function billingRuleOf(pricing: CallPricing): string {
  const { initialIncrement, increment } = pricing;
  const steps = initialIncrement === increment ? `Billed per ${span(increment)}` : `Billed per ${span(increment)} after the first ${span(initialIncrement)}`;
  const first = formatUsd(moneyOf(callCostCents(pricing, 1, true)));
  const fee = (microDollarsOf(pricing.connectionFee) ?? 0n) > 0n ? ' incl. connection fee' : '';
  return `${steps} · first ${span(initialIncrement)} ${first}${fee}`;
}

/**
 * How a call's cost becomes cents (the pricing rule rounds each call's total once, half up): why an 18 s call at
 * $0.015/min is $0.02, and one at $0.032/min $0.03.
 */
export const roundingRule = 'Each call is rounded to the nearest cent.';

/** Whole minutes of calling the balance pays for at these terms (the connection fee and increments counted). */
export function minutesAffordable(pricing: CallPricing, balance: string): number | null {
  const cents = centsOf(balance);
  if (cents === null) return null;
  const call = affordableCall(pricing, cents, Number.MAX_SAFE_INTEGER);
  return call ? Math.floor(call.seconds / 60) : 0;
}
