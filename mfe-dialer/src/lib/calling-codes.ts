// The dialer's 18 calling codes (spec §3: 'The dialer has 18 codes'), most called first, +1 the default.
import type { CallingCodeOption } from '@ringwise/ui/combobox';
import type { OfferedCallingCode } from '@ringwise/phone/notation';

export interface DialerCallingCode extends OfferedCallingCode, CallingCodeOption {}

const code = (value: string, label: string, region: string, maxNationalDigits: number, keywords: string[] = []): DialerCallingCode => ({
  value,
  code: value,
  label,
  region,
  maxNationalDigits,
  keywords: [region, ...keywords],
});

export const dialerCallingCodes: readonly DialerCallingCode[] = [
  code('+1', 'United States / Canada', 'US', 10, ['USA', 'Canada', 'CA']),
  code('+44', 'United Kingdom', 'GB', 10, ['UK', 'Britain', 'England']),
  code('+33', 'France', 'FR', 9),
  code('+49', 'Germany', 'DE', 11, ['Deutschland']),
  code('+39', 'Italy', 'IT', 11, ['Italia']),
  code('+34', 'Spain', 'ES', 9, ['España']),
  code('+31', 'Netherlands', 'NL', 9, ['Holland']),
  code('+41', 'Switzerland', 'CH', 9),
  code('+46', 'Sweden', 'SE', 9),
  code('+353', 'Ireland', 'IE', 9),
  code('+61', 'Australia', 'AU', 9),
  code('+81', 'Japan', 'JP', 10),
  code('+86', 'China', 'CN', 11),
  code('+91', 'India', 'IN', 10),
  code('+65', 'Singapore', 'SG', 8),
  code('+971', 'United Arab Emirates', 'AE', 9, ['UAE', 'Dubai']),
  code('+55', 'Brazil', 'BR', 11, ['Brasil']),
  code('+52', 'Mexico', 'MX', 10, ['México']),
];

export const DEFAULT_CALLING_CODE = '+1';
