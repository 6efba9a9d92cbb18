// The rates contract is @ringwise/contract (schemas of the lookup, the country list and pages); here are the
// deck's own shapes, which never leave the api.
import type { CallPricing } from '@ringwise/contract/calls';
import type { NumberType, RateLookup } from '@ringwise/contract/rates';

export type { CountryDetail, CountryPrefixRate, RateCountry, RateLookup } from '@ringwise/contract/schemas';
export { numberTypes, standardRateName, type NumberType } from '@ringwise/contract/rates';

/** One row of public.rates as the api holds it: its pricing terms (exact decimal strings), times in ms. */
export interface DeckRow extends CallPricing {
  id: string;
  prefix: string;
  /** ISO code. */
  country: string;
  /** "" is shown as "Standard Rate". */
  name: string;
  numberType: NumberType;
  effectiveFrom: number;
}

/** What a lookup matched: the contract's answer plus the pricing terms billing needs. */
export interface RateMatch extends RateLookup, CallPricing {
  rateId: string;
  prefix: string;
  /** The number's E.164 digits the match was made on. */
  digits: string;
}
