// Phone numbers for display and for the form, on libphonenumber-js. Kept out of the dialer's widgets'
// first load (they import it lazily through phone-lazy.ts): its metadata is most of this remote's weight.
import { parsePhoneNumber, parsePhoneNumberFromString } from 'libphonenumber-js';
import { DEFAULT_COUNTRY_CODE } from './contact-form-rules.ts';

/** "+447700900123" as "+44 7700 900123"; anything it cannot parse is shown as it is. */
export function formatPhoneNumber(value: string): string {
  try {
    return parsePhoneNumber(value).formatInternational();
  } catch {
    return value;
  }
}

/** The calling code's digits: "+44" gives "44"; anything else gives undefined. */
function callingCodeDigits(countryCode: string | null | undefined): string | undefined {
  const digits = countryCode?.replace(/\D/g, '') ?? '';
  return /^\d{1,4}$/.test(digits) ? digits : undefined;
}

/**
 * What the api will store (E.164) for a number as typed with the picker's code, for showing a new contact
 * before the api answers: a leading + keeps its own code, otherwise the picker's code is put in front
 * (a national trunk 0 is dropped where the country uses one).
 */
export function toE164(number: string, countryCode: string | null | undefined): string {
  const typed = number.trim();
  const digits = typed.replace(/\D/g, '');
  if (typed.startsWith('+')) {
    return parsePhoneNumberFromString(typed)?.number ?? `+${digits}`;
  }
  const code = callingCodeDigits(countryCode) ?? callingCodeDigits(DEFAULT_COUNTRY_CODE) ?? '1';
  return parsePhoneNumberFromString(typed, { defaultCallingCode: code })?.number ?? `+${code}${digits}`;
}

/**
 * A stored or dialled number split for the form: its calling code for the picker and the rest for the
 * number field. `preferredCode` (e.g. the contact's own countryCode) is used when the number starts with it.
 * A number without a + keeps `fallbackCode`.
 */
export function splitPhoneNumber(
  value: string,
  preferredCode: string | null | undefined,
  fallbackCode: string = DEFAULT_COUNTRY_CODE,
): { countryCode: string; number: string } {
  const typed = value.trim();
  if (!typed.startsWith('+')) return { countryCode: callingCodeDigits(preferredCode) ? `+${callingCodeDigits(preferredCode)}` : fallbackCode, number: typed };
  const preferred = callingCodeDigits(preferredCode);
  const digits = typed.replace(/\D/g, '');
  if (preferred && digits.startsWith(preferred) && digits.length > preferred.length) {
    return { countryCode: `+${preferred}`, number: digits.slice(preferred.length) };
  }
  const parsed = parsePhoneNumberFromString(typed);
  if (parsed) return { countryCode: `+${parsed.countryCallingCode}`, number: parsed.nationalNumber };
  // unknown code: keep the whole number (its + wins over the picker)
  return { countryCode: fallbackCode, number: typed };
}
