// Every country that has a calling code (libphonenumber-js's list, 245 of them), with its English name,
// flag, region and subregion from the maintained `world-countries` package. For the few it lacks (Ascension
// Island, Tristan da Cunha) the name comes from Intl.DisplayNames and the region is 'Other'. No hand-typed list.
import worldCountries from 'world-countries';
import { countryCallingCode } from '@ringwise/phone/numbering';

export interface Country {
  /** ISO 3166-1 alpha-2, upper case. */
  code: string;
  /** English common name, e.g. "United Kingdom". */
  name: string;
  /** Flag emoji. */
  flag: string;
  /** Calling code digits, e.g. "44". */
  callingCode: string;
  region: string;
  subregion: string;
  /** Other names and abbreviations ("UK", "Great Britain"), for search. */
  altSpellings: readonly string[];
}

/** Lower case without accents: "Åland Islands" → "aland islands", "Côte d'Ivoire" → "cote d'ivoire". */
export function foldText(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The flag emoji of an ISO code: its two regional indicator symbols. */
export function flagEmoji(code: string): string {
  return String.fromCodePoint(...[...code.toUpperCase()].map((c) => 0x1f1e6 + c.charCodeAt(0) - 65));
}

export const nameCollator = new Intl.Collator('en', { sensitivity: 'base' });

function loadCountries(): Country[] {
  const known = new Map(worldCountries.map((c) => [c.cca2, c]));
  const displayNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
  const list = [...countryCallingCode].map(([code, callingCode]): Country => {
    const entry = known.get(code);
    if (!entry) {
      return { code, name: displayNames.of(code) ?? code, flag: flagEmoji(code), callingCode, region: 'Other', subregion: 'Other', altSpellings: [] };
    }
    return {
      code,
      name: entry.name.common,
      flag: entry.flag || flagEmoji(code),
      callingCode,
      region: entry.region || 'Other',
      subregion: entry.subregion || entry.region || 'Other',
      altSpellings: entry.altSpellings.filter((s) => s !== code),
    };
  });
  return list.sort((a, b) => nameCollator.compare(a.name, b.name) || a.code.localeCompare(b.code));
}

/** Every country with a calling code, sorted by name. */
export const countries: readonly Country[] = loadCountries();

const byCode = new Map(countries.map((c) => [c.code, c]));

/** The country of an ISO code (any case), or undefined. */
export function getCountry(code: string): Country | undefined {
  return byCode.get(code.toUpperCase());
}
