// The service's pure parsing of requests: bodies, ids and search terms (the numbers' own rules are
// @ringwise/phone's, tested there).
import { describe, expect, test } from 'bun:test';
import { callingCodeOf } from '@ringwise/phone';
import { contactId, parseContactInput, parseContactPatch, parseFromCall, searchTerms } from './service.ts';
import { HttpError } from '../../plugins/errors.ts';

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

  test('the 4 digits are counted on the number as stored (E.164), not on the text as typed', () => {
    const invalid = { primaryNumber: 'Please enter a valid phone number' };
    // "(0)" is not dialled and 00 is an international prefix: 3 digits remain after the calling code
    expect(messageOf(() => parseContactInput({ displayName: 'Ada', primaryNumber: '(0)12 3', countryCode: '+1' }))?.[3]).toEqual({ fieldErrors: invalid });
    expect(messageOf(() => parseContactInput({ displayName: 'Ada', primaryNumber: '0044 123' }))?.[3]).toEqual({ fieldErrors: invalid });
    expect(messageOf(() => parseFromCall({ displayName: 'Ada', phoneNumber: '0044 123' }))?.[3]).toEqual({ fieldErrors: { phoneNumber: invalid.primaryNumber } });
    // the calling code is the number's own, 1-3 digits: "+4477" is not taken for one
    expect(parseContactInput({ displayName: 'Ada', primaryNumber: '+447700' }).primaryNumber).toBe('+447700');
    expect(parseFromCall({ displayName: 'Ada', phoneNumber: '0044 7700 900123' })).toMatchObject({ primaryNumber: '+447700900123', countryCode: '+44' });
    // a bad calling code is reported on its own; the number is only checked to be there
    expect(messageOf(() => parseContactInput({ displayName: 'Ada', primaryNumber: '12', countryCode: 'UK' }))?.[3]).toEqual({
      fieldErrors: { countryCode: 'Please choose a valid country code, such as +44' },
    });
  });

  test('nothing is stored with fewer than 4 digits after its calling code', () => {
    const typed = ['(0)12 3', '0044 123', '012 3', '0123', '1234', '123 4', '+4412', '+44 (0) 123', '011 44 123', '00 1 234', '+1 (0) 234', '12-3', '(1) 2 3'];
    const stored: string[] = [];
    for (const primaryNumber of typed) {
      for (const countryCode of ['+1', '+44', '+39', '+7', '+1876']) {
        try {
          stored.push(parseContactInput({ displayName: 'Ada', primaryNumber, countryCode }).primaryNumber);
        } catch (error) {
          if (!(error instanceof HttpError)) throw error;
        }
      }
    }
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.filter((number) => number.length - (callingCodeOf(number)?.length ?? number.length) < 4)).toEqual([]);
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
