// Public rates (spec §3 'Rate country entry', 'Country detail', 'Rate lookup response'; §7 Rates and
// countries). Per-minute prices are RatePerMinute strings, except the lookup's `rate`, which the spec fixes
// as a number.
import { Type, type Static } from '@sinclair/typebox';
import { CallPricing } from '../calls/schema.ts';
import { CallingCode, CountryCode, Nullable, OneOf, RatePerMinute } from '../values.ts';
import { numberTypes } from './number-types.ts';

export const NumberTypeSchema = OneOf(numberTypes);

/**
 * GET /api/rates/lookup?number=: the destination's rate and the terms a call to it is charged by (CallPricing:
 * exact price, connection fee, increments), so the dialer can say how calls are billed before one starts.
 */
export const RateLookup = Type.Composite(
  [
    Type.Object({
      /** Price per minute in USD as a JSON number (spec §3), e.g. 0.032; `pricePerMinute` is the exact one. */
      rate: Type.Number(),
      /** The destination country's English name (spec field), e.g. "United Kingdom". */
      country: Type.String(),
      countryCode: CountryCode,
      numberType: NumberTypeSchema,
    }),
    CallPricing,
  ],
  { additionalProperties: false },
);
export type RateLookup = Static<typeof RateLookup>;

/** One entry of GET /api/rates/countries?search= */
export const RateCountry = Type.Object(
  {
    /** The ISO code, also the country page's address: /call/{id lower case}. */
    id: CountryCode,
    /** English name (spec field), e.g. "United Kingdom". */
    country: Type.String(),
    countryCode: CountryCode,
    callingCode: CallingCode,
    /** Flag emoji (the pages draw the flag from /flags/{cc}.svg). */
    flag: Type.String(),
    region: Type.String(),
    subregion: Type.String(),
    /** The country's headline mobile rate, or null when the deck has none (shown as N/A). */
    mobileRate: Nullable(RatePerMinute),
    /** The country's headline landline rate, or null when the deck has none. */
    landlineRate: Nullable(RatePerMinute),
  },
  { additionalProperties: false },
);
export type RateCountry = Static<typeof RateCountry>;

/** One line of a country's detailed pricing: entries of the same name and rate grouped. */
export const CountryPrefixRate = Type.Object(
  {
    /** "Mobile - Vodafone", "Mobile", … or "Standard Rate" when the deck entry has no name. */
    name: Type.String(),
    /** Dialled prefixes with the calling code, digits only, e.g. ["447700", "447701"]. */
    prefixes: Type.Array(Type.String()),
    rate: RatePerMinute,
    numberType: NumberTypeSchema,
  },
  { additionalProperties: false },
);
export type CountryPrefixRate = Static<typeof CountryPrefixRate>;

/** GET /api/countries/{CODE} */
export const CountryDetail = Type.Composite(
  [
    RateCountry,
    Type.Object({
      /** English name (spec field). */
      name: Type.String(),
      /** Every pricing line of the country, ordered by type, name and rate (the page shows the first 10). */
      prefixes: Type.Array(CountryPrefixRate),
      /** Up to 6 other countries of the same region with rates, for the "related countries" links. */
      related: Type.Array(RateCountry),
    }),
  ],
  { additionalProperties: false },
);
export type CountryDetail = Static<typeof CountryDetail>;

export const RateLookupQuery = Type.Object({ number: Type.Optional(Type.String()) });
export const RateCountriesQuery = Type.Object({ search: Type.Optional(Type.String()) });
export const CountryParams = Type.Object({ code: Type.String() });

export const rateSchemas = {
  lookupRate: { query: RateLookupQuery, response: { 200: RateLookup } },
  listRateCountries: { query: RateCountriesQuery, response: { 200: Type.Array(RateCountry) } },
  getCountry: { params: CountryParams, response: { 200: CountryDetail } },
};
