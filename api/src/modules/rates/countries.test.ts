import { describe, expect, test } from 'bun:test';
import { countryCallingCode } from '@ringwise/phone/numbering';
import { countries, foldText, getCountry } from './countries.ts';

describe('countries', () => {
  test('every country with a calling code (libphonenumber-js), with it, a name, a flag and a region', () => {
    expect(countries.length).toBe(countryCallingCode.size);
    expect(countries.length).toBeGreaterThanOrEqual(200);
    for (const [code, callingCode] of countryCallingCode) {
      const country = getCountry(code)!;
      expect(country.callingCode).toBe(callingCode);
      expect(country.name.length).toBeGreaterThan(1);
      expect(country.flag).toMatch(/^\p{RI}\p{RI}$/u);
      expect(country.region).not.toBe('');
      expect(country.subregion).not.toBe('');
    }
  });

  test('names from world-countries, the rest from Intl.DisplayNames with region Other; sorted by name', () => {
    expect(getCountry('gb')).toMatchObject({ name: 'United Kingdom', flag: '🇬🇧', callingCode: '44', region: 'Europe', subregion: 'Northern Europe' });
    expect(getCountry('AC')).toMatchObject({ name: 'Ascension Island', region: 'Other', flag: '🇦🇨' });
    const names = countries.map((c) => c.name);
    expect(names.indexOf('Åland Islands')).toBeLessThan(names.indexOf('Albania'));
    expect(foldText("Côte d'Ivoire")).toBe("cote d'ivoire");
  });
});
