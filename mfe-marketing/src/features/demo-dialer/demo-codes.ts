// The demo dialer's country codes (spec §3 "Demo country codes (12)"), in the spec's order.
export interface DemoCountryCode {
  /** The calling code with its plus, e.g. "+44"; unique, the picker's value. */
  code: string;
  /** The name the picker shows, e.g. "UK". */
  country: string;
  flag: string;
  /** Other names the search matches. */
  aliases: readonly string[];
  /** The most digits a national number of the country has (without the code or a trunk 0). */
  maxNationalDigits: number;
}

export const DEMO_COUNTRY_CODES: readonly DemoCountryCode[] = [
  { code: '+1', country: 'US/Canada', flag: '🇺🇸', maxNationalDigits: 10, aliases: ['United States', 'USA', 'Canada'] },
  { code: '+44', country: 'UK', flag: '🇬🇧', maxNationalDigits: 10, aliases: ['United Kingdom', 'Britain', 'England', 'GB'] },
  { code: '+33', country: 'France', flag: '🇫🇷', maxNationalDigits: 9, aliases: ['FR'] },
  { code: '+49', country: 'Germany', flag: '🇩🇪', maxNationalDigits: 11, aliases: ['Deutschland', 'DE'] },
  { code: '+39', country: 'Italy', flag: '🇮🇹', maxNationalDigits: 11, aliases: ['Italia', 'IT'] },
  { code: '+34', country: 'Spain', flag: '🇪🇸', maxNationalDigits: 9, aliases: ['España', 'ES'] },
  { code: '+81', country: 'Japan', flag: '🇯🇵', maxNationalDigits: 10, aliases: ['JP'] },
  { code: '+86', country: 'China', flag: '🇨🇳', maxNationalDigits: 11, aliases: ['CN'] },
  { code: '+91', country: 'India', flag: '🇮🇳', maxNationalDigits: 10, aliases: ['IN'] },
  { code: '+61', country: 'Australia', flag: '🇦🇺', maxNationalDigits: 9, aliases: ['AU'] },
  { code: '+55', country: 'Brazil', flag: '🇧🇷', maxNationalDigits: 11, aliases: ['Brasil', 'BR'] },
  { code: '+52', country: 'Mexico', flag: '🇲🇽', maxNationalDigits: 10, aliases: ['México', 'MX'] },
];

/** The code the dialer starts with. */
export const DEFAULT_DEMO_CODE = '+1';
