import { describe, expect, test } from 'bun:test';
import { topUpMessages } from '@ringwise/contract/billing';
import { NOTHING_CHOSEN, checkoutHref, choosePreset, initialTopUpChoice, resolveTopUp, typeCustomAmount } from './top-up-choice.ts';

describe('top-up choice', () => {
  test('opens on the popular preset ($25)', () => {
    expect(initialTopUpChoice()).toEqual({ preset: '25.00', custom: '', customUnreadable: false });
    expect(resolveTopUp(initialTopUpChoice())).toEqual({ amount: '25.00' });
  });

  test('a preset clears the custom amount; a custom amount clears the preset', () => {
    const typed = typeCustomAmount('75');
    expect(typed.preset).toBeNull();
    expect(resolveTopUp(typed)).toEqual({ amount: '75.00' });
    const picked = choosePreset('50.00');
    expect(picked.custom).toBe('');
    expect(resolveTopUp(picked)).toEqual({ amount: '50.00' });
    // clearing the field does not bring the preset back
    expect(resolveTopUp(typeCustomAmount(''))).toEqual({ problem: NOTHING_CHOSEN, inField: false });
  });

  test('a custom amount is $5 to $500 with at most 2 decimals', () => {
    expect(resolveTopUp(typeCustomAmount('5'))).toEqual({ amount: '5.00' });
    expect(resolveTopUp(typeCustomAmount('500'))).toEqual({ amount: '500.00' });
    expect(resolveTopUp(typeCustomAmount('12.5'))).toEqual({ amount: '12.50' });
    expect(resolveTopUp(typeCustomAmount('4.99'))).toEqual({ problem: topUpMessages.outOfRange, inField: true });
    expect(resolveTopUp(typeCustomAmount('500.01'))).toEqual({ problem: topUpMessages.outOfRange, inField: true });
    expect(resolveTopUp(typeCustomAmount('10.005'))).toEqual({ problem: topUpMessages.notAnAmount, inField: true });
    expect(resolveTopUp(typeCustomAmount('-10'))).toEqual({ problem: topUpMessages.notAnAmount, inField: true });
    // what a number field cannot read ("1e", "--") arrives as '' with badInput
    expect(resolveTopUp(typeCustomAmount('', true))).toEqual({ problem: topUpMessages.notAnAmount, inField: true });
  });

  test('the checkout URL carries the amount with 2 decimals', () => {
    expect(checkoutHref('25.00')).toBe('/checkout?amount=25.00');
    expect(checkoutHref('7.50')).toBe('/checkout?amount=7.50');
  });
});
