// The rate service of one api process (no Elysia context): loads the current deck into an in-memory index
// (deck.ts) and answers lookups, the country list and country pages from it. Every replica checks the deck
// version (one cheap `select version from public.rate_deck_state`) at most every `pollIntervalMs` (30 s),
// when a request comes after that long, and reloads the deck only when the version moved; so a change of
// the deck shows within the poll interval, and a lookup never waits for the database while the index is
// fresh. Rows whose effective_from is still ahead are loaded too and switch on in memory at their time.
import { pricingOf } from '@ringwise/contract/calls';
import type { Database } from '../../db/database.ts';
import { RateIndex, type LoadedRow } from './deck.ts';
import type { CountryDetail, NumberType, RateCountry, RateLookup, RateMatch } from './model.ts';

export interface RateServiceOptions {
  /** Reads run as role anon: rates are public (RLS policy "Anyone can view rates"). */
  db: Pick<Database, 'asAnon'>;
  /** How long a checked index is trusted before the version is checked again (default 30 000 ms). */
  pollIntervalMs?: number;
  /** The clock, in ms (tests advance it). */
  now?: () => number;
  /** Where a failed version check is reported (the old index keeps serving); default console.error. */
  log?: (error: unknown) => void;
}

export interface RateService {
  /** GET /api/rates/lookup: the rate of a dialled number. Throws HttpError 400 (not a number) or 404 (no rate). */
  lookup(number: string): Promise<RateLookup>;
  /** The same match with what billing needs (rate id, prefix, exact price, increments, connection fee). */
  match(number: string): Promise<RateMatch>;
  /** GET /api/rates/countries?search= */
  listCountries(search?: string): Promise<RateCountry[]>;
  /** GET /api/countries/{CODE}. Throws HttpError 404. */
  countryDetail(code: string): Promise<CountryDetail>;
  /** The index to answer from, checked and rebuilt as described above (the routes use it with its key for ETags). */
  index(): Promise<RateIndex>;
  /** Checks the version now and rebuilds when it moved (after an import, in tests). */
  refresh(): Promise<void>;
  /** Drops the index; later calls fail. */
  close(): void;
}

/** A match as GET /api/rates/lookup answers it: the rate and the terms a call is charged by. */
export function lookupOf({ rate, country, countryCode, numberType, ...match }: RateMatch): RateLookup {
  return { rate, country, countryCode, numberType, ...pricingOf(match) };
}

interface RateRow {
  id: string;
  prefix: string;
  country: string;
  name: string;
  number_type: NumberType;
  price_per_minute: string;
  initial_increment: number;
  increment: number;
  connection_fee: string;
  effective_from: string;
  current: boolean;
}

// the rows in force now (per prefix and type, the latest that has started) and every row that starts later
const deckQuery = `
  select id::text, prefix, country, name, number_type, price_per_minute::text, initial_increment, increment,
         connection_fee::text, effective_from, current
  from (
    select distinct on (prefix, number_type) *, true as current
    from public.rates
    where effective_from <= now()
    order by prefix, number_type, effective_from desc, id desc
  ) in_force
  union all
  select id::text, prefix, country, name, number_type, price_per_minute::text, initial_increment, increment,
         connection_fee::text, effective_from, false
  from public.rates
  where effective_from > now()`;

const versionQuery = 'select version::text as version from public.rate_deck_state';

function toMs(timestamp: string): number {
  if (timestamp === '-infinity') return -Infinity;
  if (timestamp === 'infinity') return Infinity;
  return Date.parse(timestamp);
}

function toLoadedRow(r: RateRow): LoadedRow {
  return {
    id: r.id,
    prefix: r.prefix,
    country: r.country,
    name: r.name,
    numberType: r.number_type,
    pricePerMinute: r.price_per_minute,
    initialIncrement: r.initial_increment,
    increment: r.increment,
    connectionFee: r.connection_fee,
    effectiveFrom: toMs(r.effective_from),
    current: r.current,
  };
}

export function createRateService(options: RateServiceOptions): RateService {
  const { db, pollIntervalMs = 30_000, now = Date.now } = options;
  const log = options.log ?? ((error: unknown) => console.error('[rates] deck version check failed:', error));

  let state: { version: string; rows: LoadedRow[]; index: RateIndex; checkedAt: number } | null = null;
  let inFlight: Promise<void> | null = null;
  let closed = false;

  async function load(): Promise<void> {
    const { version, rows } = await db.asAnon(async (sql) => {
      const [row] = await sql.query<{ version: string }>(versionQuery);
      return { version: row?.version ?? '0', rows: (await sql.query<RateRow>(deckQuery)).map(toLoadedRow) };
    });
    const at = now();
    state = { version, rows, index: new RateIndex(rows, version, at), checkedAt: at };
  }

  async function check(): Promise<void> {
    if (!state) return load();
    const [row] = await db.asAnon((sql) => sql.query<{ version: string }>(versionQuery));
    if ((row?.version ?? '0') !== state.version) return load();
    state.checkedAt = now();
  }

  /** One load or check at a time; concurrent callers share it. */
  function once(work: () => Promise<void>): Promise<void> {
    inFlight ??= work().finally(() => {
      inFlight = null;
    });
    return inFlight;
  }

  async function index(): Promise<RateIndex> {
    if (closed) throw new Error('the rate service is closed');
    if (!state) await once(load);
    let current = state!;
    const at = now();
    if (at - current.checkedAt >= pollIntervalMs) {
      try {
        await once(check);
      } catch (error) {
        // keep serving the index we have; try again after another interval
        log(error);
        current.checkedAt = at;
      }
      current = state!;
    }
    if (current.index.nextChangeAt !== null && at >= current.index.nextChangeAt) {
      current.index = new RateIndex(current.rows, current.version, at);
    }
    return current.index;
  }

  return {
    index,
    lookup: async (number) => lookupOf((await index()).match(number)),
    match: async (number) => (await index()).match(number),
    listCountries: async (search) => (await index()).listCountries(search),
    countryDetail: async (code) => (await index()).countryDetail(code),
    async refresh() {
      if (closed) throw new Error('the rate service is closed');
      if (inFlight) await inFlight.catch(() => {});
      await once(check);
    },
    close() {
      closed = true;
      state = null;
    },
  };
}
