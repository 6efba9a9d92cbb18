// `@ringwise/phone/types`: what kind of line a number is, for the rate lookup. It needs libphonenumber's "max"
// metadata (with "min" it cannot tell types), ~40 KB gzipped, so it is an entry of its own that only the api
// imports; nothing else in the package depends on it.
import { parsePhoneNumberFromString } from 'libphonenumber-js/core';
import metadata from 'libphonenumber-js/max/metadata';

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

/** A valid number's region and line type; `fixed-or-mobile` where the plan cannot tell them apart (NANP). */
export interface ValidNumber {
  region: string;
  type: PhoneNumberType | 'fixed-or-mobile';
}

/** The region and type of a number libphonenumber holds valid for its region ("+12125550123" → US, fixed-or-mobile), else null. */
export function validNumberOf(e164: string): ValidNumber | null {
  const parsed = parsePhoneNumberFromString(e164, metadata);
  if (!parsed?.country || !parsed.isValid() || parsed.number !== e164) return null;
  const type = parsed.getType();
  if (type === 'FIXED_LINE_OR_MOBILE') return { region: parsed.country, type: 'fixed-or-mobile' };
  return { region: parsed.country, type: type && type in typeOf ? typeOf[type as keyof typeof typeOf] : 'other' };
}
