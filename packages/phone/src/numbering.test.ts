import { describe, expect, test } from 'bun:test';
import { getCountries, getCountryCallingCode, type CountryCode } from 'libphonenumber-js/max';
import { callingCodeOf, canStartWith, countryCallingCode, countryOfPrefix, finiteMatches, numberingPlans, parseDigitPattern } from './numbering.ts';

describe('number patterns', () => {
  test('canStartWith follows groups, classes, alternation and counted repeats', () => {
    const pattern = '7(?:[1-3]\\d\\d|4(?:[0-46-9]\\d|5[0-689]))\\d{6}|(?:1[2-9]|2[0-4])\\d{8}';
    expect(canStartWith(pattern, '7')).toBe(true);
    expect(canStartWith(pattern, '71')).toBe(true);
    expect(canStartWith(pattern, '745')).toBe(true);
    expect(canStartWith(pattern, '7457')).toBe(false);
    expect(canStartWith(pattern, '75')).toBe(false);
    expect(canStartWith(pattern, '25')).toBe(false);
    expect(canStartWith(pattern, '2412345678')).toBe(true);
    expect(canStartWith(pattern, '24123456789')).toBe(false); // longer than any match
    expect(canStartWith('[^0-8]\\d?', '9')).toBe(true);
    expect(canStartWith('[^0-8]\\d?', '1')).toBe(false);
  });

  test('finite patterns (leading digits) list their matches; unsupported syntax is refused', () => {
    expect(finiteMatches('1481|7(?:781|839|911)')).toEqual(['1481', '7781', '7839', '7911']);
    expect(() => parseDigitPattern('a+')).toThrow(/unsupported/);
    expect(() => parseDigitPattern('(?=1)')).toThrow(/unsupported/);
  });

  test('every number pattern of the installed metadata parses', () => {
    // numberingPlans() parses them all; a new syntax in a libphonenumber update fails here first
    expect(numberingPlans().length).toBe(getCountries().length);
  });
});

describe('countries', () => {
  test('every country libphonenumber knows, with its calling code (200+)', () => {
    expect([...countryCallingCode.keys()].sort()).toEqual([...getCountries()].sort());
    expect(countryCallingCode.size).toBeGreaterThanOrEqual(200);
    for (const [country, code] of countryCallingCode) expect([country, code]).toEqual([country, getCountryCallingCode(country as CountryCode)]);
  });
});

describe('the country of a prefix', () => {
  test.each([
    ['1', 'US'],
    ['1212', 'US'],
    ['1204', 'CA'],
    ['1416555', 'CA'],
    ['1876', 'JM'],
    ['44', 'GB'],
    ['447700', 'GB'],
    ['441481', 'GG'],
    ['447781', 'GG'],
    ['7', 'RU'],
    ['7701', 'KZ'],
    ['3906698', 'VA'],
    ['49', 'DE'],
    ['880', 'BD'],
  ])('%s is %s', (prefix, country) => {
    expect(countryOfPrefix(prefix)).toBe(country);
  });

  test('no calling code, no country', () => {
    expect(countryOfPrefix('4')).toBeNull();
    expect(countryOfPrefix('999')).toBeNull();
    expect(callingCodeOf('2125288123')).toBe('212');
  });
});

describe('numbering plans', () => {
  test('the UK: landline on the calling code, mobile on 447x (not 4470 personal, not 4476 pagers)', () => {
    const gb = numberingPlans().find((p) => p.country === 'GB')!;
    expect(gb.landline).toEqual(['44']);
    expect(gb.mobile).toEqual(['4471', '4472', '4473', '4474', '4475', '4477', '4478', '4479']);
  });

  test('NANP: the US has the bare calling code, Canada its area codes', () => {
    const plans = numberingPlans();
    const us = plans.find((p) => p.country === 'US')!;
    const ca = plans.find((p) => p.country === 'CA')!;
    expect(us.landline).toEqual(['1']);
    expect(us.mobile).toEqual(['1']);
    expect(ca.landline).toContain('1204');
    expect(ca.landline).toContain('1416');
    expect(ca.landline.length).toBeGreaterThan(30);
    expect(ca.landline.every((p) => /^1\d{3}$/.test(p))).toBe(true);
  });
});
