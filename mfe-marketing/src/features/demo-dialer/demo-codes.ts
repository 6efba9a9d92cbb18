// The demo dialer's country codes (spec §3 "Demo country codes (12)"), in the spec's order.
import type { OfferedCallingCode } from '@ringwise/phone/notation';

/** A code the picker offers, and so one a typed or pasted full number can be split off as (@ringwise/phone). */
export interface DemoCountryCode extends OfferedCallingCode {
  /** The calling code with its plus, e.g. "+44"; unique, the picker's value. */
  code: string;
  /** The name the picker shows, e.g. "UK". */
  country: string;
  /** The ISO region whose flag the picker shows (US for +1). */
  region: string;
  /** Other names the search matches. */
  aliases: readonly string[];
  /** The most digits a national number of the country has (without the code or a trunk 0), as written there;
   *  libphonenumber's possible lengths (up to 15 for +49) are too long to tell "447700900123" from a national number. */
  maxNationalDigits: number;
}

export const DEMO_COUNTRY_CODES: readonly DemoCountryCode[] = [
  { code: '+1', country: 'US/Canada', region: 'US', maxNationalDigits: 10, aliases: ['United States', 'USA', 'Canada'] },
  { code: '+44', country: 'UK', region: 'GB', maxNationalDigits: 10, aliases: ['United Kingdom', 'Britain', 'England', 'GB'] },
  { code: '+33', country: 'France', region: 'FR', maxNationalDigits: 9, aliases: ['FR'] },
  { code: '+49', country: 'Germany', region: 'DE', maxNationalDigits: 11, aliases: ['Deutschland', 'DE'] },
  { code: '+39', country: 'Italy', region: 'IT', maxNationalDigits: 11, aliases: ['Italia', 'IT'] },
  { code: '+34', country: 'Spain', region: 'ES', maxNationalDigits: 9, aliases: ['España', 'ES'] },
  { code: '+81', country: 'Japan', region: 'JP', maxNationalDigits: 10, aliases: ['JP'] },
  { code: '+86', country: 'China', region: 'CN', maxNationalDigits: 11, aliases: ['CN'] },
  { code: '+91', country: 'India', region: 'IN', maxNationalDigits: 10, aliases: ['IN'] },
  { code: '+61', country: 'Australia', region: 'AU', maxNationalDigits: 9, aliases: ['AU'] },
  { code: '+55', country: 'Brazil', region: 'BR', maxNationalDigits: 11, aliases: ['Brasil', 'BR'] },
  { code: '+52', country: 'Mexico', region: 'MX', maxNationalDigits: 10, aliases: ['México', 'MX'] },
];

/** The code the dialer starts with. */
export const DEFAULT_DEMO_CODE = '+1';
