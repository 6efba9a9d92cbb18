import { expect, test } from 'bun:test';
import { callCostCents, pricingOf, type CallPricing } from '@ringwise/contract/calls';
import type { RateLookup } from '@ringwise/contract/rates';
import { billingRuleOf, minutesAffordable } from './billing-rule.ts';

const terms = (pricePerMinute: string, initialIncrement: number, increment: number, connectionFee = '0.000000'): CallPricing => ({ pricePerMinute, connectionFee, initialIncrement, increment });

test('the increments in words, and the first charge a call answered for a second is charged', () => {
  expect(billingRuleOf(terms('0.032000', 60, 60))).toBe('Billed per minute · first minute $0.03');
  expect(billingRuleOf(terms('0.600000', 1, 1))).toBe('Billed per second · first second $0.01');
  expect(billingRuleOf(terms('0.120000', 30, 6))).toBe('Billed per 6 s after the first 30 s · first 30 s $0.06');
  expect(billingRuleOf(terms('0.050000', 120, 60, '0.010000'))).toBe('Billed per minute after the first 2 min · first 2 min $0.11 incl. connection fee');
});

test('the minutes a balance pays for count the connection fee and the increments', () => {
  expect(minutesAffordable(terms('0.032000', 60, 60), '10.00')).toBe(312);
  expect(minutesAffordable(terms('0.100000', 60, 60, '0.500000'), '1.00')).toBe(5);
  expect(minutesAffordable(terms('0.100000', 60, 60, '0.500000'), '0.50')).toBe(0);
});

test("a deck row with a connection fee, billed 60/60: the minutes shown are the longest call the charge lets the balance pay for", () => {
  // as the rate lookup answers it (the dialer reads the terms with pricingOf)
  const row: RateLookup = { rate: 0.1, country: 'United Kingdom', countryCode: 'GB', numberType: 'mobile', pricePerMinute: '0.100000', connectionFee: '0.050000', initialIncrement: 60, increment: 60 };
  const pricing = pricingOf(row);
  /** The longest whole-minute call the charge (callCostCents) keeps within `cents`, minute by minute. */
  const longestPaid = (cents: bigint) => {
    let minutes = 0;
    while (callCostCents(pricing, (minutes + 1) * 60, true) <= cents) minutes += 1;
    return minutes;
  };
  // $1.00: the fee and 9 minutes are $0.95, a 10th minute would be $1.05 (the rate alone would say 10)
  expect(minutesAffordable(pricing, '1.00')).toBe(9);
  for (const [balance, cents] of [['0.15', 15n], ['0.14', 14n], ['2.37', 237n], ['10.00', 1000n]] as const) {
    expect(minutesAffordable(pricing, balance), balance).toBe(longestPaid(cents));
  }
  // any part of a minute is charged whole: 9 minutes and a second is the 10-minute charge
  expect(callCostCents(pricing, 9 * 60 + 1, true)).toBe(105n);
});

test('the charge rounds each call once to the nearest cent: the first minute at $0.015 is $0.02, at $0.032 $0.03', () => {
  expect(billingRuleOf(terms('0.015000', 60, 60))).toBe('Billed per minute · first minute $0.02');
  expect(callCostCents(terms('0.015000', 60, 60), 18, true)).toBe(2n);
  expect(callCostCents(terms('0.032000', 60, 60), 18, true)).toBe(3n);
  // $0.015 a minute: 6 minutes are $0.09, 7 would be $0.105 → $0.11
  expect(minutesAffordable(terms('0.015000', 60, 60), '0.10')).toBe(6);
});
