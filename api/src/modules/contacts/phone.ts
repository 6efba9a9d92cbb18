// Contact numbers (spec §5 Contact form): the form's digit rule, and storage in E.164 with libphonenumber-js.
//   "+44 7700 900123", "0044 7700 900123"   → international, parsed as they are;
//   "07700 900123" with the form's "+44"     → national, parsed for the main country of +44 (GB).
// When libphonenumber cannot make a valid number (unassigned ranges, short codes, a number it does not know)
// the number is still kept as "+" + calling code + national digits without the trunk 0, so nothing a user
// typed is lost as long as the form's rule passes.
import { getCountries, getCountryCallingCode, isSupportedCountry, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';
import metadata from 'libphonenumber-js/max/metadata';
import { defaultCountryCode, maxNumberDigits } from './model.ts';

export { hasEnoughDigits } from '@ringwise/contract/contacts';

/** Calling code → the countries that share it (getCountries/getCountryCallingCode), main country first
 *  (libphonenumber lists it first: "1" → US, "44" → GB, "7" → RU). */
const countriesByCallingCode = (() => {
  const byCode = new Map<string, CountryCode[]>();
  for (const country of getCountries()) {
    const code = getCountryCallingCode(country);
    byCode.set(code, [...(byCode.get(code) ?? []), country]);
  }
  for (const [code, countries] of byCode) {
    const main = metadata.country_calling_codes[code]?.[0];
    if (main && isSupportedCountry(main)) byCode.set(code, [main, ...countries.filter((c) => c !== main)]);
  }
  return byCode;
})();

/** The main country of a calling code ("1" or "+1" → "US"), or undefined for a code no country has. */
export function mainCountryOf(callingCode: string): CountryCode | undefined {
  return countriesByCallingCode.get(callingCode.replace(/^\+/, ''))?.[0];
}

/** The form's calling code as "+NN": "+44", "44", " +44 " → "+44"; missing or blank → "+1"; null when it is not
 *  1-4 digits. A well-formed code no country has (e.g. "+1876", an area code sent with its country's code) is
 *  kept: national numbers are then read as "+<code><digits>". */
export function normalizeCountryCode(input: string | null | undefined): string | null {
  const text = (input ?? '').trim();
  if (text === '') return defaultCountryCode;
  const match = /^\+?\s*(\d{1,4})$/.exec(text);
  return match ? `+${match[1]}` : null;
}

const digitsOf = (text: string) => text.replace(/\D/g, '');
const e164 = (digits: string) => (digits.length >= 1 && digits.length <= maxNumberDigits ? `+${digits}` : null);

/**
 * A number as typed → E.164 ("+447700900123"), or null when it has more than 15 digits. `countryCode` ("+44")
 * is the form's calling code, used only for a number without "+" or "00" (default "+1").
 * Check `hasEnoughDigits` first: this function assumes the form's rule passed.
 */
export function toE164(input: string, countryCode: string = defaultCountryCode): string | null {
  const text = input.trim();
  const international = text.startsWith('+') ? text : text.startsWith('00') ? `+${text.slice(2)}` : null;
  if (international !== null) {
    // "+44 (0) 7700 900123": the bracketed trunk prefix is not dialled from abroad
    const cleaned = international.replace(/\(\s*0\s*\)/, ' ');
    const parsed = parsePhoneNumberFromString(cleaned);
    if (parsed?.isValid()) return parsed.number;
    return e164(parsed ? `${parsed.countryCallingCode}${parsed.nationalNumber}` : digitsOf(cleaned));
  }
  const code = digitsOf(countryCode) || digitsOf(defaultCountryCode);
  const country = mainCountryOf(code);
  // the trunk 0 of a national number ("07700 900123") is not part of its international form
  const national = digitsOf(text).replace(/^0/, '');
  const parsed = country ? parsePhoneNumberFromString(text, country) : parsePhoneNumberFromString(`+${code}${national}`);
  if (parsed?.isValid()) return parsed.number;
  // libphonenumber read an international call prefix ("011 44 …" with +1): keep the number it dialled
  if (country && parsed && parsed.countryCallingCode !== code) return e164(`${parsed.countryCallingCode}${parsed.nationalNumber}`);
  return e164(`${code}${national}`);
}

/** The calling code of an E.164 number as "+NN" ("+447700900123" → "+44"), or null when libphonenumber cannot tell. */
export function callingCodeOf(number: string): string | null {
  const parsed = parsePhoneNumberFromString(number);
  return parsed ? `+${parsed.countryCallingCode}` : null;
}
