// Test data in the api's shapes (@ringwise/contract/rates). Tests only.
import type { CountryDetail, CountryPrefixRate, RateCountry } from '@ringwise/contract/rates';

export function rateCountry(overrides: Partial<RateCountry> & Pick<RateCountry, 'id'>): RateCountry {
  return {
    country: overrides.id,
    countryCode: overrides.id,
    callingCode: '+0',
    flag: '🏳️',
    region: 'Europe',
    subregion: 'Western Europe',
    mobileRate: '0.100000',
    landlineRate: '0.050000',
    ...overrides,
  };
}

const prefixLines: CountryPrefixRate[] = [
  { name: 'Landline', prefixes: ['441', '442', '443'], rate: '0.015000', numberType: 'landline' },
  { name: 'Mobile', prefixes: ['447'], rate: '0.032000', numberType: 'mobile' },
  ...Array.from({ length: 9 }, (_, i): CountryPrefixRate => ({
    name: `Mobile - Carrier ${i + 1}`,
    prefixes: Array.from({ length: 3 + i * 2 }, (_, j) => `4477${i}${String(j).padStart(2, '0')}`),
    rate: `0.04${i}000`,
    numberType: 'mobile',
  })),
  { name: 'Standard Rate', prefixes: ['4470'], rate: '0.500000', numberType: 'other' },
];

/** The United Kingdom with 12 pricing lines and 7 related countries (the page shows 10 and 6). */
export const unitedKingdom: CountryDetail = {
  id: 'GB',
  country: 'United Kingdom',
  name: 'United Kingdom',
  countryCode: 'GB',
  callingCode: '+44',
  flag: '🇬🇧',
  region: 'Europe',
  subregion: 'Northern Europe',
  mobileRate: '0.032000',
  landlineRate: '0.015000',
  prefixes: prefixLines,
  related: [
    rateCountry({ id: 'IE', country: 'Ireland', flag: '🇮🇪', callingCode: '+353', mobileRate: '0.045000', landlineRate: '0.020000' }),
    rateCountry({ id: 'FR', country: 'France', flag: '🇫🇷', callingCode: '+33', mobileRate: '0.030000', landlineRate: '0.012000' }),
    rateCountry({ id: 'DE', country: 'Germany', flag: '🇩🇪', callingCode: '+49', mobileRate: null, landlineRate: '0.018000' }),
    rateCountry({ id: 'NL', country: 'Netherlands', flag: '🇳🇱', callingCode: '+31' }),
    rateCountry({ id: 'BE', country: 'Belgium', flag: '🇧🇪', callingCode: '+32' }),
    rateCountry({ id: 'ES', country: 'Spain', flag: '🇪🇸', callingCode: '+34' }),
    rateCountry({ id: 'PT', country: 'Portugal', flag: '🇵🇹', callingCode: '+351' }),
  ],
};
