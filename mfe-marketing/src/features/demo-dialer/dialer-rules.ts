// The demo dialer's rules (spec §2 "Demo dialer"), pure so they are tested without a browser.
import { DEMO_COUNTRY_CODES, type DemoCountryCode } from './demo-codes.ts';

/** What the dialer holds: the picked calling code ("+44") and the number field's text (any text). */
export interface DialerValue {
  code: string;
  number: string;
}

export const HINT_READY = 'Sign up to see real rates';
export const HINT_EMPTY = 'Enter number to continue';

/** The 12-key keypad: 1-9, *, 0, # with the letters printed on phone keys. */
export const KEYPAD_KEYS: readonly { key: string; letters: string }[] = [
  { key: '1', letters: '' },
  { key: '2', letters: 'ABC' },
  { key: '3', letters: 'DEF' },
  { key: '4', letters: 'GHI' },
  { key: '5', letters: 'JKL' },
  { key: '6', letters: 'MNO' },
  { key: '7', letters: 'PQRS' },
  { key: '8', letters: 'TUV' },
  { key: '9', letters: 'WXYZ' },
  { key: '*', letters: '' },
  { key: '0', letters: '+' },
  { key: '#', letters: '' },
];

/** The code and the number as one string, e.g. "+447700900123". */
export function combinedValue({ code, number }: DialerValue): string {
  return `${code}${number}`;
}

/** 'Sign up to see real rates' once the combined value differs from the code alone. */
export function dialerHint(value: DialerValue): string {
  return combinedValue(value) !== value.code ? HINT_READY : HINT_EMPTY;
}

/** A written phone number: an optional leading +, then digits and the usual separators. */
const PHONE_LIKE = /^\+?[\d\s().\-/]*$/;
const SEPARATORS = /[\s().\-/]/g;
const digitsOf = (code: DemoCountryCode) => code.code.slice(1);

/** The longest of `codes` whose digits start `digits`. */
function longestCodeAt(digits: string, codes: readonly DemoCountryCode[]): DemoCountryCode | undefined {
  let best: DemoCountryCode | undefined;
  for (const code of codes) {
    if (digits.startsWith(digitsOf(code)) && digitsOf(code).length > (best ? digitsOf(best).length : 0)) best = code;
  }
  return best;
}

/**
 * Reads a full number ("+44 7700 900123", "0044 7700 900123", "447700900123") as a known code and the
 * rest, digits only: the longest of the 12 codes wins. Null when the text is not such a number, which
 * leaves it in the field as typed.
 */
export function splitFullNumber(
  input: string,
  pickedCode: string,
  codes: readonly DemoCountryCode[] = DEMO_COUNTRY_CODES,
): DialerValue | null {
  const text = input.replace(/\(0\)/g, '').trim(); // "+44 (0)20 …": the bracketed trunk 0 is not dialled
  if (!text || !PHONE_LIKE.test(text)) return null;
  const compact = text.replace(SEPARATORS, '');
  const split = (digits: string, code: DemoCountryCode): DialerValue => ({
    code: code.code,
    number: digits.slice(digitsOf(code).length),
  });

  const international = compact.startsWith('+') ? compact.slice(1) : compact.startsWith('00') ? compact.slice(2) : null;
  if (international !== null) {
    const code = longestCodeAt(international, codes);
    return code ? split(international, code) : null;
  }

  // Bare digits carry a code only when they are too long for a national number (of the picked code's
  // country, else of any of the 12) while what follows the code is short enough for one: "14155551234"
  // under +1, "447700900123" under any code; not "5551234567" under +1 (a US number, not Brazil's 55), nor
  // "55991234567" under +55 (a Brazilian number of area code 55).
  const fits = (code: DemoCountryCode) =>
    compact.startsWith(digitsOf(code)) && compact.length - digitsOf(code).length <= code.maxNationalDigits;
  const picked = codes.find((code) => code.code === pickedCode);
  if (picked && compact.length > picked.maxNationalDigits && fits(picked)) return split(compact, picked);
  const longestNational = Math.max(...codes.map((code) => code.maxNationalDigits));
  const code = compact.length > longestNational ? longestCodeAt(compact, codes) : undefined;
  return code && fits(code) ? split(compact, code) : null;
}

/** The number field's new text: split into code and number when it is a full number, else kept as typed. */
export function typeNumber(value: DialerValue, text: string): DialerValue {
  return splitFullNumber(text, value.code) ?? { code: value.code, number: text };
}

/** A keypad press appends its character (and a full number is split like typed text). */
export function pressKey(value: DialerValue, key: string): DialerValue {
  return typeNumber(value, value.number + key);
}

/** Removes the number's last character (a whole emoji or accented letter, not half of one). */
export function backspace(value: DialerValue): DialerValue {
  return { code: value.code, number: Array.from(value.number).slice(0, -1).join('') };
}

/** A pasted full number replaces the field and the code; anything else is pasted as usual (null). */
export function pasteNumber(value: DialerValue, pasted: string): DialerValue | null {
  return splitFullNumber(pasted, value.code);
}
