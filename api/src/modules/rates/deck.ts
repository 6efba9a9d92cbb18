// The in-memory rate index of one api process: the current deck keyed by prefix for longest-prefix match
// (at most 15 Map probes per lookup, no database), plus the country list and pages derived from it.
// Built from the rows the service loads (service.ts) and rebuilt when the deck version changes or when a
// row loaded for later (effective_from in the future) comes into force.
import { HttpError } from '../../plugins/errors.ts';
import { countries, foldText, getCountry, nameCollator, type Country } from './countries.ts';
import {
  numberTypes,
  standardRateName,
  type CountryDetail,
  type CountryPrefixRate,
  type DeckRow,
  type NumberType,
  type RateCountry,
  type RateMatch,
} from './model.ts';
import { normalizeDialledNumber } from '@ringwise/phone';
import { numberTypeOf } from '@ringwise/phone/types';
import { callingCodeOf, typeCanBeKnown } from '@ringwise/phone/numbering';

/** A row as loaded: `current` when the database found it in force at load time, else it starts later. */
export interface LoadedRow extends DeckRow {
  current: boolean;
}

interface Entry {
  row: DeckRow;
  rate: number;
  typeOrder: number;
}

const typeOrder = new Map<NumberType, number>(numberTypes.map((type, i) => [type, i]));
const byPriceThenType = (a: Entry, b: Entry) => a.rate - b.rate || a.typeOrder - b.typeOrder;

/** Related countries on a country page (spec §9). */
export const maxRelated = 6;

export class RateIndex {
  /** Identifies what this index serves (deck version and the newest row in force): part of every ETag. */
  readonly key: string;
  /** When a row loaded for later comes into force (ms), or null. */
  readonly nextChangeAt: number | null;
  /** Rows in force. */
  readonly size: number;

  private readonly byPrefix = new Map<string, Entry[]>();
  private readonly maxLength: number;
  /** Per prefix with several types: whether libphonenumber can settle the tie. */
  private readonly tieDecidable = new Map<string, boolean>();
  private readonly byCountry = new Map<string, Entry[]>();
  private readonly summaries = new Map<string, RateCountry>();
  private readonly summaryList: RateCountry[];
  private readonly details = new Map<string, CountryDetail>();
  private readonly searchKeys = new Map<string, { name: string; alt: string[]; callingCode: string }>();

  constructor(rows: readonly LoadedRow[], version: string, at: number) {
    // per (prefix, type): the row in force at `at`: the database's current one, or a later one that has started
    const inForce = new Map<string, DeckRow>();
    let next: number | null = null;
    for (const row of rows) {
      const key = `${row.prefix}:${row.numberType}`;
      if (!row.current && row.effectiveFrom > at) {
        next = next === null ? row.effectiveFrom : Math.min(next, row.effectiveFrom);
        continue;
      }
      const held = inForce.get(key);
      if (!held || row.effectiveFrom > held.effectiveFrom || (row.effectiveFrom === held.effectiveFrom && BigInt(row.id) > BigInt(held.id))) {
        inForce.set(key, row);
      }
    }
    this.nextChangeAt = next;
    this.size = inForce.size;

    let newest = 0;
    let maxLength = 0;
    for (const row of inForce.values()) {
      if (row.effectiveFrom > newest) newest = row.effectiveFrom;
      const entry: Entry = { row, rate: Number(row.pricePerMinute), typeOrder: typeOrder.get(row.numberType) ?? numberTypes.length };
      const list = this.byPrefix.get(row.prefix);
      if (list) list.push(entry);
      else this.byPrefix.set(row.prefix, [entry]);
      const country = this.byCountry.get(row.country);
      if (country) country.push(entry);
      else this.byCountry.set(row.country, [entry]);
      maxLength = Math.max(maxLength, row.prefix.length);
    }
    this.maxLength = maxLength;
    for (const [prefix, list] of this.byPrefix) {
      if (list.length < 2) continue;
      list.sort(byPriceThenType);
      const code = callingCodeOf(prefix);
      const mixed = list.some((e) => e.row.numberType === 'mobile' || e.row.numberType === 'landline');
      this.tieDecidable.set(prefix, mixed && code !== null && typeCanBeKnown(code));
    }
    this.key = `${version}.${Number.isFinite(newest) ? newest : 0}`;

    for (const country of countries) {
      const entries = this.byCountry.get(country.code);
      if (!entries) continue;
      this.summaries.set(country.code, summary(country, entries));
      this.searchKeys.set(country.code, {
        name: foldText(country.name),
        alt: country.altSpellings.map(foldText),
        callingCode: country.callingCode,
      });
    }
    this.summaryList = [...this.summaries.values()]; // `countries` is sorted by name already
  }

  /** The deck entry of a number: its longest matching prefix; a tie (one prefix, several types) goes to
   *  the type libphonenumber is sure of (MOBILE or FIXED_LINE) when the prefix has it, else to the lowest
   *  price, then landline, mobile, toll-free, shared-cost, premium, other. Throws 400 or 404. */
  match(number: string): RateMatch {
    const dialled = normalizeDialledNumber(number);
    if ('problem' in dialled) throw new HttpError(400, 'bad_request', dialled.problem);
    const { digits } = dialled;
    for (let length = Math.min(this.maxLength, digits.length); length > 0; length--) {
      const prefix = digits.slice(0, length);
      const entries = this.byPrefix.get(prefix);
      if (!entries) continue;
      let chosen = entries[0]!;
      if (entries.length > 1 && this.tieDecidable.get(prefix)) {
        // only a definite mobile or landline settles a tie (tieDecidable knows which prefixes can have one)
        const type = numberTypeOf(`+${digits}`);
        const known = type === 'mobile' || type === 'landline' ? type : null;
        if (known) chosen = entries.find((e) => e.row.numberType === known) ?? chosen;
      }
      const { row } = chosen;
      return {
        rate: chosen.rate,
        country: getCountry(row.country)?.name ?? row.country,
        countryCode: row.country,
        numberType: row.numberType,
        rateId: row.id,
        prefix: row.prefix,
        pricePerMinute: row.pricePerMinute,
        initialIncrement: row.initialIncrement,
        increment: row.increment,
        connectionFee: row.connectionFee,
        digits,
      };
    }
    throw new HttpError(404, 'not_found', 'No rate for this number');
  }

  /** Countries that have rates, by name; `search` matches the name (any case, accents ignored, substring),
   *  another name ("UK", "USA"), the ISO code, or the calling code ("44", "+44"). */
  listCountries(search?: string): RateCountry[] {
    const query = foldText((search ?? '').trim());
    if (query === '') return this.summaryList;
    const code = query.replace(/^\+/, '');
    const byCallingCode = /^\d+$/.test(code);
    return this.summaryList.filter((c) => {
      const keys = this.searchKeys.get(c.countryCode)!;
      if (byCallingCode) return keys.callingCode.startsWith(code);
      return keys.name.includes(query) || c.countryCode.toLowerCase() === query || keys.alt.includes(query);
    });
  }

  /** A country page's data: 404 for an unknown code or a country without rates. */
  countryDetail(code: string): CountryDetail {
    const upper = code.toUpperCase();
    const cached = this.details.get(upper);
    if (cached) return cached;
    const country = /^[A-Z]{2}$/.test(upper) ? getCountry(upper) : undefined;
    const head = country && this.summaries.get(country.code);
    const entries = country && this.byCountry.get(country.code);
    if (!country || !head || !entries) throw new HttpError(404, 'not_found', `No rates for country "${code}"`);
    const detail: CountryDetail = { ...head, name: country.name, prefixes: pricingLines(entries), related: this.related(country) };
    this.details.set(upper, detail);
    return detail;
  }

  private related(country: Country): RateCountry[] {
    const others = this.summaryList.filter((c) => c.countryCode !== country.code);
    const sameSubregion = others.filter((c) => c.subregion === country.subregion);
    const sameRegion = others.filter((c) => c.region === country.region && c.subregion !== country.subregion);
    return [...sameSubregion, ...sameRegion].slice(0, maxRelated);
  }
}

/** A price as the contract's RatePerMinute: the decimal with exactly 6 decimals ("0.032" → "0.032000"). */
export function ratePerMinute(price: string): string {
  const match = /^(\d+)(?:\.(\d{0,6}))?$/.exec(price.trim());
  if (!match) throw new Error(`not a price per minute with at most 6 decimals: "${price}"`);
  return `${match[1]}.${(match[2] ?? '').padEnd(6, '0')}`;
}

/** A country's headline rate of a type: its most general entry (shortest prefix), the cheapest of those. */
function headline(entries: readonly Entry[], type: NumberType): string | null {
  let best: Entry | null = null;
  for (const e of entries) {
    if (e.row.numberType !== type) continue;
    if (!best || e.row.prefix.length < best.row.prefix.length || (e.row.prefix.length === best.row.prefix.length && e.rate < best.rate)) best = e;
  }
  return best ? ratePerMinute(best.row.pricePerMinute) : null;
}

function summary(country: Country, entries: readonly Entry[]): RateCountry {
  return {
    id: country.code,
    country: country.name,
    countryCode: country.code,
    callingCode: `+${country.callingCode}`,
    flag: country.flag,
    region: country.region,
    subregion: country.subregion,
    mobileRate: headline(entries, 'mobile'),
    landlineRate: headline(entries, 'landline'),
  };
}

/** Entries grouped by (name, rate, type): landline first, then mobile, then the other types, then by name and rate. */
function pricingLines(entries: readonly Entry[]): CountryPrefixRate[] {
  // `price` (a float of the exact rate) only orders the lines
  const groups = new Map<string, CountryPrefixRate & { order: number; price: number }>();
  for (const e of entries) {
    const name = e.row.name || standardRateName;
    const key = `${e.row.numberType}\u0000${name}\u0000${e.rate}`;
    const group = groups.get(key);
    if (group) group.prefixes.push(e.row.prefix);
    else groups.set(key, { name, prefixes: [e.row.prefix], rate: ratePerMinute(e.row.pricePerMinute), numberType: e.row.numberType, order: e.typeOrder, price: e.rate });
  }
  return [...groups.values()]
    .sort((a, b) => a.order - b.order || nameCollator.compare(a.name, b.name) || a.price - b.price)
    .map(({ name, prefixes, rate, numberType }) => ({ name, prefixes: prefixes.sort(), rate, numberType }));
}
