import { expect, test } from 'bun:test';
import type { CallPricing } from '@ringwise/contract/calls';
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
