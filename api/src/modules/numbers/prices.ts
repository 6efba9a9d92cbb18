// Monthly prices of virtual numbers, by country and type: the one table the numbers module prices with (what a
// user pays each month, Money strings); a type is offered in a country exactly when it has a price here. Prices
// include the carrier's cost and our margin.
import { numberCountries, virtualNumberTypes, type NumberCountry, type VirtualNumberType } from '@ringwise/contract/numbers';
import { lineOf, type LineType } from '@ringwise/phone/types';

export type PriceList = Readonly<Partial<Record<VirtualNumberType, string>>>;

export const monthlyPrices: Readonly<Record<NumberCountry, PriceList>> = {
  US: { local: '1.15', 'toll-free': '2.15' },
  GB: { local: '1.15', mobile: '1.15', 'toll-free': '2.15' },
  CA: { local: '1.15', 'toll-free': '2.15' },
  AU: { local: '3.00', mobile: '6.50', 'toll-free': '16.00' },
  DE: { local: '1.50', mobile: '15.00', 'toll-free': '25.00' },
  FR: { local: '1.50', mobile: '3.00', 'toll-free': '25.00' },
  ES: { local: '1.50', 'toll-free': '25.00' },
  IT: { local: '2.00', 'toll-free': '25.00' },
  NL: { local: '1.50', mobile: '5.00', 'toll-free': '25.00' },
  BE: { local: '1.50', mobile: '3.00', 'toll-free': '25.00' },
  CH: { local: '2.00', 'toll-free': '25.00' },
  SE: { local: '2.00', mobile: '3.00' },
  NO: { local: '4.00', mobile: '5.00' },
  DK: { local: '3.00' },
  FI: { mobile: '4.00', 'toll-free': '25.00' },
  IE: { local: '2.00', 'toll-free': '25.00' },
  PT: { local: '3.00', mobile: '4.00' },
  PL: { local: '3.00', mobile: '3.00' },
  NZ: { local: '3.00' },
  SG: { mobile: '6.00' },
  HK: { mobile: '6.00' },
};

const fixed = (price: string) => {
  if (!/^\d+\.\d{2}$/.test(price)) throw new Error(`monthly price ${price} is not a Money amount`);
  return price;
};

/** The monthly price of a type in a country (Money, e.g. "1.15"), or null when it is not on sale there. */
export function monthlyPriceOf(country: string, numberType: VirtualNumberType): string | null {
  if (!(numberCountries as readonly string[]).includes(country)) return null;
  const price = monthlyPrices[country as NumberCountry][numberType];
  return price === undefined ? null : fixed(price);
}

/** Which libphonenumber line types a virtual number type is (NANP numbers are FIXED_LINE_OR_MOBILE: either). */
export const lineTypesOf: Record<VirtualNumberType, readonly LineType[]> = {
  local: ['FIXED_LINE', 'FIXED_LINE_OR_MOBILE'],
  mobile: ['MOBILE', 'FIXED_LINE_OR_MOBILE'],
  'toll-free': ['TOLL_FREE'],
};

/**
 * What a number is sold as: its country and the type on sale there that its line type fits (`preferred` when it
 * fits, e.g. a NANP number searched as mobile; else local before mobile), or null when it is not valid by
 * libphonenumber's max metadata or no fitting type is on sale in its country. The purchase prices by it.
 */
export function saleOf(e164: string, preferred?: VirtualNumberType): { country: string; type: VirtualNumberType } | null {
  const line = lineOf(e164);
  if (!line) return null;
  const fits = virtualNumberTypes.filter((type) => lineTypesOf[type].includes(line.type) && monthlyPriceOf(line.country, type) !== null);
  const type = preferred && fits.includes(preferred) ? preferred : fits[0];
  return type ? { country: line.country, type } : null;
}
