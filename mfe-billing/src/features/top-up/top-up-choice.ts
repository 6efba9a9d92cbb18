// The top-up dialog's choice (spec §2 'Top-up dialog', §5 'Top-up', §9 'Money'): a preset or a custom amount,
// never both. Choosing a preset clears the custom amount; typing a custom amount clears the preset. Pure.
import { parseTopUpAmount, topUpMessages, topUpPresets } from '@ringwise/contract/billing';

export interface TopUpChoice {
  /** The chosen preset's amount ("25.00"), or null. */
  preset: string | null;
  /** The custom amount as typed. */
  custom: string;
  /** The field holds text the browser cannot read as a number (type="number" then reports ''). */
  customUnreadable: boolean;
}

/** What the dialog opens with: the popular preset. */
export function initialTopUpChoice(): TopUpChoice {
  const popular = topUpPresets.find((preset) => preset.popular) ?? topUpPresets[0];
  return { preset: popular.amount, custom: '', customUnreadable: false };
}

export function choosePreset(amount: string): TopUpChoice {
  return { preset: amount, custom: '', customUnreadable: false };
}

export function typeCustomAmount(text: string, unreadable = false): TopUpChoice {
  return { preset: null, custom: text, customUnreadable: unreadable };
}

export const NOTHING_CHOSEN = 'Choose an amount, or enter one from $5 to $500.';

/**
 * The amount to pay (Money, 2 decimals) or why there is none. `problem` belongs to the custom field when
 * `inField` is true (something was typed); otherwise it is the dialog's general hint.
 */
export function resolveTopUp(choice: TopUpChoice): { amount: string } | { problem: string; inField: boolean } {
  if (choice.preset !== null) return { amount: choice.preset };
  if (choice.customUnreadable) return { problem: topUpMessages.notAnAmount, inField: true };
  if (choice.custom.trim() === '') return { problem: NOTHING_CHOSEN, inField: false };
  const parsed = parseTopUpAmount(choice.custom);
  return 'amount' in parsed ? parsed : { problem: parsed.problem, inField: true };
}

/** Where 'Continue to Payment' goes (spec §7: "/checkout?amount={amount with 2 decimals}"). */
export function checkoutHref(amount: string): string {
  return `/checkout?amount=${encodeURIComponent(amount)}`;
}
