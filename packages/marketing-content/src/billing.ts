// How calls are billed, said where a rate is shown before a call: a per-minute rate is not what a short call
// costs (the first minute is charged whole and the total is rounded to the cent), so the pages give an example
// worked out by the contract's own pricing rule, the one the api charges by.
import { callCostCents, type CallPricing } from '@ringwise/contract/calls';
import { moneyOf } from '@ringwise/contract/decimal';
import { formatUsd } from '@ringwise/ui/format';
import { perMinute } from './rates.ts';

/**
 * The terms the pages advertise, the rate deck's defaults (ARCHITECTURE.md §6): billed per minute (60 s, then
 * 60 s increments) and no connection fee. A country's page data carries its rates only, not their terms.
 */
export const ADVERTISED_TERMS: Omit<CallPricing, 'pricePerMinute'> = { connectionFee: '0.000000', initialIncrement: 60, increment: 60 };

/** The example call: under a minute. */
const EXAMPLE_SECONDS = 30;

/** What "billed per minute" leaves unsaid, to follow it in a sentence. */
export const ROUNDING_CLAUSE = "each started minute counting in full, and each call's total is rounded to the nearest cent";

/** The rule, as one sentence. */
export const BILLING_RULE = `Calls are billed per minute, ${ROUNDING_CLAUSE}.`;

/** "$0.02": what a call of under a minute costs at `rate` ("0.015000"), on the advertised terms. */
export function shortCallCost(rate: string): string {
  return formatUsd(moneyOf(callCostCents({ ...ADVERTISED_TERMS, pricePerMinute: rate }, EXAMPLE_SECONDS, true)));
}

/**
 * The rule with its example at `rate` to `destination` ("landline", "US landline"): "Calls are billed per minute,
 * …, so a call of under a minute to a $0.015/min landline costs $0.02."
 */
export function billingNote(rate: string, destination: string): string {
  return `Calls are billed per minute, ${ROUNDING_CLAUSE}, so a call of under a minute to a ${perMinute(rate)} ${destination} costs ${shortCallCost(rate)}.`;
}
