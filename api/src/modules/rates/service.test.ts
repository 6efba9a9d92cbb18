import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Database } from '../../db/database.ts';
import { createTestDatabase, type TestDatabase } from '../../db/testing.ts';
import { HttpError } from '../../plugins/errors.ts';
import { seedRateDeck } from './seed.ts';
import { createRateService, type RateService } from './service.ts';

let database: TestDatabase;
let clock = Date.now();
let service: RateService;
let anonQueries = 0;

/** The test database, counting the service's units of work. */
const countingDb: Pick<Database, 'asAnon'> = {
  asAnon: (work) => {
    anonQueries++;
    return database.db.asAnon(work);
  },
};

const insertRate = (prefix: string, country: string, type: string, price: string, name = '', effectiveFrom = 'now()') =>
  database.db.privileged((sql) =>
    sql.query(
      `insert into public.rates (prefix, country, name, number_type, price_per_minute, effective_from) values ($1, $2, $3, $4, $5, ${effectiveFrom})`,
      [prefix, country, name, type, price],
    ),
  );

async function failure(promise: Promise<unknown>): Promise<HttpError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  throw new Error('expected an HttpError');
}

beforeAll(async () => {
  database = await createTestDatabase();
  await seedRateDeck(database.db);
  service = createRateService({ db: countingDb, now: () => clock });
});
afterAll(async () => {
  service.close();
  await database.drop();
});

describe('lookup on the seed deck', () => {
  test('the three spellings of a UK mobile number agree: GB mobile $0.032', async () => {
    for (const number of ['+44 7700 900123', '00447700900123', '447700900123', '011 44 7700 900123', '+44 (0)7700 900-123']) {
      expect(await service.lookup(number)).toMatchObject({ rate: 0.032, country: 'United Kingdom', countryCode: 'GB', numberType: 'mobile' });
    }
  });

  test('UK landlines are landline rates, mobiles mobile rates', async () => {
    expect(await service.lookup('+44 20 7946 0000')).toMatchObject({ rate: 0.018, country: 'United Kingdom', countryCode: 'GB', numberType: 'landline' });
    expect(await service.lookup('+44 161 496 0000')).toMatchObject({ rate: 0.018, country: 'United Kingdom', countryCode: 'GB', numberType: 'landline' });
    expect(await service.lookup('+44 7400 123456')).toMatchObject({ rate: 0.032, country: 'United Kingdom', countryCode: 'GB', numberType: 'mobile' });
  });

  test('a US number is the US landline rate (libphonenumber cannot tell NANP mobiles, so the cheaper wins)', async () => {
    expect(await service.lookup('+1 212 555 0123')).toMatchObject({ rate: 0.015, country: 'United States', countryCode: 'US', numberType: 'landline' });
    expect(await service.lookup('+1 (415) 555-2671')).toMatchObject({ rate: 0.015, country: 'United States', countryCode: 'US', numberType: 'landline' });
  });

  test('a Canadian number is Canada (its area code is the longer prefix)', async () => {
    expect((await service.lookup('+1 416 555 0123')).countryCode).toBe('CA');
    expect((await service.lookup('+1 604 555 0199')).country).toBe('Canada');
  });

  test('other countries: Germany, France, Kazakhstan inside +7, Guernsey inside +44', async () => {
    expect(await service.lookup('+49 151 23456789')).toMatchObject({ countryCode: 'DE', numberType: 'mobile' });
    expect(await service.lookup('+49 30 123456')).toMatchObject({ countryCode: 'DE', numberType: 'landline' });
    expect(await service.lookup('+33 6 12 34 56 78')).toMatchObject({ countryCode: 'FR', numberType: 'mobile' });
    expect(await service.lookup('+7 701 123 4567')).toMatchObject({ countryCode: 'KZ', numberType: 'mobile' });
    expect(await service.lookup('+7 495 123 4567')).toMatchObject({ countryCode: 'RU', numberType: 'landline' });
    expect(await service.lookup('+44 1481 123456')).toMatchObject({ countryCode: 'GG', numberType: 'landline' });
  });

  test('a number no prefix matches is a 404 "No rate for this number"', async () => {
    for (const number of ['+999 1234 5678', '+800 1234 5678']) {
      const error = await failure(service.lookup(number));
      expect(error.status).toBe(404);
      expect(error.code).toBe('not_found');
      expect(error.message).toBe('No rate for this number');
    }
  });

  test('garbage is a 400', async () => {
    for (const number of ['', 'hello world', '+44 77OO 900123', '++447700900123', '44-7700-900123x', '--------', '+0044 7700 900123', '07700 900123', '+44 7700 900123 456789']) {
      const error = await failure(service.lookup(number));
      expect(error.status).toBe(400);
      expect(error.code).toBe('bad_request');
    }
  });

  test('fewer than 8 characters is a 400 (spec: lookups run for 8+ characters)', async () => {
    expect((await failure(service.lookup('+447700'))).message).toMatch(/at least 8 characters/);
    expect(await service.lookup('+4477009')).toMatchObject({ countryCode: 'GB' });
  });

  test('match carries what billing needs', async () => {
    expect(await service.match('+44 7700 900123')).toMatchObject({
      prefix: '4477',
      pricePerMinute: '0.032000',
      initialIncrement: 60,
      increment: 60,
      connectionFee: '0.000000',
      digits: '447700900123',
    });
  });
});

describe('the index stays fresh', () => {
  test('lookups answer from memory: no database work while the index is fresh', async () => {
    await service.lookup('+44 7700 900123');
    const before = anonQueries;
    for (let i = 0; i < 500; i++) await service.lookup(`+44 7700 9${String(i).padStart(5, '0')}`);
    await service.listCountries('uni');
    await service.countryDetail('GB');
    expect(anonQueries).toBe(before);
  });

  test('a deck change shows once the poll interval passed (one version check), or at once with refresh()', async () => {
    await insertRate('447700', 'GB', 'mobile', '0.05', 'Mobile - Drama');
    // within the interval the index is trusted
    expect((await service.lookup('+44 7700 900123')).rate).toBe(0.032);
    clock += 30_000;
    // the longest prefix wins
    expect(await service.lookup('+44 7700 900123')).toMatchObject({ rate: 0.05, country: 'United Kingdom', countryCode: 'GB', numberType: 'mobile' });
    expect((await service.lookup('+44 7701 900123')).rate).toBe(0.032);

    await insertRate('447701', 'GB', 'mobile', '0.06', 'Mobile');
    await service.refresh();
    expect((await service.lookup('+44 7701 900123')).rate).toBe(0.06);
  });

  test('a new price for the same prefix is a new row; the old one stays for billing (rate_at)', async () => {
    await insertRate('447700', 'GB', 'mobile', '0.07', 'Mobile - Drama');
    await service.refresh();
    expect((await service.lookup('+44 7700 900123')).rate).toBe(0.07);
    const history = await database.db.privileged((sql) =>
      sql.query<{ price_per_minute: string }>(`select price_per_minute from public.rates where prefix = '447700' order by effective_from`),
    );
    expect(history.map((r) => r.price_per_minute)).toEqual(['0.050000', '0.070000']);
    const [then] = await database.db.asAnon((sql) =>
      sql.query<{ price_per_minute: string }>(`select price_per_minute from public.rate_at('+447700900123', '2021-01-01')`),
    );
    expect(then?.price_per_minute).toBe('0.032000');
  });

  test('a row that starts later switches on at its time without another database read', async () => {
    await insertRate('4478', 'GB', 'mobile', '0.09', 'Mobile', `now() + interval '1 hour'`);
    await service.refresh();
    expect((await service.lookup('+44 7800 900123')).rate).toBe(0.032);
    const before = anonQueries;
    clock += 2 * 3600_000;
    // the poll interval passed too: exactly one version check, no reload (the version did not move)
    expect((await service.lookup('+44 7800 900123')).rate).toBe(0.09);
    expect(anonQueries).toBe(before + 1);
  });

  test('ties: libphonenumber decides when it is sure (MOBILE, FIXED_LINE), else the lowest price, then the type order', async () => {
    await insertRate('3361', 'FR', 'landline', '0.01');
    await insertRate('3361', 'FR', 'mobile', '0.2');
    await insertRate('331', 'FR', 'landline', '0.3');
    await insertRate('331', 'FR', 'mobile', '0.02');
    await insertRate('33899', 'FR', 'premium', '0.1');
    await insertRate('33899', 'FR', 'shared-cost', '0.1');
    await service.refresh();
    // a French mobile: MOBILE, although the landline entry is cheaper
    expect(await service.lookup('+33 6 12 34 56 78')).toMatchObject({ rate: 0.2, country: 'France', countryCode: 'FR', numberType: 'mobile' });
    // a Paris landline: FIXED_LINE, although the mobile entry is cheaper
    expect(await service.lookup('+33 1 23 45 67 89')).toMatchObject({ rate: 0.3, country: 'France', countryCode: 'FR', numberType: 'landline' });
    // a premium number: neither, and the same price: the type order puts shared-cost before premium
    expect(await service.lookup('+33 8 99 12 34 56')).toMatchObject({ rate: 0.1, country: 'France', countryCode: 'FR', numberType: 'shared-cost' });
  });

  test('a failed version check keeps the old index serving and is logged', async () => {
    const logged: unknown[] = [];
    let broken = false;
    const flaky = createRateService({
      db: { asAnon: (work) => (broken ? Promise.reject(new Error('connection refused')) : database.db.asAnon(work)) },
      now: () => clock,
      log: (error) => logged.push(error),
    });
    expect((await flaky.lookup('+44 7400 123456')).rate).toBe(0.032);
    broken = true;
    clock += 60_000;
    expect((await flaky.lookup('+44 7400 123456')).rate).toBe(0.032);
    expect(logged).toHaveLength(1);
    // and it does not retry before another interval
    expect((await flaky.lookup('+44 7400 123456')).rate).toBe(0.032);
    expect(logged).toHaveLength(1);
    flaky.close();
    expect(flaky.lookup('+44 7400 123456')).rejects.toThrow(/closed/);
  });
});

describe('countries', () => {
  test('every seeded country, sorted by name, with headline rates', async () => {
    const list = await service.listCountries();
    expect(list.length).toBeGreaterThanOrEqual(200);
    const names = list.map((c) => c.country);
    expect(names).toEqual([...names].sort(new Intl.Collator('en', { sensitivity: 'base' }).compare));
    expect(list.find((c) => c.countryCode === 'US')).toEqual({
      id: 'US',
      country: 'United States',
      countryCode: 'US',
      callingCode: '+1',
      flag: '🇺🇸',
      region: 'Americas',
      subregion: 'North America',
      mobileRate: '0.025000',
      landlineRate: '0.015000',
    });
    expect(list.find((c) => c.countryCode === 'GB')).toMatchObject({ mobileRate: '0.032000', landlineRate: '0.018000' });
  });

  test('search: name (any case, accents ignored, substring), ISO code, calling code, other names', async () => {
    const codes = async (search: string) => (await service.listCountries(search)).map((c) => c.countryCode);
    expect(await codes('KINGDOM')).toEqual(['GB']);
    expect(await codes('aland islands')).toEqual(['AX']);
    expect(await codes('CURAÇAO')).toEqual(['CW']);
    expect(await codes('curacao')).toEqual(['CW']);
    expect(await codes('réunion')).toEqual(['RE']);
    expect(await codes('gb')).toEqual(['GB']);
    expect(await codes('44')).toEqual(['GG', 'IM', 'JE', 'GB']);
    expect(await codes('+44')).toEqual(['GG', 'IM', 'JE', 'GB']);
    expect(await codes('+1')).toContain('CA');
    expect(await codes('uk')).toContain('GB');
    expect(await codes('zzz')).toEqual([]);
  });

  test('country detail: case-insensitive code, lines grouped by (name, rate, type), landline first', async () => {
    const gb = await service.countryDetail('gb');
    expect(gb).toMatchObject({ id: 'GB', name: 'United Kingdom', country: 'United Kingdom', callingCode: '+44', flag: '🇬🇧' });
    expect(gb.prefixes[0]).toEqual({ name: 'Standard Rate', prefixes: ['44'], rate: '0.018000', numberType: 'landline' });
    expect(gb.prefixes.map((p) => [p.name, p.rate])).toEqual([
      ['Standard Rate', '0.018000'],
      ['Mobile', '0.032000'],
      ['Mobile', '0.060000'],
      ['Mobile', '0.090000'],
      ['Mobile - Drama', '0.070000'],
    ]);
    expect(gb.prefixes[1]!.prefixes).toEqual(['4471', '4472', '4473', '4474', '4475', '4477', '4479']);
    expect(gb.related).toHaveLength(6);
    expect(gb.related.every((c) => c.subregion === 'Northern Europe' && c.countryCode !== 'GB')).toBe(true);
  });

  test('related: the same subregion first, then the region', async () => {
    const mc = await service.countryDetail('VA');
    expect(mc.related[0]!.subregion).toBe(mc.subregion);
    const ac = await service.countryDetail('ac');
    expect(ac.related.map((c) => c.countryCode)).toEqual(['TA']);
  });

  test('unknown codes and countries without rates are 404', async () => {
    for (const code of ['ZZ', 'usa', '1', 'AQ']) expect((await failure(service.countryDetail(code))).status).toBe(404);
  });
});
