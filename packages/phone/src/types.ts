// `@ringwise/phone/types`: what kind of line a number is, for the rate lookup, and how a region's numbers of a type
// are made. It needs libphonenumber's "max" metadata (with "min" it cannot tell types), ~40 KB gzipped, so it is an
// entry of its own that only server code (the api, the carrier simulator) imports; nothing else in the package
// depends on it.
import { parsePhoneNumberFromString } from 'libphonenumber-js/core';
import metadata from 'libphonenumber-js/max/metadata';
import { numberingPlanOf } from './reading.ts';

/** The rate deck's number types. */
export type PhoneNumberType = 'landline' | 'mobile' | 'toll-free' | 'shared-cost' | 'premium' | 'other';

const typeOf = {
  FIXED_LINE: 'landline',
  MOBILE: 'mobile',
  TOLL_FREE: 'toll-free',
  SHARED_COST: 'shared-cost',
  PREMIUM_RATE: 'premium',
  VOIP: 'other',
  PERSONAL_NUMBER: 'other',
  PAGER: 'other',
  UAN: 'other',
  VOICEMAIL: 'other',
} as const satisfies Record<string, PhoneNumberType>;

/**
 * The type of an E.164 number ("+33612345678" → "mobile"), or null when libphonenumber cannot tell: a number it
 * does not know, or one of a plan where landlines and mobiles look alike (NANP's FIXED_LINE_OR_MOBILE).
 */
export function numberTypeOf(e164: string): PhoneNumberType | null {
  const type = parsePhoneNumberFromString(e164, metadata)?.getType();
  return type && type in typeOf ? typeOf[type as keyof typeof typeOf] : null;
}

/** libphonenumber's own name of a line type, FIXED_LINE_OR_MOBILE included (NANP numbers are that). */
export type LineType = 'FIXED_LINE' | 'MOBILE' | 'FIXED_LINE_OR_MOBILE' | 'TOLL_FREE' | 'PREMIUM_RATE' | 'SHARED_COST' | 'VOIP' | 'PERSONAL_NUMBER' | 'PAGER' | 'UAN' | 'VOICEMAIL';

/**
 * The country and libphonenumber line type of a VALID E.164 number ("+12125550123" → US, FIXED_LINE_OR_MOBILE),
 * or null when the number is not valid by the "max" metadata or its type is unknown (the carrier simulator
 * stocks and sells only numbers this accepts).
 */
export function lineOf(e164: string): { country: string; type: LineType } | null {
  const parsed = parsePhoneNumberFromString(e164, metadata);
  if (!parsed || !parsed.isValid() || parsed.number !== e164) return null;
  const country = parsed.country;
  const type = parsed.getType();
  return country && type ? { country, type } : null;
}

/** How the national numbers of one line type are made in a region, by the "max" metadata. */
export interface LinePlan {
  /** "+44" */
  callingCode: string;
  /** The regular expression every national number of the type matches (libphonenumber's: digits, classes, groups). */
  pattern: string;
  /** The lengths a national number of the type has. */
  possibleLengths: number[];
}

/**
 * The plan of a region's numbers of one line type ("GB", "MOBILE"), or null when libphonenumber knows no such numbers
 * there (the carrier simulator makes up its stock of numbers from it).
 */
export function linePlanOf(region: string, type: Exclude<LineType, 'FIXED_LINE_OR_MOBILE'>): LinePlan | null {
  const plan = numberingPlanOf(metadata, region);
  const numbers = plan?.type(type);
  const pattern = numbers?.pattern();
  if (!plan || !numbers || !pattern) return null;
  return { callingCode: `+${plan.callingCode()}`, pattern, possibleLengths: numbers.possibleLengths() ?? plan.possibleLengths() };
}
