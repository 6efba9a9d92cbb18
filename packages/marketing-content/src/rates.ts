// Rates as the marketing pages show them (spec §9: 3 decimals per minute).
import { formatRate } from '@ringwise/ui/format';

/** "$0.032/min", or "N/A" when there is no rate. */
export function perMinute(rate: number | null | undefined): string {
  return rate === null || rate === undefined ? 'N/A' : `${formatRate(rate)}/min`;
}

/** The lowest of the known rates, or null when none is known. */
export function lowestRate(...rates: (number | null | undefined)[]): number | null {
  const known = rates.filter((rate): rate is number => typeof rate === 'number' && Number.isFinite(rate));
  return known.length > 0 ? Math.min(...known) : null;
}

/** A country page's address: /call/{code lower case}. */
export function countryPath(code: string): string {
  return `/call/${code.toLowerCase()}`;
}
