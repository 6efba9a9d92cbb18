import { describe, expect, test } from 'bun:test';
import { callCostCents } from '@ringwise/contract/calls';
import { ADVERTISED_TERMS, BILLING_RULE, billingNote, shortCallCost } from './billing.ts';

describe('how calls are billed', () => {
  test('a call of under a minute costs the whole first minute, rounded to the cent half up', () => {
    expect(shortCallCost('0.015000')).toBe('$0.02');
    expect(shortCallCost('0.032000')).toBe('$0.03');
    expect(shortCallCost('0.125000')).toBe('$0.13');
    expect(shortCallCost('0.004000')).toBe('$0.00');
    expect(shortCallCost('1.000000')).toBe('$1.00');
  });

  test('the example holds for every call of under a minute, by the pricing rule the api charges by', () => {
    for (const rate of ['0.015000', '0.032000', '0.125000']) {
      const costs = new Set(Array.from({ length: 59 }, (_, i) => callCostCents({ ...ADVERTISED_TERMS, pricePerMinute: rate }, i + 1, true)));
      expect([...costs].map((cents) => `$0.${String(cents).padStart(2, '0')}`)).toEqual([shortCallCost(rate)]);
    }
  });

  test('the note says the rule and works the example out at the rate it is given', () => {
    expect(billingNote('0.015000', 'landline')).toBe(
      "Calls are billed per minute, each started minute counting in full, and each call's total is rounded to the nearest cent, so a call of under a minute to a $0.015/min landline costs $0.02.",
    );
    expect(billingNote('0.032000', 'UK mobile phone')).toEndWith('a $0.032/min UK mobile phone costs $0.03.');
    expect(billingNote('0.015000', 'landline')).toStartWith(BILLING_RULE.slice(0, -1));
  });
});
