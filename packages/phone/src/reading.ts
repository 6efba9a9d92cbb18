// How a number is read, for given libphonenumber metadata. `@ringwise/phone` (index.ts) binds these to the "min"
// metadata for the browser and the api alike; the tests also run them on "max" to show that no result depends on
// the choice. Nothing here asks libphonenumber whether a number is valid (the one answer "min" and "max" give
// differently): its parse, its trunk-prefix rules, the general number pattern and the possible lengths are the same
// in both.
import { Metadata, parseDigits, parsePhoneNumberFromString, type CountryCode, type MetadataJson, type PhoneNumber } from 'libphonenumber-js/core';
import { afterInternationalPrefix, maxE164Digits, normalizeCallingCode, withoutTrunkNotation, type OfferedCallingCode } from './notation.ts';

/** A number read for storing and display. */
export interface ParsedPhoneNumber {
  /** "+447700900123" */
  e164: string;
  /** "+44" */
  callingCode: string;
  /** The digits after the calling code, without a trunk prefix: "7700900123". */
  nationalNumber: string;
  /** The region libphonenumber places the number in ("GB", "GG", "US", "CA"), when it can tell. */
  region: CountryCode | undefined;
}

/** The parts of libphonenumber's numbering plan read here (public methods its type declarations leave out). */
export interface NumberingPlan {
  /** The region's calling code, without "+" ("44"). */
  callingCode(): string;
  possibleLengths(): number[];
  /** The trunk prefix ("0" in GB, "8" in RU, "1" in NANP); not a string when the country has none (IT, ES). */
  nationalPrefix(): unknown;
  /** The pattern every national number of the country matches. */
  nationalNumberPattern(): string;
  /** The numbers of one line type ("MOBILE"), when the plan has such numbers ("max" metadata only). */
  type(name: string): { pattern(): string; possibleLengths(): number[] | undefined } | undefined;
}

/** The numbering plan of a region ("GB") or of the main region of a calling code ("44"), if libphonenumber has one. */
export function numberingPlanOf(metadata: MetadataJson, regionOrCallingCode: string): NumberingPlan | undefined {
  const reader = new Metadata(metadata);
  try {
    reader.selectNumberingPlan(regionOrCallingCode as CountryCode);
  } catch {
    return undefined;
  }
  return reader.numberingPlan as unknown as NumberingPlan | undefined;
}

const isKnownCallingCode = (metadata: MetadataJson, digits: string) =>
  Object.hasOwn(metadata.country_calling_codes, digits) || Object.hasOwn(metadata.nonGeographic, digits);

const matchesEntirely = (digits: string, pattern: string) => new RegExp(`^(?:${pattern})$`).test(digits);

/**
 * libphonenumber drops a trunk prefix only when what remains is long enough for the country ("07700 900123" in GB),
 * so "0123 4" would keep its 0 and count 5 digits. A trunk 0 is never dialled from abroad: it is dropped here too,
 * unless the country's numbers match with it (a country without a trunk prefix, such as Italy, keeps every 0).
 * Other trunk prefixes (NANP's 1, Russia's 8) are also common first digits of what people write ("1234"), so only
 * libphonenumber's reading, which drops them from complete numbers, decides those.
 */
function withoutTrunkPrefix(metadata: MetadataJson, number: PhoneNumber): string {
  const national = number.nationalNumber;
  if (!national.startsWith('0')) return national;
  const plan = numberingPlanOf(metadata, number.countryCallingCode);
  if (!plan || plan.nationalPrefix() !== '0' || matchesEntirely(national, plan.nationalNumberPattern())) return national;
  return national.slice(1);
}

/**
 * A number as typed → its calling code and national number, or null when it cannot be stored as E.164.
 *  - "+", "00" and (from North America) "011" start an international number: its own calling code is read;
 *  - any other number is national, read for `callingCode` ("+44"; a code no country has, such as "+1876", is read as
 *    the start of the number), and loses the trunk prefix of the country (GB's 0, Russia's 8; Italy keeps its 0);
 *  - "(0)" is dropped wherever it is written; any script's digits count, formatting and an extension ("ext. 12") do not;
 *  - null: no digits, a calling code no country has, nothing after the calling code, or more than 15 digits.
 */
export function readPhoneNumber(metadata: MetadataJson, typed: string, callingCode?: string | null): ParsedPhoneNumber | null {
  const text = withoutTrunkNotation(typed).trim();
  const home = normalizeCallingCode(callingCode) ?? undefined;
  const parse = (input: string, defaultCallingCode?: string) =>
    parsePhoneNumberFromString(input, defaultCallingCode ? { defaultCallingCode } : {}, metadata);
  // libphonenumber reads the number out of its text (an extension, words around it); text it cannot read
  // ("12+34") is read as its digits, the way spec §5 counts them
  const international = afterInternationalPrefix(text, home);
  let number: PhoneNumber | undefined;
  if (international !== null) {
    number = parse(`+${international}`) ?? parse(`+${parseDigits(international)}`);
  } else if (home && isKnownCallingCode(metadata, home.slice(1))) {
    number = parse(text, home.slice(1)) ?? parse(parseDigits(text), home.slice(1));
  } else if (home) {
    number = parse(`${home}${parseDigits(text)}`);
  }
  if (!number) return null;
  const nationalNumber = withoutTrunkPrefix(metadata, number);
  const digits = `${number.countryCallingCode}${nationalNumber}`;
  if (nationalNumber === '' || digits.length > maxE164Digits) return null;
  return { e164: `+${digits}`, callingCode: `+${number.countryCallingCode}`, nationalNumber, region: number.country };
}

/** Every calling code libphonenumber knows, with the most digits a national number under it has (any of its regions). */
export function knownCallingCodesOf(metadata: MetadataJson): OfferedCallingCode[] {
  const longest = (plans: (NumberingPlan | undefined)[]) => Math.max(0, ...plans.flatMap((plan) => plan?.possibleLengths() ?? []));
  return [
    ...Object.entries(metadata.country_calling_codes).map(([code, regions]) => ({
      code: `+${code}`,
      maxNationalDigits: longest(regions.map((region) => numberingPlanOf(metadata, region))),
    })),
    ...Object.keys(metadata.nonGeographic).map((code) => ({ code: `+${code}`, maxNationalDigits: longest([numberingPlanOf(metadata, code)]) })),
  ];
}
