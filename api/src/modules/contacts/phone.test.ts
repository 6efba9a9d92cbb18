import { describe, expect, test } from 'bun:test';
import { callingCodeOf, hasEnoughDigits, mainCountryOf, normalizeCountryCode, toE164 } from './phone.ts';
import { contactId, parseContactInput, parseContactPatch, searchTerms } from './service.ts';
import { HttpError } from '../../plugins/errors.ts';

describe('hasEnoughDigits (spec §5: 4 digits after a leading +code of 1-4 digits)', () => {
  const cases: [string, boolean][] = [
    ['+1 555-1234', true],
    ['+44 12', false],
    ['+4412', false],
    ['+447700', false], // "+4477" is taken as the code: 2 digits left
    ['+4477001', false],
    ['+44770012', true],
    ['1234', true],
    ['123', false],
    ['12-3', false],
    ['(0) 1-2-3-4', true],
    ['  +1 2345  ', true],
    ['phone', false],
    ['', false],
  ];
  for (const [input, ok] of cases) test(`${JSON.stringify(input)} → ${ok}`, () => expect(hasEnoughDigits(input)).toBe(ok));
});

describe('toE164', () => {
  const cases: [string, string | undefined, string | null][] = [
    ['07700 900123', '+44', '+447700900123'],
    ['+44 7700 900123', '+1', '+447700900123'],
    ['0044 7700 900123', undefined, '+447700900123'],
    ['+44 (0) 7700 900123', undefined, '+447700900123'],
    ['(202) 555-0123', undefined, '+12025550123'],
    ['+1 (202) 555-0123 ext. 12', undefined, '+12025550123'],
    ['011 44 7700 900123', '+1', '+447700900123'],
    ['06 1234 5678', '+39', '+390612345678'], // Italy keeps its leading 0
    ['8 912 345 67 89', '+7', '+79123456789'], // Russia's trunk prefix is 8
    ['030 1234567', '+49', '+49301234567'],
    // what libphonenumber does not accept is kept as +<code><digits> without the trunk 0
    ['+1 555-1234', undefined, '+15551234'],
    ['07700 900123', '+1', '+17700900123'],
    ['1234', '+44', '+441234'],
    ['+999 1234', undefined, '+9991234'],
    ['5551234', '+1876', '+18765551234'], // a code no country has: read as +<code><digits>
    ['+44 1234 5678 9012 3456', undefined, null],
    ['1234 5678 9012 3456', '+44', null],
  ];
  for (const [input, code, expected] of cases) {
    test(`${JSON.stringify(input)} with ${code ?? 'no code'} → ${expected}`, () => expect(toE164(input, code)).toBe(expected));
  }
});

test('the main country of a calling code', () => {
  expect(mainCountryOf('+1')).toBe('US');
  expect(mainCountryOf('44')).toBe('GB');
  expect(mainCountryOf('+7')).toBe('RU');
  expect(mainCountryOf('+61')).toBe('AU');
  expect(mainCountryOf('+999')).toBeUndefined();
  expect(callingCodeOf('+447700900123')).toBe('+44');
  expect(callingCodeOf('+12025550123')).toBe('+1');
});

test('the form calling code as "+NN"', () => {
  expect(normalizeCountryCode('+44')).toBe('+44');
  expect(normalizeCountryCode(' 44 ')).toBe('+44');
  expect(normalizeCountryCode('+ 353')).toBe('+353');
  expect(normalizeCountryCode('')).toBe('+1');
  expect(normalizeCountryCode(null)).toBe('+1');
  expect(normalizeCountryCode(undefined)).toBe('+1');
  expect(normalizeCountryCode('UK')).toBeNull();
  expect(normalizeCountryCode('+12345')).toBeNull();
});

test('search terms: digits only for what looks like a number', () => {
  expect(searchTerms(undefined)).toBeNull();
  expect(searchTerms('  ')).toBeNull();
  expect(searchTerms(' Ada ')).toEqual({ text: 'Ada', digits: null });
  expect(searchTerms('7700 900')).toEqual({ text: '7700 900', digits: '7700900' });
  expect(searchTerms('+44 (0)7700-900')).toEqual({ text: '+44 (0)7700-900', digits: '4407700900' });
  expect(searchTerms('Room 101')).toEqual({ text: 'Room 101', digits: null });
  expect(searchTerms('+')).toEqual({ text: '+', digits: null });
});

test('ids: only a uuid names a contact', () => {
  const id = crypto.randomUUID();
  expect(contactId(id)).toBe(id);
  expect(contactId(id.toUpperCase())).toBe(id);
  for (const bad of ['', '1', 'abc', `${id}0`, `${id.slice(0, -1)}g`]) {
    expect(() => contactId(bad)).toThrow(new HttpError(404, 'not_found', 'Contact not found'));
  }
});

describe('bodies', () => {
  const messageOf = (work: () => unknown) => {
    try {
      work();
    } catch (error) {
      if (error instanceof HttpError) return [error.status, error.code, error.message, error.details];
      throw error;
    }
    return null;
  };

  test('a valid form: trimmed, E.164, defaults', () => {
    expect(parseContactInput({ displayName: ' Ada ', primaryNumber: ' 07700 900123 ', countryCode: '44', email: ' a@b.co ', notes: ' hi ' })).toEqual({
      displayName: 'Ada',
      primaryNumber: '+447700900123',
      countryCode: '+44',
      email: 'a@b.co',
      notes: 'hi',
      favorite: false,
    });
  });

  test('wrong types get the field message, never a crash', () => {
    expect(messageOf(() => parseContactInput({ displayName: 42, primaryNumber: 5551234, email: 1, notes: {}, favorite: 'no' } as never))).toEqual([
      400,
      'validation_failed',
      'Name is required',
      {
        fieldErrors: {
          displayName: 'Name is required',
          primaryNumber: 'Please enter a valid phone number',
          email: 'Please enter a valid email address',
          notes: 'Notes must be text',
          favorite: 'Favorite must be true or false',
        },
      },
    ]);
    expect(messageOf(() => parseContactInput(null as never))).toEqual([400, 'bad_request', 'Send the contact as a JSON object.', undefined]);
    expect(messageOf(() => parseContactInput({ displayName: 'Ada', primaryNumber: '+15551234', notes: 'x'.repeat(5001) }))?.[2]).toBe(
      'Notes must be at most 5,000 characters',
    );
  });

  test('U+0000 (which PostgreSQL text cannot hold) never reaches the database', () => {
    expect(parseContactInput({ displayName: 'Ada\u0000\nLovelace', primaryNumber: '+15551234', notes: 'line 1\n\u0000line 2' })).toMatchObject({
      displayName: 'Ada Lovelace',
      notes: 'line 1\nline 2',
    });
    expect(messageOf(() => parseContactInput({ displayName: '\u0000', primaryNumber: '+15551234', email: 'a\u0000@b.co' }))?.[3]).toEqual({
      fieldErrors: { displayName: 'Name is required', email: 'Please enter a valid email address' },
    });
    expect(searchTerms('\u0000ada\u0000')).toEqual({ text: 'ada', digits: null });
  });

  test('a patch keeps only the fields sent; the number stays as typed until the calling code is known', () => {
    expect(parseContactPatch({})).toEqual({});
    expect(parseContactPatch({ primaryNumber: ' 07700 900123 ', email: '', id: 'ignored', userId: 'ignored' } as never)).toEqual({
      rawNumber: '07700 900123',
      email: null,
    });
    expect(parseContactPatch({ countryCode: null, notes: null, favorite: false })).toEqual({ countryCode: '+1', notes: null, favorite: false });
  });
});
