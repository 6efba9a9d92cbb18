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

describe('editing', () => {
  // how a full number splits is @ringwise/phone's (its table has the demo's cases); here, that the dialer uses it
  test('typing keeps any text, and splits a full number among the 12 codes', () => {
    expect(typeNumber({ code: '+1', number: '' }, 'hello')).toEqual({ code: '+1', number: 'hello' });
    expect(typeNumber({ code: '+1', number: '44770090012' }, '447700900123')).toEqual({
      code: '+44',
      number: '7700900123',
    });
    expect(typeNumber({ code: '+1', number: '5551234' }, '5551234567')).toEqual({ code: '+1', number: '5551234567' });
    expect(typeNumber({ code: '+1', number: '' }, '+7 495 123 45 67')).toEqual({ code: '+1', number: '+7 495 123 45 67' }); // not one of the 12
    expect(typeNumber({ code: '+44', number: '' }, '+44 (0)20 7946 0000')).toEqual({ code: '+44', number: '2079460000' });
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
