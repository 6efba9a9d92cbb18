import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { countryCallingCode } from '@ringwise/phone/numbering';
import { createTestDatabase, type TestDatabase } from '../../db/testing.ts';
import { seedDeck, seedPrices, seedRateDeck } from './seed.ts';

/** Every country libphonenumber-js knows. */
const getCountries = () => [...countryCallingCode.keys()];

describe('the seed deck', () => {
  const deck = seedDeck();
  const rate = (country: string, prefix: string, type: string) => deck.find((r) => r.country === country && r.prefix === prefix && r.numberType === type);

  test("the spec's anchors, exactly", () => {
    expect(rate('US', '1', 'landline')?.pricePerMinute).toBe('0.015');
    expect(rate('US', '1', 'mobile')?.pricePerMinute).toBe('0.025');
    expect(rate('GB', '44', 'landline')?.pricePerMinute).toBe('0.018');
    for (const prefix of ['4471', '4472', '4473', '4474', '4475', '4477', '4478', '4479']) {
      expect(rate('GB', prefix, 'mobile')).toMatchObject({ pricePerMinute: '0.032', name: 'Mobile' });
    }
    expect(rate('GB', '44', 'landline')?.name).toBe('');
  });

  test('every libphonenumber country (200+) has a landline and a mobile rate', () => {
    const countries = getCountries();
    expect(countries.length).toBeGreaterThanOrEqual(200);
    const missing = countries.filter(
      (c) => !deck.some((r) => r.country === c && r.numberType === 'landline') || !deck.some((r) => r.country === c && r.numberType === 'mobile'),
    );
    expect(missing).toEqual([]);
    expect(new Set(deck.map((r) => r.country)).size).toBe(countries.length);
  });

  test('prices are plausible: $0.01 to $0.40, mobile at least landline, 3 decimals, deterministic', () => {
    for (const country of getCountries()) {
      const { landline, mobile } = seedPrices(country);
      expect(landline).toBeGreaterThanOrEqual(10);
      expect(mobile).toBeLessThanOrEqual(400);
      expect(mobile).toBeGreaterThanOrEqual(landline);
    }
    for (const row of deck) expect(row.pricePerMinute).toMatch(/^0\.\d{3}$/);
    expect(seedPrices('FR')).toEqual(seedPrices('FR'));
    // cheap for North America and Western Europe, dearer elsewhere
    expect(seedPrices('CA').landline).toBeLessThanOrEqual(30);
    expect(seedPrices('FR').landline).toBeLessThanOrEqual(45);
    expect(seedPrices('NG').landline).toBeGreaterThanOrEqual(100);
  });

  test('one row per prefix and type, prefixes are E.164 digits', () => {
    const keys = deck.map((r) => `${r.prefix}:${r.numberType}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const row of deck) expect(row.prefix).toMatch(/^\d{1,15}$/);
  });
});

describe('seedRateDeck on PostgreSQL', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  test('fills an empty deck in one go (< 1 s), then does nothing and leaves the version alone', async () => {
    const started = performance.now();
    const first = await seedRateDeck(database.db);
    const elapsed = performance.now() - started;
    expect(first.inserted).toBe(seedDeck().length);
    expect(elapsed).toBeLessThan(1000);

    const version = () => database.db.privileged(async (sql) => (await sql.query<{ version: string }>('select version from public.rate_deck_state'))[0]!.version);
    const before = await version();
    expect(await seedRateDeck(database.db)).toEqual({ inserted: 0 });
    expect(await version()).toBe(before);

    const [counts] = await database.db.privileged((sql) =>
      sql.query<{ rows: string; countries: string }>('select count(*) as rows, count(distinct country) as countries from public.rates'),
    );
    expect(Number(counts!.rows)).toBe(seedDeck().length);
    expect(Number(counts!.countries)).toBe(getCountries().length);
  });

  test('two replicas seeding at once insert the deck once', async () => {
    await database.db.privileged((sql) => sql.query('delete from public.rates'));
    const results = await Promise.all([seedRateDeck(database.db), seedRateDeck(database.db)]);
    expect(results.map((r) => r.inserted).sort((a, b) => a - b)).toEqual([0, seedDeck().length]);
  });
});
