// The console's numbers for display: money from the api's exact strings (sums in whole cents, never floats),
// rates as a percentage and seconds as m:ss.
import { centsOf, moneyOf } from '@ringwise/contract/decimal';
import { formatUsd, roundDecimal } from '@ringwise/ui/format';

/** Whole cents of a signed Money text ("-2.50" → -250n); null when it is not one. */
export function signedCents(text: string): bigint | null {
  const negative = text.trim().startsWith('-');
  const cents = centsOf(negative ? text.trim().slice(1) : text);
  if (cents === null) return null;
  return negative ? -cents : cents;
}

/** The exact sum of Money texts ("1.10" + "-0.35" → "0.75"); texts that are not money count as zero. */
export function sumMoney(values: readonly string[]): string {
  return moneyOf(values.reduce((sum, value) => sum + (signedCents(value) ?? 0n), 0n));
}

/** "$1,234.50", "-$0.06"; a dash for a missing amount. */
export function usd(value: string | null | undefined): string {
  return value === null || value === undefined || value === '' ? '—' : formatUsd(value);
}

/** A ratio text ("0.8567") as a percentage with one decimal ("85.7%"); a dash without one. */
export function percent(ratio: string | null): string {
  if (ratio === null) return '—';
  const { negative, units } = roundDecimal(ratio, 3);
  return `${negative ? '-' : ''}${units / 10n}.${units % 10n}%`;
}

/** Whole seconds as m:ss ("65" → "1:05"); a dash without a value. */
export function minutesSeconds(seconds: number | null): string {
  if (seconds === null) return '—';
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** Days as YYYY-MM-DD (UTC), `daysBack` days before `now`. */
export function isoDay(now: Date, daysBack = 0): string {
  return new Date(now.getTime() - daysBack * 86_400_000).toISOString().slice(0, 10);
}
