// Stripe webhook settlement under load on the machine's PostgreSQL: signed checkout.session.completed events
// for 200 users' top-ups (each a session the app made), 16 deliveries at a time, each through the whole stack
// (raw body, signature check, one transaction: event log, ledger entry with the user row locked, session
// state, receipt job). A fifth of the deliveries repeat an event already settled, as Stripe's retries do.
//   1. over HTTP on loopback (127.0.0.1:3404);
//   2. in-process through app.handle (no sockets).
// Prints events settled per second and p50/p99 latency. Target (issue, not asserted): at least 500 events/s
// with p99 under 50 ms on this machine kind. Afterwards every balance must equal its ledger (checked).
import Stripe from 'stripe';
import { percentile, runConcurrently } from '@ringwise/bench/load';
import { createPostgresDatabase } from '../../db/postgres.ts';
import { createAuthUser, createTestDatabase, testEmail } from '../../db/testing.ts';
import { ledgerDifferences } from './ledger.ts';
import { billingTestApp, paidSession, signatureFor, stripeEvent } from './testing.ts';

const USERS = 200;
const EVENTS = 4_000;
const CONCURRENCY = 16;
const PORT = 3404;

const database = await createTestDatabase();
// the api's own pool size (10), not the test helper's small one
const db = createPostgresDatabase(database.url);
const stripe = new Stripe('sk_test_bench');
const test = await billingTestApp(db, { stripe });

// users and the sessions the app made for them
const users: string[] = [];
for (let i = 0; i < USERS; i++) users.push(await createAuthUser(database.db, { email: testEmail('bench-webhook') }));

interface Prepared {
  payload: string;
  signature: string;
}

/** `count` distinct events (a new session each), then a fifth more that repeat earlier ones. */
async function prepare(round: string, count: number): Promise<Prepared[]> {
  const fresh: Prepared[] = [];
  const sessions: [string, string, string][] = [];
  for (let i = 0; i < count; i++) {
    const userId = users[i % USERS]!;
    const id = `cs_bench_${round}_${i}`;
    sessions.push([id, userId, '5.00']);
    const event = stripeEvent('checkout.session.completed', paidSession({ id, userId, cents: 500, paymentIntent: `pi_bench_${round}_${i}` }), `evt_bench_${round}_${i}`);
    const payload = JSON.stringify(event);
    fresh.push({ payload, signature: await signatureFor(stripe, payload) });
  }
  await database.db.privileged((sql) =>
    sql.query(
      `insert into public.checkout_sessions (id, user_id, amount) select * from unnest($1::text[], $2::uuid[], $3::numeric[])`,
      [sessions.map((s) => s[0]), sessions.map((s) => s[1]), sessions.map((s) => s[2])],
    ),
  );
  const repeats = fresh.filter((_, i) => i % 4 === 0);
  // repeats come after their originals, spread through the run
  const all: Prepared[] = [];
  fresh.forEach((event, i) => {
    all.push(event);
    if (i % 5 === 4 && repeats.length > 0) all.push(repeats.shift()!);
  });
  return all;
}

function report(label: string, result: { latencies: Float64Array; seconds: number; failures: number }) {
  const sorted = result.latencies.slice().sort();
  console.log(
    `${label.padEnd(28)} ${String(Math.round(result.latencies.length / result.seconds)).padStart(6)} events/s   ` +
      `p50 ${percentile(sorted, 50).toFixed(1)} ms   p99 ${percentile(sorted, 99).toFixed(1)} ms   failures ${result.failures}`,
  );
}

const server = test.app.listen({ port: PORT, hostname: '127.0.0.1' });
try {
  console.log(`Stripe webhook settlement, PostgreSQL, ${USERS} users, ${CONCURRENCY} at a time, 1 in 5 deliveries a repeat`);
  // warm-up: JIT, connection pool, plans
  const warm = await prepare('warm', 200);
  await runConcurrently(warm.length, CONCURRENCY, async (i) => (await test.call('POST', '/webhooks/stripe', undefined, warm[i]!.payload, { 'stripe-signature': warm[i]!.signature })).ok);

  const http = await prepare('http', EVENTS);
  report(
    'HTTP (loopback)',
    await runConcurrently(http.length, CONCURRENCY, async (i) => {
      const res = await fetch(`http://127.0.0.1:${PORT}/webhooks/stripe`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': http[i]!.signature },
        body: http[i]!.payload,
      });
      await res.arrayBuffer();
      return res.ok;
    }),
  );

  const inProcess = await prepare('handle', EVENTS);
  report(
    'in-process (app.handle)',
    await runConcurrently(inProcess.length, CONCURRENCY, async (i) => {
      const res = await test.call('POST', '/webhooks/stripe', undefined, inProcess[i]!.payload, { 'stripe-signature': inProcess[i]!.signature });
      await res.arrayBuffer();
      return res.ok;
    }),
  );

  const [settled] = await database.db.privileged((sql) => sql.query<{ entries: string }>(`select count(*)::text as entries from public.transactions`));
  const differences = await database.db.privileged(ledgerDifferences);
  console.log(`ledger: ${settled?.entries} entries for ${200 + 2 * EVENTS} distinct events; ${differences.length === 0 ? 'every balance equals its ledger' : `${differences.length} balances differ`}`);
  if (differences.length > 0 || Number(settled?.entries) !== 200 + 2 * EVENTS) process.exitCode = 1;
} finally {
  await server.stop();
  await db.close();
  await database.drop();
}
