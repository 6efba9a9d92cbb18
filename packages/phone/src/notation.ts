// `@ringwise/phone/notation`: phone numbers as people write them, read without libphonenumber's metadata, so the
// landing page's demo dialer gets them for a few hundred bytes: calling codes as "+NN", the "(0)" trunk notation,
// the international call prefixes, and splitting a full number among the calling codes a picker offers.
// `@ringwise/phone` (index.ts) reads numbers with the metadata on top of these same rules.

/** E.164: at most 15 digits, the calling code included. */
export const maxE164Digits = 15;

/**
 * E.164 as every number is stored and sent: "+", a calling code (its first digit never 0) and a number after it, at
 * most 15 digits in all. A calling code alone ("+1") is not a number. The one definition: the contract's E164
 * schema is this pattern; whether a number is valid (a line that exists) is `lineOf`'s question.
 */
export const e164Pattern = new RegExp(`^\\+[1-9]\\d{1,${maxE164Digits - 1}}$`);

/** Whether a text is a number written in E.164 ("+447700900123"), nothing around it. */
export function isE164(text: string): boolean {
  return e164Pattern.test(text);
}

/**
 * A calling code as "+NN": "44", " +44 ", "+ 353" → "+44", "+353"; null when it is not 1-4 digits (blank too).
 * Four digits are accepted because an area code is sometimes sent with its country's code ("+1876"): a national
 * number is then read after "+1876".
 */
export function normalizeCallingCode(input: string | null | undefined): string | null {
  const match = /^\+?\s*(\d{1,4})$/.exec((input ?? '').trim());
  return match ? `+${match[1]}` : null;
}

/**
 * "+44 (0)20 7946 0000": the bracketed trunk 0 is not dialled from abroad, and a number dialled at home loses its
 * trunk prefix when it is stored anyway, so "(0)" is dropped wherever it is written. The one place it is handled.
 */
export function withoutTrunkNotation(text: string): string {
  return text.replace(/\(\s*0\s*\)/g, ' ');
}

/**
 * What follows the international call prefix of a (trimmed) number, or null when it has none: "+" and "00" (most of
 * the world) always, "011" when the number is dialled from North America, i.e. `homeCallingCode` is "+1", or when no
 * home is known (the rate lookup, where every number is international). No calling code starts with 0, so neither
 * prefix can be the start of a number written with its calling code.
 */
export function afterInternationalPrefix(text: string, homeCallingCode?: string): string | null {
  if (text.startsWith('+')) return text.slice(1);
  if (text.startsWith('00')) return text.slice(2);
  if (text.startsWith('011') && (homeCallingCode === undefined || homeCallingCode === '+1')) return text.slice(3);
  return null;
}

/** A calling code a picker offers ("+44"), with the most digits a national number under it has (no trunk prefix). */
export interface OfferedCallingCode {
  code: string;
  maxNationalDigits: number;
}

/** A full number split for a picker: its calling code ("+44") and the digits after it ("7700900123"). */
export interface SplitNumber {
  callingCode: string;
  nationalNumber: string;
}

/** A written phone number: an optional leading +, then digits and the usual separators. */
const phoneLike = /^\+?[\d\s().\-/]*$/;
const separators = /[\s().\-/]/g;
const digitsOfCode = (offered: OfferedCallingCode) => offered.code.slice(1);

/** The longest of `offered` whose digits start `digits`. */
function longestCodeAt(digits: string, offered: readonly OfferedCallingCode[]): OfferedCallingCode | undefined {
  let best: OfferedCallingCode | undefined;
  for (const code of offered) {
    if (digits.startsWith(digitsOfCode(code)) && digitsOfCode(code).length > (best ? digitsOfCode(best).length : 0)) best = code;
  }
  return best;
}

/**
 * A full number as typed or pasted ("+44 7700 900123", "0044 7700 900123", "011 44 7700 900123" under +1,
 * "447700900123") read as one of the `offered` calling codes and the digits after it; the longest offered code wins.
 * Null when the text is not such a number, which leaves it as typed.
 *  - After an international prefix, any offered code splits as soon as it is complete ("+44" → +44 and "").
 *  - Bare digits carry a code only when they are too long for a national number (of the picked code's country, else
 *    of any offered one) while what follows the code is short enough for one: "14155551234" under +1,
 *    "447700900123" under any of the demo's codes; never "5551234567" under +1 (a US number, not Brazil's 55), nor
 *    "55991234567" under +55 (a Brazilian number of area code 55).
 */
export function splitFullNumber(input: string, pickedCode: string, offered: readonly OfferedCallingCode[]): SplitNumber | null {
  const text = withoutTrunkNotation(input).trim();
  if (!text || !phoneLike.test(text)) return null;
  const compact = text.replace(separators, '');
  const split = (digits: string, code: OfferedCallingCode): SplitNumber => ({
    callingCode: code.code,
    nationalNumber: digits.slice(digitsOfCode(code).length),
  });

  const international = afterInternationalPrefix(compact, pickedCode);
  if (international !== null) {
    const code = longestCodeAt(international, offered);
    return code ? split(international, code) : null;
  }

  const fits = (code: OfferedCallingCode) =>
    compact.startsWith(digitsOfCode(code)) && compact.length - digitsOfCode(code).length <= code.maxNationalDigits;
  const picked = offered.find((code) => code.code === pickedCode);
  if (picked && compact.length > picked.maxNationalDigits && fits(picked)) return split(compact, picked);
  const longestNational = Math.max(...offered.map((code) => code.maxNationalDigits));
  const code = compact.length > longestNational ? longestCodeAt(compact, offered) : undefined;
  return code && fits(code) ? split(compact, code) : null;
}

/** The 12-key keypad of a phone, with the letters printed on its keys. */
export const keypadKeys: ReadonlyArray<readonly [key: string, letters: string]> = [
  ['1', ''],
  ['2', 'ABC'],
  ['3', 'DEF'],
  ['4', 'GHI'],
  ['5', 'JKL'],
  ['6', 'MNO'],
  ['7', 'PQRS'],
  ['8', 'TUV'],
  ['9', 'WXYZ'],
  ['*', ''],
  ['0', '+'],
  ['#', ''],
];
