// Money on the dialer without floats: amounts as integer micro-dollars (bigint), shown with @ringwise/ui/format.
import { microDollarsOf } from '@ringwise/contract/decimal';

/** A non-negative decimal text or JSON number ("0.032000", 0.032) as micro-dollars; null when unreadable. */
export function microsOf(value: string | number | null | undefined): bigint | null {
  if (value === null || value === undefined) return null;
  const text = typeof value === 'number' ? (Number.isFinite(value) && value >= 0 ? value.toFixed(6) : '') : value.trim();
  return microDollarsOf(text);
}

/** Micro-dollars as a decimal text with 6 places ("0.053333"), for formatUsd / formatRate. */
export function decimalOfMicros(micros: bigint): string {
  const negative = micros < 0n;
  const abs = negative ? -micros : micros;
  return `${negative ? '-' : ''}${abs / 1_000_000n}.${String(abs % 1_000_000n).padStart(6, '0')}`;
}

/** What `seconds` of a call cost at `ratePerMinute` micro-dollars: rate/60 per second, kept exact until shown. */
export function costOfSeconds(ratePerMinute: bigint, seconds: number): bigint {
  return (ratePerMinute * BigInt(Math.max(0, Math.floor(seconds)))) / 60n;
}

/** "m:ss" (the 'Call Ended' notice): 65 → "1:05". */
export function formatMinutesSeconds(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** "Xm Ys" (Recent Calls): 65 → "1m 5s", 0 → "0m 0s". */
export function formatMinutesAndSeconds(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  return `${Math.floor(seconds / 60)}m ${seconds % 60}s`;
}
