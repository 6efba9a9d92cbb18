// What is on sale: a country's number types and monthly prices (our price table), and a search of the carrier's
// inventory (AvailablePhoneNumbers Local / Mobile / TollFree) by area code or pattern, less the numbers that are
// someone's verified caller ID (one number, one identity: they cannot be bought).
import type { Twilio } from 'twilio';
import {
  minUnanchoredPatternDigits,
  numberPatternRule,
  typeNotAvailableMessage,
  virtualNumberTypes,
  type NumberSearchType,
  type VirtualNumberType,
} from '@ringwise/contract/numbers';
import type { AvailableNumber, NumberPricing, NumberSearchInput } from '@ringwise/contract/schemas';
import { trunkPrefixOf } from '@ringwise/phone';
import { lineOf } from '@ringwise/phone/types';
import type { Database } from '../../db/database.ts';
import { fieldValidationError, HttpError } from '../../plugins/errors.ts';
import { getCountry } from '../rates/countries.ts';
import { carrier, carrierCode } from './carrier.ts';
import { monthlyPriceOf } from './prices.ts';

/** How many numbers a search shows. */
export const searchPageSize = 20;

/** The country of a request (any case) → its ISO code, or a 404 for a code no country has. */
export function countryOf(code: string): { code: string; name: string; callingCode: string } {
  const country = getCountry(code);
  if (!country) throw new HttpError(404, 'not_found', `There is no country with the code ${code.toUpperCase()}.`);
  return { code: country.code, name: country.name, callingCode: country.callingCode };
}

export function pricingOf(countryCode: string): NumberPricing {
  const country = countryOf(countryCode);
  const numberTypes = virtualNumberTypes.map((numberType): NumberPricing['numberTypes'][number] => {
    const price = monthlyPriceOf(country.code, numberType);
    return { numberType, available: price !== null, price };
  });
  return { country: country.name, countryCode: country.code, hasAnyNumbers: numberTypes.some((t) => t.available), numberTypes };
}

/** The carrier's filters for a pattern: US and Canada take an area code; elsewhere a `Contains` pattern. */
export function searchFilters(
  country: { code: string; callingCode: string },
  pattern: string,
  searchType: NumberSearchType,
): { areaCode?: number; contains?: string } {
  if (!pattern) return {};
  if (!numberPatternRule.test(pattern)) throw fieldValidationError({ areaCode: 'The pattern can only contain digits (at most 10).' });
  const nanp = country.code === 'US' || country.code === 'CA';
  if (searchType === 'starts_with') {
    if (nanp && /^[2-9]\d{2}$/.test(pattern)) return { areaCode: Number(pattern) };
    // what people type is the national number: its trunk 0 (GB's "020", DE's "030") is not dialled from abroad
    const trunk = trunkPrefixOf(country.code);
    const national = trunk === '0' && pattern.startsWith('0') ? pattern.slice(1) : pattern;
    return { contains: `+${country.callingCode}${national}` };
  }
  if (pattern.length < minUnanchoredPatternDigits) {
    throw fieldValidationError({ areaCode: `Enter at least ${minUnanchoredPatternDigits} digits to search numbers that ${searchType === 'contains' ? 'contain' : 'end with'} them.` });
  }
  return { contains: searchType === 'ends_with' ? `${pattern}$` : pattern };
}

const noneFound = () => new HttpError(404, 'no_available_numbers', 'No available numbers match your search. Try another pattern.');

export interface CatalogServices {
  db: Pick<Database, 'privileged'>;
  twilio: Twilio;
}

/** Of `numbers`, those that are a verified caller ID of any account (read past RLS: it is never shown whose). */
async function verifiedCallerIdsAmong(db: CatalogServices['db'], numbers: string[]): Promise<Set<string>> {
  if (numbers.length === 0) return new Set();
  const rows = await db.privileged((sql) =>
    sql.query<{ phone_number: string }>(
      `select distinct phone_number from public.verified_caller_ids where phone_number = any($1::text[]) and verification_status = 'verified' and deleted_at is null`,
      [numbers],
    ),
  );
  return new Set(rows.map((row) => row.phone_number));
}

/**
 * Searches the carrier's inventory (no transaction open meanwhile), then drops the numbers that are someone's verified
 * caller ID; none left is a 404 whose message says 'No available numbers' (spec §8).
 */
export async function searchNumbers(services: CatalogServices, input: NumberSearchInput): Promise<AvailableNumber[]> {
  const client = services.twilio;
  const country = countryOf(input.country);
  const price = monthlyPriceOf(country.code, input.numberType);
  if (price === null) throw new HttpError(400, 'validation_failed', typeNotAvailableMessage(input.numberType), { fieldErrors: { numberType: typeNotAvailableMessage(input.numberType) } });
  const pattern = (input.areaCode ?? '').replace(/[\s().-]/g, '');
  const filters = { ...searchFilters(country, pattern, input.searchType), limit: searchPageSize };
  const inventory = client.availablePhoneNumbers(country.code);
  type Found = Array<{ phoneNumber: string; locality: string | null; region: string | null }>;
  const list: Record<VirtualNumberType, () => Promise<Found>> = {
    local: () => inventory.local.list(filters),
    mobile: () => inventory.mobile.list(filters),
    'toll-free': () => inventory.tollFree.list(filters),
  };
  let found: Found;
  try {
    found = await carrier(list[input.numberType]);
  } catch (error) {
    // the carrier sells no such type there after all (its inventory and our price table disagree)
    if (carrierCode(error) === 20404) throw new HttpError(400, 'validation_failed', typeNotAvailableMessage(input.numberType));
    throw error;
  }
  const ours = found.filter((n) => lineOf(n.phoneNumber)?.country === country.code);
  const callerIds = await verifiedCallerIdsAmong(services.db, ours.map((n) => n.phoneNumber));
  const numbers = ours
    .filter((n) => !callerIds.has(n.phoneNumber))
    .map((n): AvailableNumber => ({ phoneNumber: n.phoneNumber, numberType: input.numberType, price, locality: n.locality || null, region: n.region || null }));
  if (numbers.length === 0) throw noneFound();
  return numbers;
}
