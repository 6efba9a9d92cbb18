import { describe, expect, test } from 'bun:test';
import { regionsByCallingCode } from '@ringwise/phone';
import { CONTACT_COUNTRY_CODE_COUNT, buildCountryCodeOptions, contactCountryCodes, countryCodeOption, countryCodesIncluding } from './country-codes.ts';

describe('the contact form country codes', () => {
  const options = contactCountryCodes();

  test('about 95 distinct calling codes, including the default +1', () => {
    expect(CONTACT_COUNTRY_CODE_COUNT).toBe(95);
    expect(options).toHaveLength(95);
    expect(new Set(options.map((o) => o.value)).size).toBe(95);
    expect(options.some((o) => o.value === '+1')).toBe(true);
  });

  test('every code is a real one (libphonenumber-js), written with a plus', () => {
    const known = new Set(regionsByCallingCode().keys());
    for (const option of options) {
      expect(option.value).toMatch(/^\+\d{1,3}$/);
      expect(known.has(option.value)).toBe(true);
    }
  });

  test("the product's destinations are all there (landing demo codes and virtual-number countries)", () => {
    const codes = new Set(options.map((o) => o.value));
    for (const code of ['+1', '+44', '+33', '+49', '+39', '+34', '+81', '+86', '+91', '+61', '+55', '+52']) expect(codes.has(code)).toBe(true);
    for (const code of ['+31', '+32', '+41', '+46', '+47', '+45', '+358', '+353', '+351', '+48', '+64', '+65', '+852']) expect(codes.has(code)).toBe(true);
  });

  test('the most populous countries are there; North Korea is not', () => {
    const codes = new Set(options.map((o) => o.value));
    for (const code of ['+62', '+92', '+234', '+880', '+7', '+251', '+63', '+20', '+84', '+98', '+90']) expect(codes.has(code)).toBe(true);
    expect(codes.has('+850')).toBe(false);
  });

  test('names from Intl.DisplayNames; shared codes name two regions and find the others by keyword', () => {
    const byCode = new Map(options.map((o) => [o.value, o]));
    expect(byCode.get('+44')?.label).toBe('United Kingdom');
    expect(byCode.get('+1')?.label).toBe('United States / Canada');
    expect(byCode.get('+1')?.regions).toEqual(['US', 'CA']);
    expect(byCode.get('+1')?.keywords).toContain('Jamaica');
    expect(byCode.get('+7')?.label).toBe('Russia / Kazakhstan');
    expect(byCode.get('+44')?.keywords).toEqual(expect.arrayContaining(['44', 'GB', 'United Kingdom']));
    expect(byCode.get('+44')?.regions).toEqual(['GB']);
    expect(byCode.get('+1')?.region).toBe('US');
  });

  test('sorted by name', () => {
    const labels = options.map((o) => o.label);
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b, 'en')));
  });

  test('deterministic, and any count can be asked for', () => {
    expect(buildCountryCodeOptions().map((o) => o.value)).toEqual(options.map((o) => o.value));
    expect(buildCountryCodeOptions(10)).toHaveLength(10);
    expect(buildCountryCodeOptions(10, (region) => region).find((o) => o.value === '+1')?.label).toBe('US / CA');
  });

  test('a code outside the list can still be shown (an existing contact or a dialled number)', () => {
    expect(options.some((o) => o.value === '+297')).toBe(false);
    expect(countryCodeOption('+297')?.label).toBe('Aruba');
    expect(countryCodesIncluding('+297')[0]?.value).toBe('+297');
    expect(countryCodesIncluding('+44')).toBe(options);
    expect(countryCodeOption('+999')).toBeNull();
    expect(countryCodesIncluding('+999')).toBe(options);
  });
});
