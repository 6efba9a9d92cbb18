// The seed deck: a landline and a mobile rate for every country that has a calling code, with prefixes from
// libphonenumber-js's metadata (@ringwise/phone/numbering) and plausible, deterministic prices: a band per region,
// the position inside it from a hash of the country code, mobile dearer than landline. The spec's
// anchors are exact: US landline 0.015 and mobile 0.025 (spec §9), UK mobile 0.032, UK landline 0.018.
// `seedRateDeck` fills an empty deck (start-up, after migrations) in one statement; on a deck that has
// rows it does nothing.
import type { Database } from '../../db/database.ts';
import { countries, getCountry } from './countries.ts';
import type { NumberType } from './model.ts';
import { numberingPlans } from '@ringwise/phone/numbering';

export interface SeedRate {
  prefix: string;
  country: string;
  name: string;
  numberType: NumberType;
  /** Decimal string, 3 decimals. */
  pricePerMinute: string;
}

/** When the seed's rates take effect: before any call, so billing's rate_at finds them for every call. */
export const seedEffectiveFrom = '2020-01-01T00:00:00Z';

/** Exact per-minute prices of the spec (landline, mobile) in thousandths of a dollar. */
const anchors: Record<string, { landline: number; mobile: number }> = {
  US: { landline: 15, mobile: 25 },
  GB: { landline: 18, mobile: 32 },
};

/** Landline price bands in thousandths of a dollar per minute, by subregion, then region. */
const bands: Record<string, [number, number]> = {
  'North America': [10, 30],
  'Western Europe': [12, 40],
  'Northern Europe': [12, 40],
  'Southern Europe': [15, 45],
  'Central Europe': [15, 45],
  'Australia and New Zealand': [15, 50],
  'Eastern Asia': [15, 60],
  'Eastern Europe': [30, 90],
  'Southeast Europe': [30, 90],
  Asia: [30, 150],
  Americas: [40, 180],
  Europe: [30, 90],
};
const defaultBand: [number, number] = [100, 300];
/** No seeded price goes above this (thousandths). */
const ceiling = 400;

/** FNV-1a, 32 bits: a stable number per string, the same on every machine and run. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

const fraction = (text: string) => hash(text) / 2 ** 32;
const dollars = (thousandths: number) => (thousandths / 1000).toFixed(3);

/** The seeded landline and mobile prices of a country, in thousandths of a dollar per minute. */
export function seedPrices(code: string): { landline: number; mobile: number } {
  const anchor = anchors[code];
  if (anchor) return anchor;
  const country = getCountry(code);
  const [low, high] = (country && (bands[country.subregion] ?? bands[country.region])) || defaultBand;
  const landline = Math.round(low + (high - low) * fraction(`landline:${code}`));
  // mobile costs 20-100 % more, at least a tenth of a cent more, capped by the ceiling
  const mobile = Math.min(ceiling, Math.max(landline + 1, Math.round(landline * (1.2 + 0.8 * fraction(`mobile:${code}`)))));
  return { landline, mobile: Math.max(mobile, landline) };
}

let deck: SeedRate[] | null = null;

/** The seed deck (computed once per process). */
export function seedDeck(): readonly SeedRate[] {
  if (deck) return deck;
  const known = new Set(countries.map((c) => c.code));
  const rows: SeedRate[] = [];
  for (const plan of numberingPlans()) {
    if (!known.has(plan.country)) continue;
    const prices = seedPrices(plan.country);
    for (const prefix of plan.landline) {
      rows.push({ prefix, country: plan.country, name: '', numberType: 'landline', pricePerMinute: dollars(prices.landline) });
    }
    for (const prefix of plan.mobile) {
      rows.push({ prefix, country: plan.country, name: 'Mobile', numberType: 'mobile', pricePerMinute: dollars(prices.mobile) });
    }
  }
  deck = rows.sort((a, b) => a.prefix.localeCompare(b.prefix) || a.numberType.localeCompare(b.numberType));
  return deck;
}

/** The advisory lock that serialises writers of the whole deck (seed, importer): "rates" in ASCII. */
export const rateDeckLockKey = 0x7261746573;

/**
 * Fills public.rates with the seed deck when it is empty: one insert of every row (about 2,100) in one
 * transaction; concurrent callers (replicas starting together) serialise on an advisory lock and the later
 * ones find rows. On a deck that has rows it only reads (the deck is not even computed) and returns 0.
 */
export async function seedRateDeck(db: Pick<Database, 'privileged'>): Promise<{ inserted: number }> {
  return db.privileged(async (sql) => {
    await sql.query('select pg_advisory_xact_lock($1)', [rateDeckLockKey]);
    const [deckHasRows] = await sql.query<{ found: boolean }>('select exists (select 1 from public.rates) as found');
    if (deckHasRows?.found) return { inserted: 0 };
    const rows = seedDeck().map((r) => ({ prefix: r.prefix, country: r.country, name: r.name, number_type: r.numberType, price_per_minute: r.pricePerMinute }));
    const [result] = await sql.query<{ inserted: number }>(
      `with inserted as (
         insert into public.rates (prefix, country, name, number_type, price_per_minute, effective_from)
         select s.prefix, s.country, s.name, s.number_type, s.price_per_minute, $2::timestamptz
         from jsonb_to_recordset($1::jsonb) as s(prefix text, country text, name text, number_type text, price_per_minute numeric)
         returning 1
       )
       select count(*)::int as inserted from inserted`,
      [JSON.stringify(rows), seedEffectiveFrom],
    );
    return { inserted: result?.inserted ?? 0 };
  });
}
