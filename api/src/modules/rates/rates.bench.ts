// Rate lookups (issue: rates): the seed deck on the machine's PostgreSQL, numbers built from its prefixes.
//   1. in-process: the in-memory index (RateIndex.match, and the service's async lookup), ~200k lookups;
//   2. over HTTP on loopback (127.0.0.1:3402): GET /api/rates/lookup, 16 at a time, 5,000 requests, no rate limit;
//   3. the best indexed SQL query on the same deck for comparison: the number's candidate prefixes against
//      the btree on (prefix, number_type, effective_from), longest first, one round trip each.
// Prints lookups per second and p50/p99 latency. Targets (not asserted): p99 < 50 µs in-process, < 5 ms over HTTP.
import { Elysia } from 'elysia';
import pg from 'pg';
import { createTestDatabase } from '../../db/testing.ts';
import { errors } from '../../plugins/errors.ts';
import { rates } from './index.ts';
import { seedDeck, seedRateDeck } from './seed.ts';
import { createRateService } from './service.ts';
import { percentile, runConcurrently } from '@ringwise/bench/load';

const IN_PROCESS = 200_000;
const HTTP_REQUESTS = 5_000;
const SQL_QUERIES = 5_000;
const CONCURRENCY = 16;
const PORT = 3402;

/** A small deterministic PRNG (mulberry32), so every run looks up the same numbers. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Numbers under the seeded prefixes: each prefix filled up with random digits to 11-13 digits. */
function numbers(count: number): string[] {
  const next = random(42);
  const prefixes = seedDeck().map((r) => r.prefix);
  return Array.from({ length: count }, () => {
    let digits = prefixes[Math.floor(next() * prefixes.length)]!;
    const length = Math.max(digits.length + 3, 11 + Math.floor(next() * 3));
    while (digits.length < length) digits += Math.floor(next() * 10);
    return `+${digits}`;
  });
}

function report(label: string, count: number, seconds: number, latenciesMs: Float64Array | number[], unit: 'µs' | 'ms', failures = 0) {
  const sorted = Float64Array.from(latenciesMs).sort();
  const scale = unit === 'µs' ? 1000 : 1;
  const digits = unit === 'µs' ? 1 : 2;
  console.log(
    `  ${label}: ${Math.round(count / seconds).toLocaleString('en-US')} lookups/s, p50 ${(percentile(sorted, 50) * scale).toFixed(digits)} ${unit}, ` +
      `p99 ${(percentile(sorted, 99) * scale).toFixed(digits)} ${unit} (${count.toLocaleString('en-US')} lookups${failures ? `, ${failures} failed` : ''})`,
  );
}

const concurrently = (total: number, work: (i: number) => Promise<boolean>) => runConcurrently(total, CONCURRENCY, work);

const database = await createTestDatabase();
try {
  const seeded = performance.now();
  const { inserted } = await seedRateDeck(database.db);
  await database.db.privileged((sql) => sql.query('analyze public.rates'));
  const countries = new Set(seedDeck().map((r) => r.country)).size;
  console.log(`\nSeed deck on PostgreSQL: ${inserted} rates, ${countries} countries (seeded in ${Math.round(performance.now() - seeded)} ms)`);

  const service = createRateService({ db: database.db });
  const built = performance.now();
  const index = await service.index();
  console.log(`  index built in ${Math.round(performance.now() - built)} ms (${index.size} rates in force)`);
  const sample = numbers(IN_PROCESS);

  // 1. in-process ------------------------------------------------------------------------------------
  for (let i = 0; i < 20_000; i++) index.match(sample[i]!); // warm-up
  const latencies = new Float64Array(sample.length);
  let started = performance.now();
  for (let i = 0; i < sample.length; i++) {
    const t0 = performance.now();
    index.match(sample[i]!);
    latencies[i] = performance.now() - t0;
  }
  report('in-process, RateIndex.match', sample.length, (performance.now() - started) / 1000, latencies, 'µs');

  started = performance.now();
  for (let i = 0; i < sample.length; i++) {
    const t0 = performance.now();
    await service.lookup(sample[i]!);
    latencies[i] = performance.now() - t0;
  }
  report('in-process, await service.lookup', sample.length, (performance.now() - started) / 1000, latencies, 'µs');

  // 2. HTTP on loopback --------------------------------------------------------------------------------
  const app = new Elysia().use(errors()).use(rates({ service })).listen({ port: PORT, hostname: '127.0.0.1' });
  try {
    const url = (i: number) => `http://127.0.0.1:${PORT}/api/rates/lookup?number=${encodeURIComponent(sample[i % sample.length]!)}`;
    for (let i = 0; i < 300; i++) await (await fetch(url(i))).arrayBuffer(); // warm-up
    const http = await concurrently(HTTP_REQUESTS, async (i) => {
      const res = await fetch(url(i));
      await res.arrayBuffer();
      return res.status === 200;
    });
    report(`HTTP GET /api/rates/lookup, ${CONCURRENCY} at a time`, HTTP_REQUESTS, http.seconds, http.latencies, 'ms', http.failures);
  } finally {
    await app.stop();
  }

  // 3. the best SQL query --------------------------------------------------------------------------------
  const query = `
    select price_per_minute, country, number_type
    from (
      select distinct on (prefix, number_type) prefix, number_type, price_per_minute, country
      from public.rates
      where prefix = any (string_to_array($1, ',')) and effective_from <= now()
      order by prefix, number_type, effective_from desc
    ) r
    order by length(prefix) desc, price_per_minute
    limit 1`;
  const candidates = (n: string) => {
    const digits = n.slice(1);
    return Array.from({ length: Math.min(15, digits.length) }, (_, i) => digits.slice(0, i + 1)).join(',');
  };
  const pool = new pg.Pool({ connectionString: database.url, max: CONCURRENCY });
  const prepared = async (values: string[]) => (await pool.query({ name: 'rate_lookup', text: query, values })).rows;
  try {
    const plan = (await pool.query(`explain ${query}`, [candidates(sample[0]!)])).rows;
    const scan = plan.map((r) => String(r['QUERY PLAN'])).find((line) => /Index|Seq Scan|Bitmap/.test(line))?.trim();
    console.log(`  SQL plan: ${scan}`);
    for (let i = 0; i < 300; i++) await prepared([candidates(sample[i]!)]);
    const sqlLatencies: number[] = [];
    started = performance.now();
    for (let i = 0; i < SQL_QUERIES; i++) {
      const t0 = performance.now();
      await prepared([candidates(sample[i]!)]);
      sqlLatencies.push(performance.now() - t0);
    }
    report('SQL, one query at a time (prepared, no transaction)', SQL_QUERIES, (performance.now() - started) / 1000, sqlLatencies, 'ms');
    const parallel = await concurrently(SQL_QUERIES, async (i) => {
      const rows = await prepared([candidates(sample[i]!)]);
      return rows.length === 1;
    });
    report(`SQL, ${CONCURRENCY} at a time`, SQL_QUERIES, parallel.seconds, parallel.latencies, 'ms', parallel.failures);
  } finally {
    await pool.end();
  }
  service.close();
} finally {
  await database.drop();
}
