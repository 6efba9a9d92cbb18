// One representation for each kind of value the /api carries. Every request and response schema is built
// from these, so a kind of value looks the same in every shape:
//
//   money       Money: an exact decimal string with 2 decimals ("12.50", "-0.06"), as numeric(10,2) prints it.
//               Never a JSON number: a float cannot hold every cent.
//   rate        RatePerMinute: USD per minute as an exact decimal string with 6 decimals ("0.032000"), as
//               numeric(10,6) prints it. The one exception is a field the spec fixes as a number (the rate
//               lookup's `rate`, spec §3 'Rate lookup response: rate (number)'), documented where it is.
//   price       ExactAmount: USD before rounding to the cent, 6 decimals ("0.010000"), as numeric(10,6)
//               prints it (a rate's connection fee).
//   time        Timestamp: ISO 8601 in UTC ("2026-11-22T02:23:32.890Z").
//   id          Uuid: lower-case uuid text.
//   phone       E164: "+" and 2-15 digits, the first not 0 ("+447700900123"): @ringwise/phone's one definition.
//   country     an ISO 3166-1 alpha-2 code, upper case, is named `countryCode` ("GB"); a display name is
//               named `countryName` ("United Kingdom"). Fields whose names the spec gives keep them, with the
//               meaning written next to them (e.g. `country` in a rate entry is the English name).
//   calling     CallingCode: "+" and 1-4 digits ("+44").
//
// Request fields are as strict as these; response fields are produced from them. Display formatting
// ("$12.50", "$0.032") happens in the browser on the strings (@ringwise/ui/format), never on floats.
import { Type, type Static, type TLiteral, type TUnion } from '@sinclair/typebox';
import { e164Pattern } from '@ringwise/phone/notation';

export const Money = Type.String({ pattern: '^-?\\d+\\.\\d{2}$', description: 'USD, exact, 2 decimals', examples: ['12.50'] });
export type Money = Static<typeof Money>;

export const RatePerMinute = Type.String({ pattern: '^\\d+\\.\\d{6}$', description: 'USD per minute, exact, 6 decimals', examples: ['0.032000'] });
export type RatePerMinute = Static<typeof RatePerMinute>;

export const ExactAmount = Type.String({ pattern: '^\\d+\\.\\d{6}$', description: 'USD, exact, 6 decimals', examples: ['0.010000'] });
export type ExactAmount = Static<typeof ExactAmount>;

export const Timestamp = Type.String({ description: 'ISO 8601, UTC', examples: ['2026-11-22T02:23:32.890Z'] });
export type Timestamp = Static<typeof Timestamp>;

export const Uuid = Type.String({ description: 'uuid, lower case' });

export const E164 = Type.String({ pattern: e164Pattern.source, description: 'E.164 phone number', examples: ['+447700900123'] });
export type E164 = Static<typeof E164>;

export const CountryCode = Type.String({ pattern: '^[A-Z]{2}$', description: 'ISO 3166-1 alpha-2, upper case', examples: ['GB'] });
export type CountryCode = Static<typeof CountryCode>;

export const CallingCode = Type.String({ pattern: '^\\+\\d{1,4}$', description: 'E.164 calling code with its plus', examples: ['+44'] });
export type CallingCode = Static<typeof CallingCode>;

/** A value or null: what the database holds as a nullable column. */
export const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

/** One of a list of strings, typed as the union of them. */
export const OneOf = <const T extends readonly [string, ...string[]]>(values: T, options: { error?: string } = {}) =>
  Type.Union(
    values.map((value) => Type.Literal(value)),
    options,
  ) as unknown as TUnion<{ -readonly [K in keyof T]: TLiteral<T[K]> }>;

/** The body of a 204: nothing. */
export const NoContent = Type.Void();

/** Path parameters of a route on one entry (`/:id`); the id's form is checked by the endpoint (a bad one is not found). */
export const IdParams = Type.Object({ id: Type.String() });
