// Dialled numbers as the rate lookup reads them: international format only (there is no default country),
// so "+44 7700 900123", "0044 7700 900123", "011 44 7700 900123" and "447700900123" are the same number.
// libphonenumber-js extracts the digits (any script's digits, formatting dropped) and tells a number's type.
import { parseIncompletePhoneNumber, parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { HttpError } from '../../plugins/errors.ts';

/** Spec §5: a rate lookup only runs for 8+ characters. */
export const minLookupCharacters = 8;
/** E.164: at most 15 digits with the calling code. */
export const maxNumberDigits = 15;

const allowed = /^\+?[\p{Nd}\s().\-/]+$/u;

const badRequest = (message: string) => new HttpError(400, 'bad_request', message);

/** The E.164 digits of a dialled number (no plus), or a 400 saying what is wrong with it. */
export function normalizeDialledNumber(input: string | undefined): string {
  const text = (input ?? '').trim();
  if (text === '') throw badRequest('Give the number to look up, e.g. ?number=%2B447700900123.');
  if (text.length < minLookupCharacters) throw badRequest(`A rate lookup needs at least ${minLookupCharacters} characters.`);
  if (!allowed.test(text)) throw badRequest('A number may only hold digits, spaces, dashes, dots, brackets and a leading +.');
  // "+44 (0) 7700 900123": the bracketed trunk prefix is not dialled from abroad
  const parsed = parseIncompletePhoneNumber(text.replace(/\(\s*0\s*\)/, ''));
  let digits = parsed.startsWith('+') ? parsed.slice(1) : parsed;
  if (!parsed.startsWith('+')) {
    // international call prefixes: 00 (most of the world), 011 (North America); no calling code starts with 0
    if (digits.startsWith('011')) digits = digits.slice(3);
    else if (digits.startsWith('00')) digits = digits.slice(2);
  }
  if (digits === '') throw badRequest('The number has no digits.');
  if (digits.startsWith('0')) throw badRequest('Give the number in international format, with its country code (e.g. +44 7700 900123).');
  if (digits.length > maxNumberDigits) throw badRequest(`A phone number has at most ${maxNumberDigits} digits with its country code.`);
  return digits;
}

/** libphonenumber's type of a number when it is definite: 'mobile', 'landline', or null (unknown, FIXED_LINE_OR_MOBILE, …). */
export function definiteNumberType(digits: string): 'mobile' | 'landline' | null {
  const type = parsePhoneNumberFromString(`+${digits}`)?.getType();
  return type === 'MOBILE' ? 'mobile' : type === 'FIXED_LINE' ? 'landline' : null;
}
