import { describe, expect, test } from 'bun:test';
import { formatPhoneNumber, splitPhoneNumber, toE164 } from './phone.ts';

describe('formatPhoneNumber', () => {
  test('international format', () => {
    expect(formatPhoneNumber('+447700900123')).toBe('+44 7700 900123');
    expect(formatPhoneNumber('+12025550123')).toBe('+1 202 555 0123');
  });
  test('shown as it is when it cannot be parsed', () => {
    expect(formatPhoneNumber('not a number')).toBe('not a number');
    expect(formatPhoneNumber('')).toBe('');
  });
});

describe('toE164: what the api will store', () => {
  test('a leading + keeps its own code', () => {
    expect(toE164('+44 7700 900123', '+1')).toBe('+447700900123');
  });
  test("otherwise the picker's code goes in front, without a trunk 0", () => {
    expect(toE164('07700 900123', '+44')).toBe('+447700900123');
    expect(toE164('(202) 555-0123', '+1')).toBe('+12025550123');
    expect(toE164('030 1234567', '+49')).toBe('+49301234567');
  });
  test('numbers libphonenumber cannot read still become +code+digits', () => {
    expect(toE164('12345', '+44')).toBe('+4412345');
    expect(toE164('5551234', null)).toBe('+15551234');
  });
});

describe('splitPhoneNumber: for the form', () => {
  test("the contact's own code when the number starts with it", () => {
    expect(splitPhoneNumber('+447700900123', '+44')).toEqual({ countryCode: '+44', number: '7700900123' });
    expect(splitPhoneNumber('+390612345678', '+39')).toEqual({ countryCode: '+39', number: '0612345678' });
  });
  test('otherwise the code libphonenumber reads', () => {
    expect(splitPhoneNumber('+447700900123', null)).toEqual({ countryCode: '+44', number: '7700900123' });
    expect(splitPhoneNumber('+12025550123', '+44')).toEqual({ countryCode: '+1', number: '2025550123' });
  });
  test('a number without + keeps the fallback (or preferred) code', () => {
    expect(splitPhoneNumber('7700 900123', null, '+44')).toEqual({ countryCode: '+44', number: '7700 900123' });
    expect(splitPhoneNumber('7700 900123', '+33')).toEqual({ countryCode: '+33', number: '7700 900123' });
    expect(splitPhoneNumber('2025550123', null)).toEqual({ countryCode: '+1', number: '2025550123' });
  });
  test('an unreadable +number stays whole (its + wins over the picker)', () => {
    expect(splitPhoneNumber('+999 12', null)).toEqual({ countryCode: '+1', number: '+999 12' });
  });
});
