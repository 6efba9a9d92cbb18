// What the simulated carrier sells: the kinds of number it stocks in each country. It is the carrier's own data, as
// a real carrier's catalogue is (what Ringwise charges for them is the product's business); the api checks that it
// offers every kind of number Ringwise sells (api/src/telephony/simulator-stock.test.ts).
import { lineOf, type LineType } from '@ringwise/phone/types';

/** The kinds of number, as Twilio's AvailablePhoneNumbers resources name them (Local, Mobile, TollFree). */
export const numberTypes = ['local', 'mobile', 'toll-free'] as const;
export type NumberType = (typeof numberTypes)[number];

/** The kinds of number on sale, by country (ISO 3166 alpha-2). */
export const numbersOnSale: Readonly<Record<string, readonly NumberType[]>> = {
  US: ['local', 'toll-free'],
  GB: ['local', 'mobile', 'toll-free'],
  CA: ['local', 'toll-free'],
  AU: ['local', 'mobile', 'toll-free'],
  DE: ['local', 'mobile', 'toll-free'],
  FR: ['local', 'mobile', 'toll-free'],
  ES: ['local', 'toll-free'],
  IT: ['local', 'toll-free'],
  NL: ['local', 'mobile', 'toll-free'],
  BE: ['local', 'mobile', 'toll-free'],
  CH: ['local', 'toll-free'],
  SE: ['local', 'mobile'],
  NO: ['local', 'mobile'],
  DK: ['local'],
  FI: ['mobile', 'toll-free'],
  IE: ['local', 'toll-free'],
  PT: ['local', 'mobile'],
  PL: ['local', 'mobile'],
  NZ: ['local'],
  SG: ['mobile'],
  HK: ['mobile'],
};

export function onSale(country: string, type: NumberType): boolean {
  return Object.hasOwn(numbersOnSale, country) && (numbersOnSale[country] ?? []).includes(type);
}

/** Which libphonenumber line types a kind of number is (NANP numbers are FIXED_LINE_OR_MOBILE: either). */
export const lineTypesOf: Record<NumberType, readonly LineType[]> = {
  local: ['FIXED_LINE', 'FIXED_LINE_OR_MOBILE'],
  mobile: ['MOBILE', 'FIXED_LINE_OR_MOBILE'],
  'toll-free': ['TOLL_FREE'],
};

/**
 * What a number is sold as: its country and the first kind on sale there that its line type fits (local before
 * mobile), or null when it is not valid by libphonenumber's "max" metadata or no fitting kind is on sale in its
 * country. The carrier stocks and sells by it.
 */
export function saleOf(e164: string): { country: string; type: NumberType } | null {
  const line = lineOf(e164);
  if (!line) return null;
  const type = numberTypes.find((type) => lineTypesOf[type].includes(line.type) && onSale(line.country, type));
  return type ? { country: line.country, type } : null;
}
