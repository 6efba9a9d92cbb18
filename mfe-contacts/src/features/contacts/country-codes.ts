// The contact form's country-code picker: "about 95" calling codes, default +1 (spec §3 Client-side shapes).
//
// How the 95 are chosen (deterministic, no hand-written codes or names):
// 1. Candidate regions, in order: the product's own destinations first (the landing demo's 12 codes and the
//    21 virtual-number countries of spec §2), then every country by population, largest first (UN World
//    Population Prospects 2024 estimates; a different estimate only moves countries near the cut-off).
// 2. Each region's calling code comes from libphonenumber-js (through @ringwise/phone); regions it does not
//    know are skipped, and so is North Korea (no public international telephone service to call or save).
//    Codes are deduplicated (US and Canada share +1), and the first 95 distinct codes are kept.
// 3. Names come from Intl.DisplayNames (English), so nothing here needs translating by hand.
import { regionsByCallingCode } from '@ringwise/phone';
import type { CallingCodeOption } from '@ringwise/ui/combobox';

/** How many calling codes the contact form offers. */
export const CONTACT_COUNTRY_CODE_COUNT = 95;

/** The product's destinations: the landing demo's countries, then the virtual-number countries. */
const PRODUCT_REGIONS = [
  'US', 'CA', 'GB', 'FR', 'DE', 'IT', 'ES', 'JP', 'CN', 'IN', 'AU', 'BR', 'MX',
  'NL', 'BE', 'CH', 'SE', 'NO', 'DK', 'FI', 'IE', 'PT', 'PL', 'NZ', 'SG', 'HK',
] as const;

/** Never offered: not reachable from public telephone networks. */
const UNREACHABLE_REGIONS = new Set(['KP']);

/** Countries and territories by population, largest first (UN WPP 2024 estimates). */
const REGIONS_BY_POPULATION = [
  'IN', 'CN', 'US', 'ID', 'PK', 'NG', 'BR', 'BD', 'RU', 'ET', 'MX', 'JP', 'PH', 'EG', 'CD', 'VN', 'IR', 'TR',
  'DE', 'TH', 'GB', 'TZ', 'FR', 'ZA', 'IT', 'KE', 'MM', 'CO', 'KR', 'SD', 'UG', 'ES', 'DZ', 'IQ', 'AR', 'AF',
  'YE', 'CA', 'AO', 'UA', 'MA', 'PL', 'UZ', 'MY', 'MZ', 'GH', 'PE', 'SA', 'MG', 'CI', 'NP', 'CM', 'VE', 'NE',
  'AU', 'KP', 'SY', 'ML', 'BF', 'TW', 'LK', 'MW', 'ZM', 'KZ', 'CL', 'RO', 'TD', 'SO', 'SN', 'EC', 'GT', 'NL',
  'ZW', 'KH', 'GN', 'BJ', 'RW', 'BI', 'BO', 'TN', 'SS', 'HT', 'BE', 'JO', 'DO', 'CU', 'HN', 'SE', 'CZ', 'PG',
  'TJ', 'GR', 'AZ', 'PT', 'AE', 'HU', 'BY', 'IL', 'TG', 'AT', 'CH', 'SL', 'LA', 'HK', 'TM', 'NI', 'LY', 'PY',
  'KG', 'BG', 'RS', 'SV', 'CG', 'SG', 'DK', 'CF', 'FI', 'LB', 'NO', 'LR', 'PS', 'SK', 'OM', 'IE', 'NZ', 'CR',
  'MR', 'KW', 'PA', 'HR', 'GE', 'ER', 'MN', 'UY', 'BA', 'PR', 'QA', 'MD', 'AM', 'JM', 'LT', 'AL', 'GM', 'NA',
  'BW', 'GA', 'LS', 'SI', 'MK', 'LV', 'GW', 'XK', 'BH', 'GQ', 'TT', 'EE', 'TL', 'MU', 'CY', 'SZ',
] as const;

export interface CountryCodeOption extends CallingCodeOption {
  /** The calling code with a plus, e.g. "+44". */
  value: string;
  /** The region(s) it is shown as, e.g. "United States / Canada". */
  label: string;
  /** Every region name and ISO code using this calling code, and the code without the plus. */
  keywords: string[];
  /** The regions of the label, e.g. ["US", "CA"]; the first one's flag is shown (`region`). */
  regions: string[];
}

type RegionNamer = (region: string) => string;

function englishRegionNames(): RegionNamer {
  try {
    const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
    return (region) => names.of(region) ?? region;
  } catch {
    return (region) => region;
  }
}

function makeOption(code: string, labelRegions: string[], allRegions: readonly string[], nameOf: RegionNamer): CountryCodeOption {
  const shown = labelRegions.length > 0 ? labelRegions : allRegions.slice(0, 1);
  const names = allRegions.map(nameOf);
  return {
    value: code,
    label: shown.map(nameOf).join(' / ') || code,
    keywords: [...new Set([code.slice(1), ...names, ...allRegions])],
    region: shown[0] ?? '',
    regions: [...shown],
  };
}

/**
 * The picker's options, sorted by name. `count` distinct codes are chosen as described at the top of this
 * file; a code's label names at most two of the chosen regions ("United States / Canada", "Russia / Kazakhstan").
 */
export function buildCountryCodeOptions(count: number = CONTACT_COUNTRY_CODE_COUNT, nameOf: RegionNamer = englishRegionNames()): CountryCodeOption[] {
  const known = regionsByCallingCode();
  const codeOfRegion = new Map<string, string>([...known].flatMap(([code, regions]) => regions.map((region) => [region, code] as const)));
  const chosen = new Map<string, string[]>();
  for (const region of [...PRODUCT_REGIONS, ...REGIONS_BY_POPULATION]) {
    const code = codeOfRegion.get(region);
    if (code === undefined || UNREACHABLE_REGIONS.has(region)) continue;
    const regions = chosen.get(code);
    if (regions) {
      if (!regions.includes(region) && regions.length < 2) regions.push(region);
    } else if (chosen.size < count) {
      chosen.set(code, [region]);
    }
  }
  return [...chosen]
    .map(([code, regions]) => makeOption(code, regions, known.get(code) ?? regions, nameOf))
    .sort((a, b) => a.label.localeCompare(b.label, 'en'));
}

/**
 * An option for any calling code libphonenumber-js knows (null otherwise): used when an existing contact
 * or a dialled number carries a code outside the list.
 */
export function countryCodeOption(code: string, nameOf: RegionNamer = englishRegionNames()): CountryCodeOption | null {
  const regions = regionsByCallingCode().get(code);
  return regions ? makeOption(code, regions.slice(0, 1), regions, nameOf) : null;
}

let cached: CountryCodeOption[] | null = null;

/** The 95 options, built once on first use. */
export function contactCountryCodes(): CountryCodeOption[] {
  cached ??= buildCountryCodeOptions();
  return cached;
}

/** The options with `code` added when it is a valid code that is not among them. */
export function countryCodesIncluding(code: string): CountryCodeOption[] {
  const options = contactCountryCodes();
  if (!code || options.some((option) => option.value === code)) return options;
  const extra = countryCodeOption(code);
  return extra ? [extra, ...options] : options;
}
