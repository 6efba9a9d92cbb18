// Rates as the marketing pages show them (spec §9: 3 decimals per minute). Rates arrive as the contract's
// exact decimal strings ("0.032000"); they are compared and shown on their digits, never as floats.
import { formatRate } from '@ringwise/ui/format';

/** "$0.032/min", or "N/A" when there is no rate. */
export function perMinute(rate: string | null | undefined): string {
  return rate === null || rate === undefined ? 'N/A' : `${formatRate(rate)}/min`;
}

/** A rate in millionths of a dollar, for comparing ("0.032000" → 32000n). */
function microDollars(rate: string): bigint {
  const [whole = '0', fraction = ''] = rate.split('.');
  return BigInt(whole + fraction.padEnd(6, '0').slice(0, 6));
}

/** The lowest of the known rates, or null when none is known. */
export function lowestRate(...rates: (string | null | undefined)[]): string | null {
  let lowest: string | null = null;
  for (const rate of rates) {
    if (typeof rate === 'string' && /^\d+(\.\d+)?$/.test(rate) && (lowest === null || microDollars(rate) < microDollars(lowest))) lowest = rate;
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
