// The demo dialer's rules (spec §2 "Demo dialer"), pure so they are tested without a browser. A full number is
// split with @ringwise/phone's notation entry, which needs no metadata: the landing page stays light.
import { keypadKeys, splitFullNumber } from '@ringwise/phone/notation';
import { DEMO_COUNTRY_CODES } from './demo-codes.ts';

/** What the dialer holds: the picked calling code ("+44") and the number field's text (any text). */
export interface DialerValue {
  code: string;
  number: string;
}

export const HINT_READY = 'Sign up to see real rates';
export const HINT_EMPTY = 'Enter number to continue';

/** The 12-key keypad: 1-9, *, 0, # with the letters printed on phone keys. */
export const KEYPAD_KEYS: readonly { key: string; letters: string }[] = keypadKeys.map(([key, letters]) => ({ key, letters }));

/** The code and the number as one string, e.g. "+447700900123". */
export function combinedValue({ code, number }: DialerValue): string {
  return `${code}${number}`;
}

/** 'Sign up to see real rates' once the combined value differs from the code alone. */
export function dialerHint(value: DialerValue): string {
  return combinedValue(value) !== value.code ? HINT_READY : HINT_EMPTY;
}

/**
 * A full number ("+44 7700 900123", "0044 7700 900123", "447700900123") as one of the 12 codes and the digits after
 * it, or null when the text is not such a number (it then stays in the field as typed).
 */
function splitAmongDemoCodes(text: string, pickedCode: string): DialerValue | null {
  const split = splitFullNumber(text, pickedCode, DEMO_COUNTRY_CODES);
  return split && { code: split.callingCode, number: split.nationalNumber };
}

/** The number field's new text: split into code and number when it is a full number, else kept as typed. */
export function typeNumber(value: DialerValue, text: string): DialerValue {
  return splitAmongDemoCodes(text, value.code) ?? { code: value.code, number: text };
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
  return splitAmongDemoCodes(pasted, value.code);
}
