// `@ringwise/phone`: phone numbers for the api (contacts, rate lookup) and the browser (the contact form and the
// lists that show numbers), on libphonenumber-js with its "min" metadata, the same on both sides, so the browser's
// E.164 of a typed number is the api's (reading.ts). With its metadata, libphonenumber is ~29 KB gzipped: browser
// code loads this entry lazily. What needs no metadata is in `@ringwise/phone/notation`; number types, which need
// the "max" metadata, are in `@ringwise/phone/types`, for the api only.
import { parseIncompletePhoneNumber, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/core';
import metadata from 'libphonenumber-js/min/metadata';
import { afterInternationalPrefix, isE164, maxE164Digits, withoutTrunkNotation, type OfferedCallingCode } from './notation.ts';
import { knownCallingCodesOf, numberingPlanOf, readPhoneNumber, type ParsedPhoneNumber } from './reading.ts';

export type { ParsedPhoneNumber };

/**
 * A number as typed, read with the form's calling code ("+44") when it has no international prefix: its E.164, calling
 * code and national number, or null when it cannot be stored (see readPhoneNumber). Without a calling code only
 * numbers written internationally are read.
 */
export function parsePhoneNumber(typed: string, callingCode?: string | null): ParsedPhoneNumber | null {
  return readPhoneNumber(metadata, typed, callingCode);
}

/** A number as typed → E.164 ("07700 900123" with "+44" → "+447700900123"), or null when it cannot be one. */
export function toE164(typed: string, callingCode?: string | null): string | null {
  return parsePhoneNumber(typed, callingCode)?.e164 ?? null;
}

/**
 * Whether an E.164 number has at least `minimum` digits after its calling code (spec §5's contact rule, counted on
 * the number as it is stored: "(0)12 3" with +1 is "+1123", 3 digits). False for anything that is not E.164 of a
 * known calling code.
 */
export function hasEnoughDigits(e164: string, minimum: number): boolean {
  const parsed = isE164(e164) ? parsePhoneNumber(e164) : null;
  return parsed !== null && parsed.e164 === e164 && parsed.nationalNumber.length >= minimum;
}

/** The calling code of a number written internationally ("+447700900123" → "+44"), or null when there is none. */
export function callingCodeOf(number: string): string | null {
  return parsePhoneNumber(number)?.callingCode ?? null;
}

/**
 * The one way a phone number is shown, on every screen, by the spec's rule: a number on +1 (US, CA and the rest of
 * the North American plan) as +1 (AAA) BBB-CCCC, every other number split after its calling code and grouped as its
 * country groups it ("+442079460123" → "+44 20 7946 0123"). What cannot be read as a number of a possible length is
 * shown as it was given. E.164 stays in data, `tel:` links and api payloads. Browser code loads it lazily (`./display`).
 */
export function formatInternational(number: string): string {
  const parsed = parsePhoneNumberFromString(number, metadata);
  // a length no number of its country has ("+1234567890", the E.164 example of a hint) is no number to group
  if (!parsed?.isPossible()) return number;
  const national = String(parsed.nationalNumber);
  if (parsed.countryCallingCode === '1' && national.length === 10) return `+1 (${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6)}`;
  return parsed.formatInternational();
}

/** An E.164 number inside a text: a "+" not after a letter or digit, then a calling code and the digits after it. */
const e164InText = /(?<![\p{L}\p{N}+])\+[1-9]\d{1,14}(?!\d)/gu;

/**
 * A text for people with every E.164 number in it shown as formatInternational shows it ("Call to +447700900123
 * (2 min)" → "Call to +44 7700 900123 (2 min)"): the api's descriptions and messages, written with the stored number.
 */
export function formatNumbersIn(text: string): string {
  return text.replace(e164InText, (number) => formatInternational(number));
}

/** The trunk prefix a region's national numbers are written with ("GB" → "0", "US" → "1"), or null when it has none ("IT"). */
export function trunkPrefixOf(region: string): string | null {
  const prefix = numberingPlanOf(metadata, region)?.nationalPrefix();
  return typeof prefix === 'string' && prefix ? prefix : null;
}

/** Every calling code libphonenumber knows, for a split that may pick any of them (`splitFullNumber`). */
export function knownCallingCodes(): OfferedCallingCode[] {
  return knownCallingCodesOf(metadata);
}

/** Every region libphonenumber knows, by calling code ("+1" → US, AG, AI, …): the code's main region first. */
export function regionsByCallingCode(): Map<string, CountryCode[]> {
  return new Map(Object.entries(metadata.country_calling_codes).map(([code, regions]) => [`+${code}`, [...regions]]));
}

/** Spec §5: a rate lookup only runs for 8+ characters. */
export const minLookupCharacters = 8;

/** A dialled number for the rate lookup: its E.164 digits (no plus), or what is wrong with it. */
export type DialledNumber = { digits: string } | { problem: string };

const dialledCharacters = /^\+?[\p{Nd}\s().\-/]+$/u;

/**
 * A number as the rate lookup reads it: international only (there is no home country), so "+44 7700 900123",
 * "0044 7700 900123", "011 44 7700 900123", "+44 (0)7700 900123" and "447700900123" are the same digits. Any
 * script's digits count.
 */
export function normalizeDialledNumber(input: string | undefined): DialledNumber {
  const text = (input ?? '').trim();
  if (text === '') return { problem: 'Give the number to look up, e.g. ?number=%2B447700900123.' };
  if (text.length < minLookupCharacters) return { problem: `A rate lookup needs at least ${minLookupCharacters} characters.` };
  if (!dialledCharacters.test(text)) return { problem: 'A number may only hold digits, spaces, dashes, dots, brackets and a leading +.' };
  const compact = parseIncompletePhoneNumber(withoutTrunkNotation(text));
  const digits = afterInternationalPrefix(compact) ?? compact;
  if (digits === '') return { problem: 'The number has no digits.' };
  if (digits.startsWith('0')) return { problem: 'Give the number in international format, with its country code (e.g. +44 7700 900123).' };
  if (digits.length > maxE164Digits) return { problem: `A phone number has at most ${maxE164Digits} digits with its country code.` };
  return { digits };
}
