import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { Elysia } from 'elysia';
import { createTestDatabase, type TestDatabase } from '../../db/testing.ts';
import { errors } from '../../plugins/errors.ts';
import { createLimiter } from '@ringwise/rate-limits/limiter';
import { createSqlRateLimitStore } from '../../limits/store.ts';
import { etagMatches, rates, type RatesOptions } from './index.ts';
import { seedRateDeck } from './seed.ts';
import { createRateService, type RateService } from './service.ts';

let database: TestDatabase;
let service: RateService;
let clock = Date.now();

// behind one trusted proxy, so each test's X-Forwarded-For is its client; limits kept in the test database
const appWith = (options: Omit<RatesOptions, 'service'> = {}) =>
  new Elysia()
    .use(errors({ log: () => {} }))
    .use(rates({ service, limiter: createLimiter(createSqlRateLimitStore(database.db), () => new Date(clock)), trustedProxyHops: 1, ...options }));

let app: ReturnType<typeof appWith>;
let ipCounter = 0;
/** A fresh client address per test keeps the default limit out of the way. */
const freshIp = () => `198.51.100.${++ipCounter}`;

const get = (path: string, headers: Record<string, string> = {}, on = app) => on.handle(new Request(`http://localhost${path}`, { headers }));

beforeAll(async () => {
  database = await createTestDatabase();
  await seedRateDeck(database.db);
  service = createRateService({ db: database.db, now: () => clock });
  app = appWith();
});
afterAll(async () => {
  service.close();
  await database.drop();
});

describe('GET /api/rates/lookup', () => {
  test('answers exactly the RateLookup shape, cacheable for a minute with a strong ETag', async () => {
    const res = await get('/api/rates/lookup?number=%2B44%207700%20900123', { 'x-forwarded-for': freshIp() });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toStartWith('application/json');
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    expect(res.headers.get('etag')).toMatch(/^"[\w-]{32}"$/);
    const body = await res.json();
    expect(body).toEqual({
      rate: 0.032,
      country: 'United Kingdom',
      countryCode: 'GB',
      numberType: 'mobile',
      pricePerMinute: '0.032000',
      connectionFee: '0.000000',
      initialIncrement: 60,
      increment: 60,
    });
    expect(Object.keys(body).sort()).toEqual(['connectionFee', 'country', 'countryCode', 'increment', 'initialIncrement', 'numberType', 'pricePerMinute', 'rate']);
  });

  test('a raw + in the query string (read as a space) still works', async () => {
    const res = await get('/api/rates/lookup?number=+12125550123', { 'x-forwarded-for': freshIp() });
    expect(await res.json()).toMatchObject({ rate: 0.015, country: 'United States', countryCode: 'US', numberType: 'landline' });
  });

  test('404 and 400 are JSON envelopes, never cached', async () => {
    const ip = freshIp();
    const missing = await get('/api/rates/lookup?number=%2B999%201234%205678', { 'x-forwarded-for': ip });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: { code: 'not_found', message: 'No rate for this number' } });
    expect(missing.headers.get('cache-control')).toBe('no-store');
    expect(missing.headers.get('etag')).toBeNull();

    for (const query of ['?number=hello%20world', '?number=%2B4477', '', '?number=', '?number=%2B44%207700%20900123%20456789']) {
      const res = await get(`/api/rates/lookup${query}`, { 'x-forwarded-for': ip });
      expect(res.status).toBe(400);
      const body = await res.json();
      expect(body.error.code).toBe('bad_request');
      expect(typeof body.error.message).toBe('string');
    }
  });

  test('If-None-Match with the ETag: 304 without a body; the ETag follows the request and the deck', async () => {
    const ip = freshIp();
    const path = '/api/rates/lookup?number=%2B442079460000';
    const first = await get(path, { 'x-forwarded-for': ip });
    const etag = first.headers.get('etag')!;
    const again = await get(path, { 'x-forwarded-for': ip, 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.headers.get('cache-control')).toBe('public, max-age=60');
    expect((await get(path, { 'x-forwarded-for': ip, 'if-none-match': `"other", W/${etag}` })).status).toBe(304);

    const other = await get('/api/rates/lookup?number=%2B442079460001', { 'x-forwarded-for': ip });
    expect(other.headers.get('etag')).not.toBe(etag);

    // the deck changes: the same request gets a new tag, and the old one no longer matches
    await database.db.privileged((sql) =>
      sql.query(`insert into public.rates (prefix, country, name, number_type, price_per_minute) values ('4420', 'GB', 'London', 'landline', '0.02')`),
    );
    await service.refresh();
    const changed = await get(path, { 'x-forwarded-for': ip, 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(await changed.json()).toMatchObject({ rate: 0.02, country: 'United Kingdom', countryCode: 'GB', numberType: 'landline' });
  });
});

describe('GET /api/rates/countries', () => {
  test('RateCountry entries sorted by name; search narrows them', async () => {
    const ip = freshIp();
    const res = await get('/api/rates/countries', { 'x-forwarded-for': ip });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    const list = (await res.json()) as Record<string, unknown>[];
    expect(list.length).toBeGreaterThanOrEqual(200);
    for (const entry of list) {
      expect(Object.keys(entry).sort()).toEqual(['callingCode', 'country', 'countryCode', 'flag', 'id', 'landlineRate', 'mobileRate', 'region', 'subregion']);
    }
    const searched = await get('/api/rates/countries?search=%2B44', { 'x-forwarded-for': ip });
    expect(((await searched.json()) as { id: string }[]).map((c) => c.id)).toEqual(['GG', 'IM', 'JE', 'GB']);
    expect(searched.headers.get('etag')).not.toBe(res.headers.get('etag'));
    const none = await get('/api/rates/countries?search=atlantis', { 'x-forwarded-for': ip });
    expect(await none.json()).toEqual([]);

    const cached = await get('/api/rates/countries', { 'x-forwarded-for': ip, 'if-none-match': res.headers.get('etag')! });
    expect(cached.status).toBe(304);
  });
});

describe('GET /api/countries/{CODE}', () => {
  test('CountryDetail for any case of the code, 304 on its ETag', async () => {
    const ip = freshIp();
    const res = await get('/api/countries/gb', { 'x-forwarded-for': ip });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    const detail = await res.json();
    expect(Object.keys(detail).sort()).toEqual([
      'callingCode',
      'country',
      'countryCode',
      'flag',
      'id',
      'landlineRate',
      'mobileRate',
      'name',
      'prefixes',
      'region',
      'related',
      'subregion',
    ]);
    expect(detail).toMatchObject({ id: 'GB', name: 'United Kingdom', callingCode: '+44', mobileRate: '0.032000', landlineRate: '0.018000' });
    // landline lines first (by name: the London line added above, then the standard rate), then mobile
    expect(detail.prefixes.slice(0, 3)).toEqual([
      { name: 'London', prefixes: ['4420'], rate: '0.020000', numberType: 'landline' },
      { name: 'Standard Rate', prefixes: ['44'], rate: '0.018000', numberType: 'landline' },
      { name: 'Mobile', prefixes: ['4471', '4472', '4473', '4474', '4475', '4477', '4478', '4479'], rate: '0.032000', numberType: 'mobile' },
    ]);
    expect(detail.related.length).toBeLessThanOrEqual(6);
    const upper = await get('/api/countries/GB', { 'x-forwarded-for': ip, 'if-none-match': res.headers.get('etag')! });
    expect(upper.status).toBe(304);
  });

  test('unknown codes and countries without rates: 404 JSON', async () => {
    for (const code of ['ZZ', 'usa', 'AQ']) {
      const res = await get(`/api/countries/${code}`, { 'x-forwarded-for': freshIp() });
      expect(res.status).toBe(404);
      expect((await res.json()).error.code).toBe('not_found');
    }
  });
});

describe('rate limit', () => {
  test('over the limit: 429 with Retry-After, per client IP, until the window ends', async () => {
    const limited = appWith({ rule: { limit: 3, windowSeconds: 10 } });
    const ip = freshIp();
    const path = '/api/rates/lookup?number=%2B447700900123';
    // what the client wrote before the proxy's entry is not believed
    for (let i = 0; i < 3; i++) expect((await get(path, { 'x-forwarded-for': `10.9.9.${i}, ${ip}` }, limited)).status).toBe(200);
    const refused = await get(path, { 'x-forwarded-for': ip }, limited);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('10');
    expect(refused.headers.get('cache-control')).toBe('no-store');
    expect((await refused.json()).error.code).toBe('too_many_requests');
    // the other endpoints count too; another client is not affected
    expect((await get('/api/rates/countries', { 'x-forwarded-for': ip }, limited)).status).toBe(429);
    expect((await get(path, { 'x-forwarded-for': freshIp() }, limited)).status).toBe(200);
    clock += 10_000;
    expect((await get(path, { 'x-forwarded-for': ip }, limited)).status).toBe(200);
  });

  test('the default is 120 requests per 10 s; null turns it off', async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 121; i++) statuses.push((await get('/api/countries/fr', { 'x-forwarded-for': ip })).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(120);
    expect(statuses.at(-1)).toBe(429);
    const unlimited = appWith({ limiter: null });
    for (let i = 0; i < 130; i++) expect((await get('/api/countries/fr', { 'x-forwarded-for': ip }, unlimited)).status).toBe(200);
  });

  test('If-None-Match', () => {
    expect(etagMatches('*', '"a"')).toBe(true);
    expect(etagMatches('"b", "a"', '"a"')).toBe(true);
    expect(etagMatches('W/"a"', '"a"')).toBe(true);
    expect(etagMatches('"b"', '"a"')).toBe(false);
    expect(etagMatches(null, '"a"')).toBe(false);
  });
});
