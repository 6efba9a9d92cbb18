// GET /api/contacts?search= under load: one user with 5,000 contacts (plus 20 other users with 5,000 each, so
// the table is not just theirs) on the machine's PostgreSQL. A mix of name, digit and e-mail searches and the
// blank search (the first page of 50 of the 5,000), 16 at a time, ~2,000 requests, each through the whole stack (JWT check, RLS
// transaction, query, JSON):
//   1. over HTTP on loopback to the api in its own process (`bun api/src/index.ts`, as deployed), the load from this
//      one: the target;
//   2. over HTTP on loopback (127.0.0.1:3403) to the api in this process, sharing its one JavaScript thread with the
//      load generator;
//   3. in-process through app.handle (no sockets).
// Prints requests per second and p50/p99 latency, overall and per kind (also the searches alone, the blank
// search alone and, for reference, GET /api/auth/user), and the query plans. Target (#24, not asserted): p99 of the
// mix over HTTP to the api in its own process under 20 ms. The load generator, the api and PostgreSQL share the machine.
import { createApp } from '../../app.ts';
import { createTestSigningKey, localApiTokenSigner, signTestToken, testLocalAuthConfig, testPublicUrl } from '../../auth/testing.ts';
import { createTokenVerifier } from '../../auth/verify.ts';
import type { EngineDatabase, Sql } from '../../db/database.ts';
import { createPostgresDatabase } from '../../db/postgres.ts';
import { createAuthSession, createAuthUser, createTestDatabase, testEmail, userClaims } from '../../db/testing.ts';
import { startApiProcesses } from '../../testing/api-processes.ts';
import { testConfig } from '../../testing/fixtures.ts';
import { createRateService } from '../rates/service.ts';
import { percentile, runConcurrently } from '@ringwise/bench/load';
import { listContacts } from './service.ts';

const CONTACTS = 5_000;
const OTHER_USERS = 20;
const REQUESTS = 2_000;
const CONCURRENCY = 16;
const PORT = 3403;

/** [kind, search]: cycled through in this order (what a user types; the blank search is the whole book). */
const searches: [string, string][] = [
  ['name', 'ada'],
  ['digits', '7700 900'],
  ['email', 'acme'],
  ['name', 'Lovelace'],
  ['digits', '(202) 55'],
  ['email', 'grace.hopper'],
  ['name', 'ken th'],
  ['digits', '+49 151 2'],
  ['email', 'HOPPER7'],
  ['name', 'nobody at all'],
  ['digits', '4567'],
  ['blank', ''],
];

/** One insert … select generate_series: 40 first × 50 last names, US/UK/DE/FR numbers with scrambled digits,
 *  e-mail at six domains for four in five, notes for one in seven, 5% favorites. */
async function seedContacts(db: EngineDatabase, userId: string, count: number): Promise<void> {
  await db.privileged((sql) =>
    sql.query(
      `insert into public.contacts (user_id, display_name, primary_number, country_code, email, notes, favorite)
       select $1, f.first || ' ' || l.last, n.number, n.code,
              case when g % 5 <> 0 then lower(f.first) || '.' || replace(lower(l.last), ' ', '') || (g % 97) || '@' ||
                (array['gmail.example', 'acme.example', 'mail.example.org', 'work.example.net', 'uni.example.edu', 'example.co.uk'])[1 + g % 6] end,
              case when g % 7 = 0 then 'met at the conference' end,
              g % 20 = 0
       from generate_series(1, $2::int) g
       cross join lateral (select lpad(((g::bigint * 7919 + 104729) % 10000000)::text, 7, '0') as d) digits
       cross join lateral (select (array['Ada', 'Grace', 'Alan', 'Linus', 'Margaret', 'Dennis', 'Barbara', 'Ken', 'Frances', 'Edsger',
         'Katherine', 'John', 'Mary', 'Tim', 'Radia', 'Donald', 'Hedy', 'Claude', 'Sophie', 'Guido', 'Anita', 'Bjarne', 'Jean', 'Niklaus',
         'Karen', 'Vint', 'Shafi', 'Leslie', 'Adele', 'James', 'Evelyn', 'Dorothy', 'Whitfield', 'Lynn', 'Ivan', 'Kathleen', 'Yukihiro',
         'Joan', 'Brian', 'Carol'])[1 + g % 40] as first) f
       cross join lateral (select (array['Lovelace', 'Hopper', 'Turing', 'Torvalds', 'Hamilton', 'Ritchie', 'Liskov', 'Thompson', 'Allen',
         'Dijkstra', 'Johnson', 'McCarthy', 'Keller', 'Berners-Lee', 'Perlman', 'Knuth', 'Lamarr', 'Shannon', 'Wilson', 'van Rossum', 'Borg',
         'Stroustrup', 'Sammet', 'Wirth', 'Jones', 'Cerf', 'Goldwasser', 'Lamport', 'Goldberg', 'Gosling', 'Berezin', 'Denning', 'Diffie',
         'Conway', 'Sutherland', 'Booth', 'Matsumoto', 'Clarke', 'Kernighan', 'Shaw', 'Smith', 'Brown', 'Taylor', 'Martin', 'Garcia',
         'Müller', 'Dubois', 'Rossi', 'Nakamura', 'Okafor'])[1 + (g / 40 + g) % 50] as last) l
       cross join lateral (select case g % 4
           when 0 then '+1' || (array['202', '212', '415', '646'])[1 + g / 4 % 4] || d
           when 1 then '+447700' || right(d, 6) || (g / 4 % 10)
           when 2 then '+49151' || d || (g % 10)
           else '+336' || d || (g / 4 % 10) end as number,
         (array['+1', '+44', '+49', '+33'])[1 + g % 4] as code) n`,
      [userId, count],
    ),
  );
}

async function seed(db: EngineDatabase): Promise<string> {
  const userId = await createAuthUser(db, { email: testEmail('bench-contacts') });
  await seedContacts(db, userId, CONTACTS);
  for (let i = 0; i < OTHER_USERS; i++) await seedContacts(db, await createAuthUser(db, { email: testEmail('bench-other') }), CONTACTS);
  // as autovacuum leaves a loaded table: statistics, and the visibility map that lets the list's index answer alone
  await db.statement('vacuum (analyze) public.contacts');
  return userId;
}

function report(label: string, result: { latencies: Float64Array; seconds: number; failures: number }, total: number) {
  const { latencies, seconds, failures } = result;
  console.log(
    `  ${label}: ${Math.round(total / seconds).toLocaleString('en-US')} requests/s, p50 ${percentile(latencies, 50).toFixed(2)} ms, ` +
      `p99 ${percentile(latencies, 99).toFixed(2)} ms (${total.toLocaleString('en-US')} requests, ${CONCURRENCY} at a time${failures ? `, ${failures} FAILED` : ''})`,
  );
}

/** Runs `mix` (cycled) through `get`, printing the totals and each kind's percentiles. */
async function load(label: string, get: (search: string) => Promise<Response>, mix: [string, string][] = searches): Promise<number> {
  // warm-up, as in users.bench.ts: the JIT, and each pooled connection opened, preparing its statements and compiling
  // the search function; at the measured concurrency, or only one connection would be warm (one request at a time
  // uses one) and the first requests measured would open and warm the other nine
  await runConcurrently(1_000, CONCURRENCY, async (i) => (await (await get(mix[i % mix.length]![1])).arrayBuffer(), true));
  const byKind = new Map<string, number[]>();
  const result = await runConcurrently(REQUESTS, CONCURRENCY, async (i) => {
    const [kind, search] = mix[i % mix.length]!;
    const t0 = performance.now();
    const res = await get(search);
    await res.arrayBuffer();
    const values = byKind.get(kind) ?? [];
    values.push(performance.now() - t0);
    byKind.set(kind, values);
    return res.status === 200;
  });
  report(label, result, REQUESTS);
  const p99 = percentile(result.latencies, 99);
  if (byKind.size < 2) return p99;
  for (const [kind, values] of byKind) {
    const sorted = Float64Array.from(values).sort();
    console.log(`    ${kind.padEnd(6)} p50 ${percentile(sorted, 50).toFixed(2)} ms, p99 ${percentile(sorted, 99).toFixed(2)} ms (${values.length})`);
  }
  return p99;
}

const database = await createTestDatabase();
// the api's own pool (as openDatabase makes it: defaultPoolSize, 2 × cores for this machine's PostgreSQL), not the
// test helper's small one
const db = createPostgresDatabase(database.url);
try {
  const seeded = performance.now();
  const userId = await seed(db);
  console.log(
    `\nPostgreSQL (machine): one user with ${CONTACTS.toLocaleString('en-US')} contacts, ${OTHER_USERS} others with as many ` +
      `(seeded in ${((performance.now() - seeded) / 1000).toFixed(1)} s)`,
  );

  // the row counts each search returns, and the plan of a search as the user (RLS on), as listContacts runs it
  const asUser = <T>(work: (sql: Sql) => Promise<T>) => db.asUser(userClaims(userId), work);
  const counts = [];
  for (const [, search] of searches) counts.push(`${JSON.stringify(search)} ${(await asUser((sql) => listContacts(sql, search))).contacts.length}`);
  console.log(`  rows in the first page of each search: ${counts.join(', ')}`);
  // each search alone, one after the other: the database's part (transaction, RLS, query), no HTTP, no queueing
  const alone = [];
  for (const [, search] of searches) {
    const t0 = performance.now();
    for (let i = 0; i < 50; i++) await asUser((sql) => listContacts(sql, search));
    alone.push(`${JSON.stringify(search)} ${((performance.now() - t0) / 50).toFixed(2)}`);
  }
  console.log(`  ms per search alone (mean of 50): ${alone.join(', ')}`);
  for (const search of ['7700 900', '']) {
    const plan = await asUser((sql) =>
      listContacts({ query: <T>(text: string, params?: unknown[]) => sql.query<T>(`explain (analyze, costs off) ${text}`, params) }, search),
    );
    const lines = (plan.contacts as unknown as { 'QUERY PLAN': string }[]).map((r) => `    ${r['QUERY PLAN']}`);
    console.log(`  plan of ${JSON.stringify(search)} (as the user):\n${lines.join('\n')}`);
  }

  const sessionId = await createAuthSession(db, userId);
  const query = (search: string) => (search ? `?search=${encodeURIComponent(search)}` : '');

  // as deployed: the api in its own process, its token signed with the key it keeps in its DATA_DIR
  const api = await startApiProcesses(1, { databaseUrl: database.url, standIns: ['auth'] });
  try {
    const origin = api.origins[0]!;
    const ownToken = await (await localApiTokenSigner(api.dataDir, api.standIns.auth!.url))(userId, sessionId);
    const own = (search: string) => fetch(`${origin}/api/contacts${query(search)}`, { headers: { authorization: `Bearer ${ownToken}` } });
    const p99 = await load(`HTTP GET /api/contacts?search=, the mix, api in its own process (${origin})`, own);
    console.log(`GET /api/contacts?search= (5,000 contacts, the mix over HTTP, api in its own process) p99 ${p99.toFixed(1)} ms (target < 20 ms)`);
  } finally {
    await api.stop();
  }

  const signingKey = await createTestSigningKey();
  const authConfig = testLocalAuthConfig();
  const verifier = createTokenVerifier(authConfig, { keys: signingKey.jwks });
  const token = await signTestToken(signingKey.privateKey, { sub: userId, role: 'authenticated', session_id: sessionId }, { kid: signingKey.kid });
  const app = createApp(testConfig({ PUBLIC_URL: testPublicUrl }), {
    services: { db, auth: { config: authConfig, verifier }, rates: createRateService({ db }) },
  });
  const headers = { authorization: `Bearer ${token}` };

  const base = `http://127.0.0.1:${PORT}`;
  app.listen({ port: PORT, hostname: '127.0.0.1' });
  try {
    const http = (search: string) => fetch(`${base}/api/contacts${query(search)}`, { headers });
    await load(`HTTP GET /api/contacts?search= (${base}), the mix, api in this process`, http);
    await load('HTTP, the searches only (no blank)', http, searches.filter(([kind]) => kind !== 'blank'));
    const firstPage = await (await http('')).text();
    await load(`HTTP, the first page of the list (${(firstPage.length / 1024).toFixed(1)} KB; goal p99 under 20 ms)`, http, [['blank', '']]);
    // the floor of an authenticated request on this machine: a one-row query in the same kind of transaction
    await load('reference: HTTP GET /api/auth/user', () => fetch(`${base}/api/auth/user`, { headers }), [['user', '']]);
  } finally {
    await app.stop();
  }
  await load('in-process app.handle, the mix', (search) => app.handle(new Request(`${testPublicUrl}/api/contacts${query(search)}`, { headers })));
} finally {
  await db.close();
  await database.drop();
}
