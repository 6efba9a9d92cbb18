// The rates contract (packages/api-client/src/rates.ts) as TypeBox schemas, the query parameters, and the
// deck's own shapes. The response types are the contract's; the schemas are checked against them below, so
// the two cannot drift apart.
import { t } from 'elysia';
import type { CountryDetail, CountryPrefixRate, NumberType, RateCountry, RateLookup } from '@ringwise/api-client/rates';

/** Every number type, in the order ties resolve and country pages list them. */
export const numberTypes = ['landline', 'mobile', 'toll-free', 'shared-cost', 'premium', 'other'] as const satisfies readonly NumberType[];
export type { NumberType };

const numberType = t.Union(numberTypes.map((type) => t.Literal(type)));
const exact = { additionalProperties: false } as const;

export const rateLookupSchema = t.Object({ rate: t.Number(), country: t.String(), numberType }, exact);

export const rateCountrySchema = t.Object(
  {
    id: t.String(),
    country: t.String(),
    countryCode: t.String(),
    callingCode: t.String(),
    flag: t.String(),
    region: t.String(),
    subregion: t.String(),
    mobileRate: t.Union([t.Number(), t.Null()]),
    landlineRate: t.Union([t.Number(), t.Null()]),
  },
  exact,
);

export const countryPrefixRateSchema = t.Object({ name: t.String(), prefixes: t.Array(t.String()), rate: t.Number(), numberType }, exact);

export const countryDetailSchema = t.Composite(
  [rateCountrySchema, t.Object({ name: t.String(), prefixes: t.Array(countryPrefixRateSchema), related: t.Array(rateCountrySchema) })],
  exact,
);

export const lookupQuery = t.Object({ number: t.Optional(t.String()) });
export const countriesQuery = t.Object({ search: t.Optional(t.String()) });
export const countryParams = t.Object({ code: t.String() });

// The schemas and the contract are the same types (a compile error here means one of them changed).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const contract: [
  Same<typeof rateLookupSchema.static, RateLookup>,
  Same<typeof rateCountrySchema.static, RateCountry>,
  Same<typeof countryPrefixRateSchema.static, CountryPrefixRate>,
  Same<typeof countryDetailSchema.static, CountryDetail>,
] = [true, true, true, true];
void contract;

export type { CountryDetail, CountryPrefixRate, RateCountry, RateLookup };

/** One row of public.rates as the api holds it (money as exact decimal strings, times in ms). */
export interface DeckRow {
  id: string;
  prefix: string;
  country: string;
  /** "" is shown as "Standard Rate". */
  name: string;
  numberType: NumberType;
  pricePerMinute: string;
  initialIncrement: number;
  increment: number;
  connectionFee: string;
  effectiveFrom: number;
}

/** What a lookup matched: the contract's answer plus what billing needs. */
export interface RateMatch extends RateLookup {
  rateId: string;
  prefix: string;
  /** Exact decimal string, e.g. "0.032000". */
  pricePerMinute: string;
  initialIncrement: number;
  increment: number;
  connectionFee: string;
  /** The number's E.164 digits the match was made on. */
  digits: string;
}

export const standardRateName = 'Standard Rate';
