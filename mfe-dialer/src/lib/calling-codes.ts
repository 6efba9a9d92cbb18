// The dialer's 18 calling codes (spec §3: 'The dialer has 18 codes'), most called first, +1 the default.
import type { CallingCodeOption } from '@ringwise/ui/combobox';
import type { OfferedCallingCode } from '@ringwise/phone/notation';

export interface DialerCallingCode extends OfferedCallingCode, CallingCodeOption {
  /**
   * What national numbers of the region start with and a call from abroad leaves out ("0" in GB, none in IT): @ringwise/phone's
   * trunkPrefixOf, written here so the dialer's first load carries no numbering metadata (calling-codes.test.ts checks).
   */
  trunkPrefix: string | null;
}

const code = (value: string, label: string, region: string, maxNationalDigits: number, trunkPrefix: string | null, keywords: string[] = []): DialerCallingCode => ({
  value,
  code: value,
  label,
  region,
  maxNationalDigits,
  trunkPrefix,
  keywords: [region, ...keywords],
});

export const dialerCallingCodes: readonly DialerCallingCode[] = [
  code('+1', 'United States / Canada', 'US', 10, '1', ['USA', 'Canada', 'CA']),
  code('+44', 'United Kingdom', 'GB', 10, '0', ['UK', 'Britain', 'England']),
  code('+33', 'France', 'FR', 9, '0'),
  code('+49', 'Germany', 'DE', 11, '0', ['Deutschland']),
  code('+39', 'Italy', 'IT', 11, null, ['Italia']),
  code('+34', 'Spain', 'ES', 9, null, ['España']),
  code('+31', 'Netherlands', 'NL', 9, '0', ['Holland']),
  code('+41', 'Switzerland', 'CH', 9, '0'),
  code('+46', 'Sweden', 'SE', 9, '0'),
  code('+353', 'Ireland', 'IE', 9, '0'),
  code('+61', 'Australia', 'AU', 9, '0'),
  code('+81', 'Japan', 'JP', 10, '0'),
  code('+86', 'China', 'CN', 11, '0'),
  code('+91', 'India', 'IN', 10, '0'),
  code('+65', 'Singapore', 'SG', 8, null),
  code('+971', 'United Arab Emirates', 'AE', 9, '0', ['UAE', 'Dubai']),
  code('+55', 'Brazil', 'BR', 11, '0', ['Brasil']),
  code('+52', 'Mexico', 'MX', 10, null, ['México']),
];

export const DEFAULT_CALLING_CODE = '+1';
