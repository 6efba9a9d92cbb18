// The public rates contract (spec §3 client-side shapes, §7 Rates and countries), shared by the api that
// serves it and the browser code (and server render) that reads it. Rates are prices per minute in USD.

export type NumberType = 'mobile' | 'landline' | 'toll-free' | 'premium' | 'shared-cost' | 'other';

/** GET /api/rates/lookup?number= */
export interface RateLookup {
  /** Price per minute, e.g. 0.032. */
  rate: number;
  /** ISO 3166-1 alpha-2, upper case, e.g. "GB". */
  country: string;
  numberType: NumberType;
}

/** One entry of GET /api/rates/countries?search= */
export interface RateCountry {
  /** The ISO code, also the country page's address: /call/{id lower case}. */
  id: string;
  /** English name, e.g. "United Kingdom". */
  country: string;
  /** ISO 3166-1 alpha-2, upper case. */
  countryCode: string;
  /** E.164 calling code with a plus, e.g. "+44". */
  callingCode: string;
  /** Flag emoji. */
  flag: string;
  region: string;
  subregion: string;
  /** The country's headline mobile rate per minute, or null when the deck has none. */
  mobileRate: number | null;
  /** The country's headline landline rate per minute, or null when the deck has none. */
  landlineRate: number | null;
}

/** One line of a country's detailed pricing: entries of the same name and rate grouped. */
export interface CountryPrefixRate {
  /** "Mobile - Vodafone", "Mobile", … or "Standard Rate" when the deck entry has no name. */
  name: string;
  /** Dialled prefixes with the calling code, digits only, e.g. ["447700", "447701"]. */
  prefixes: string[];
  rate: number;
  numberType: NumberType;
}

/** GET /api/countries/{CODE} */
export interface CountryDetail extends RateCountry {
  name: string;
  /** Every pricing line of the country, ordered by name then rate (the page shows the first 10). */
  prefixes: CountryPrefixRate[];
  /** Up to 6 other countries of the same region with rates, for the "related countries" links. */
  related: RateCountry[];
}

/** Query keys that the default query function (key parts joined by "/") turns into these URLs. */
export const rateQueryKeys = {
  lookup: (number: string) => [`/api/rates/lookup?number=${encodeURIComponent(number)}`] as const,
  countries: (search = '') => [`/api/rates/countries${search ? `?search=${encodeURIComponent(search)}` : ''}`] as const,
  country: (code: string) => ['/api/countries', code.toUpperCase()] as const,
};
