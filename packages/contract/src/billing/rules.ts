// Top-ups (spec §2 'Top-up dialog', §5 'Top-up', §9 'Money'): the presets, the custom range and how an
// amount is read, the same in the dialog, the checkout page and the api. Plain data and functions.
import { centsOf, moneyOf } from '../decimal.ts';

export { centsOf, moneyOf };

/** Spec §9: a custom top-up is $5 to $500. */
export const minTopUp = '5.00';
export const maxTopUp = '500.00';

/** Spec §9: the presets with their approximate minutes; $25 is the popular one. */
export const topUpPresets = [
  { amount: '10.00', minutes: 400, popular: false },
  { amount: '25.00', minutes: 1000, popular: true },
  { amount: '50.00', minutes: 2000, popular: false },
  { amount: '100.00', minutes: 4000, popular: false },
] as const;

export const topUpMessages = {
  outOfRange: 'Choose an amount from $5 to $500.',
  notAnAmount: 'Enter an amount in dollars, such as 25 or 25.50.',
} as const;

/**
 * A top-up amount as typed ("25", "25.5", " 100.00 ") → Money ("25.50"), or the reason it is refused:
 * more than 2 decimals, not a number, or outside $5-$500.
 */
export function parseTopUpAmount(text: string): { amount: string } | { problem: string } {
  const cents = centsOf(text);
  if (cents === null) return { problem: topUpMessages.notAnAmount };
  if (cents < centsOf(minTopUp)! || cents > centsOf(maxTopUp)!) return { problem: topUpMessages.outOfRange };
  return { amount: moneyOf(cents) };
}
