import { describe, expect, test } from 'bun:test';
import { DEFAULT_DEMO_CODE, DEMO_COUNTRY_CODES } from './demo-codes.ts';
import {
  HINT_EMPTY,
  HINT_READY,
  KEYPAD_KEYS,
  backspace,
  combinedValue,
  dialerHint,
  pasteNumber,
  pressKey,
  splitFullNumber,
  typeNumber,
} from './dialer-rules.ts';

describe('demo codes', () => {
  test('are the 12 codes of spec §3, +1 first and by default', () => {
    expect(DEMO_COUNTRY_CODES.map((c) => `${c.code} ${c.country}`)).toEqual([
      '+1 US/Canada',
      '+44 UK',
      '+33 France',
      '+49 Germany',
      '+39 Italy',
      '+34 Spain',
      '+81 Japan',
      '+86 China',
      '+91 India',
      '+61 Australia',
      '+55 Brazil',
      '+52 Mexico',
    ]);
    expect(DEFAULT_DEMO_CODE).toBe('+1');
    expect(DEMO_COUNTRY_CODES.every((c) => /^[A-Z]{2}$/.test(c.region))).toBe(true);
  });
});

describe('keypad', () => {
  test('has 12 keys 1-9, *, 0, # with phone letters', () => {
    expect(KEYPAD_KEYS.map((k) => k.key).join('')).toBe('123456789*0#');
    expect(KEYPAD_KEYS.map((k) => k.letters)).toEqual(['', 'ABC', 'DEF', 'GHI', 'JKL', 'MNO', 'PQRS', 'TUV', 'WXYZ', '', '+', '']);
  });
});

describe('hint', () => {
  test("reads 'Enter number to continue' while the combined value is the code alone", () => {
    expect(combinedValue({ code: '+44', number: '' })).toBe('+44');
    expect(dialerHint({ code: '+44', number: '' })).toBe(HINT_EMPTY);
    expect(HINT_EMPTY).toBe('Enter number to continue');
  });

  test("reads 'Sign up to see real rates' once anything is in the number field", () => {
    expect(combinedValue({ code: '+44', number: '7700' })).toBe('+447700');
    expect(dialerHint({ code: '+44', number: '7700' })).toBe(HINT_READY);
    expect(dialerHint({ code: '+1', number: 'abc' })).toBe(HINT_READY);
    expect(HINT_READY).toBe('Sign up to see real rates');
  });
});

describe('splitFullNumber', () => {
  const uk = { code: '+44', number: '7700900123' };

  test('splits a number written with +, 00 or bare digits into the known code and the rest', () => {
    expect(splitFullNumber('+447700900123', '+1')).toEqual(uk);
    expect(splitFullNumber('447700900123', '+1')).toEqual(uk);
    expect(splitFullNumber('0044 7700 900123', '+1')).toEqual(uk);
    expect(splitFullNumber(' +44 (0)7700-900.123 ', '+1')).toEqual(uk);
    expect(splitFullNumber('+1 (415) 555-1234', '+44')).toEqual({ code: '+1', number: '4155551234' });
    expect(splitFullNumber('+91 98765 43210', '+1')).toEqual({ code: '+91', number: '9876543210' });
  });

  test('splits as soon as + or 00 is followed by a known code', () => {
    expect(splitFullNumber('+44', '+1')).toEqual({ code: '+44', number: '' });
    expect(splitFullNumber('0033', '+1')).toEqual({ code: '+33', number: '' });
    expect(splitFullNumber('+4', '+1')).toBeNull();
    expect(splitFullNumber('+', '+1')).toBeNull();
    expect(splitFullNumber('00', '+1')).toBeNull();
  });

  test('takes the longest matching code', () => {
    const codes = [
      { code: '+1', country: 'NANP', region: 'US', aliases: [], maxNationalDigits: 10 },
      { code: '+1242', country: 'Bahamas', region: 'BS', aliases: [], maxNationalDigits: 7 },
    ];
    expect(splitFullNumber('+12423456789', '+1', codes)).toEqual({ code: '+1242', number: '3456789' });
    expect(splitFullNumber('+14155551234', '+1', codes)).toEqual({ code: '+1', number: '4155551234' });
  });

  test('strips the picked code typed again in front of a national number', () => {
    expect(splitFullNumber('14155551234', '+1')).toEqual({ code: '+1', number: '4155551234' });
    expect(splitFullNumber('33612345678', '+33')).toEqual({ code: '+33', number: '612345678' });
  });

  test('leaves national numbers alone, even when they start like another code', () => {
    expect(splitFullNumber('5551234567', '+1')).toBeNull(); // 55 is Brazil, but this is a US number
    expect(splitFullNumber('9198765432', '+91')).toBeNull(); // an Indian mobile starting 91
    expect(splitFullNumber('55991234567', '+55')).toBeNull(); // Brazil, area code 55
    expect(splitFullNumber('13812345678', '+86')).toBeNull(); // a Chinese mobile starting 1
    expect(splitFullNumber('07700900123', '+44')).toBeNull(); // UK with its trunk 0
    expect(splitFullNumber('4477009', '+1')).toBeNull(); // still typing
  });

  test('leaves unknown codes and text that is not a phone number alone', () => {
    expect(splitFullNumber('+7 495 123 45 67', '+1')).toBeNull();
    expect(splitFullNumber('+44abc', '+1')).toBeNull();
    expect(splitFullNumber('call +447700900123', '+1')).toBeNull();
    expect(splitFullNumber('447700900123*', '+1')).toBeNull();
    expect(splitFullNumber('', '+1')).toBeNull();
  });
});

describe('editing', () => {
  test('typing keeps any text, and splits a full number', () => {
    expect(typeNumber({ code: '+1', number: '' }, 'hello')).toEqual({ code: '+1', number: 'hello' });
    expect(typeNumber({ code: '+1', number: '44770090012' }, '447700900123')).toEqual({
      code: '+44',
      number: '7700900123',
    });
  });

  test('keypad presses append, and 00 + a code dialled on the keypad switches the code', () => {
    let value = { code: '+1', number: '' };
    for (const key of '0044') value = pressKey(value, key);
    expect(value).toEqual({ code: '+44', number: '' });
    for (const key of '7700*#') value = pressKey(value, key);
    expect(value).toEqual({ code: '+44', number: '7700*#' });
  });

  test('backspace removes the last character, a whole emoji included', () => {
    expect(backspace({ code: '+1', number: '415' })).toEqual({ code: '+1', number: '41' });
    expect(backspace({ code: '+1', number: 'a😀' })).toEqual({ code: '+1', number: 'a' });
    expect(backspace({ code: '+1', number: '' })).toEqual({ code: '+1', number: '' });
  });

  test('a pasted full number replaces code and number; other text is pasted as usual', () => {
    expect(pasteNumber({ code: '+1', number: '123' }, '+44 7700 900123')).toEqual({ code: '+44', number: '7700900123' });
    expect(pasteNumber({ code: '+1', number: '123' }, '456')).toBeNull();
  });
});
