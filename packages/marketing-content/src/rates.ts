// Rates as the marketing pages show them (spec §9: 3 decimals per minute). Rates arrive as the contract's
// exact decimal strings ("0.032000"); they are compared and shown on their digits, never as floats.
import { microDollarsOf } from '@ringwise/contract/decimal';
import { formatRate } from '@ringwise/ui/format';

/** "$0.032/min", or "N/A" when there is no rate. */
export function perMinute(rate: string | null | undefined): string {
  return rate === null || rate === undefined ? 'N/A' : `${formatRate(rate)}/min`;
}

/** The lowest of the known rates, or null when none is known. */
export function lowestRate(...rates: (string | null | undefined)[]): string | null {
  let lowest: string | null = null;
  for (const rate of rates) {
    const micro = typeof rate === 'string' ? microDollarsOf(rate) : null;
    if (micro !== null && (lowest === null || micro < microDollarsOf(lowest)!)) lowest = rate!;
  }
  return lowest;
}

/** A rate as a plain decimal for structured data: "0.032000" → "0.032", "1.000000" → "1". */
export function plainDecimal(rate: string): string {
  return rate.includes('.') ? rate.replace(/0+$/, '').replace(/\.$/, '') : rate;
}

/** A country page's address: /call/{code lower case}. */
export function countryPath(code: string): string {
  return `/call/${code.toLowerCase()}`;
}
