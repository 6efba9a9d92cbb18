// Money as the billing screens show it, on the api's exact decimal strings (@ringwise/ui/format rounds on
// digits, never on floats).
import { formatUsd } from '@ringwise/ui/format';

/** A ledger amount with a visible sign: "+$25.00" for credits, "-$0.06" for charges, "$0.00" for nothing. */
export function formatSignedUsd(amount: string): string {
  const text = formatUsd(amount);
  return isCredit(amount) ? `+${text}` : text;
}

/** True for an amount above zero (a credit to the balance). */
export function isCredit(amount: string): boolean {
  return !amount.trim().startsWith('-') && /[1-9]/.test(amount);
}

/** An option of the settings selects without its zero cents: "10.00" → "$10", "7.50" → "$7.50". */
export function formatOptionUsd(amount: string): string {
  return formatUsd(amount).replace(/\.00$/, '');
}
