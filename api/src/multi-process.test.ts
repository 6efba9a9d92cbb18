// Two real api processes on one PostgreSQL, as behind a proxy (issue: hardening), with the stand-ins (the Supabase
// Auth stand-in, the carrier and payment simulators) each one process beside them: they keep one set of rate limits,
// settle a Stripe event delivered to both (several times, at once) exactly once, both serve a deck the other (or
// rates:import) stored, and the billing jobs both run every 5 s send each e-mail once.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import Stripe from 'stripe';
import { createTestDatabase, postgresReachable, type TestDatabase } from './db/testing.ts';
import { paidSession, signatureFor, stripeEvent } from './modules/billing/testing.ts';
import { importRateDeck } from './modules/rates/importer.ts';
import { startApiProcesses, type ApiProcesses } from './testing/api-processes.ts';

const hasPostgres = await postgresReachable();

describe.skipIf(!hasPostgres)('two api processes behave as one', () => {
  let database: TestDatabase;
  let processes: ApiProcesses;
  let a: string;
  let b: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    processes = await startApiProcesses(2, {
      databaseUrl: database.url,
      env: { TRUSTED_PROXY_HOPS: '1', RATE_DECK_POLL_SECONDS: '0.2', AUTH_SIGNUP_LIMIT: '100', RATES_LIMIT: '200', RATES_WINDOW_SECONDS: '300' },
    });
    [a, b] = processes.origins as [string, string];
  }, 60_000);
  afterAll(async () => {
    await processes?.stop();
    await database?.drop();
  });

  const post = (origin: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${origin}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) });
  const password = 'correct horse battery';
  // users sign up where the browser does: at the Auth stand-in (one process, whichever api they then reach)
  async function signUp() {
    const email = `processes-${crypto.randomUUID()}@example.com`;
    const res = await post(processes.standIns.auth!.url, '/auth/v1/signup', { email, password }, { 'x-forwarded-for': '192.0.2.10' });
    expect(res.status, processes.output()).toBe(200);
    const session = (await res.json()) as { access_token: string; user: { id: string } };
    return { email, token: session.access_token, id: session.user.id };
  }

  test('rate lookups from one client, alternating between the processes and claiming 210 addresses: limited as one', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 210; i++) {
      // what the client wrote itself is never believed: our proxy appended 198.51.100.7 to each
      const res = await fetch(`${i % 2 ? b : a}/api/rates/lookup?number=%2B442071234567`, { headers: { 'x-forwarded-for': `203.0.113.${i % 250}, 198.51.100.7` } });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 200).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(200).every((s) => s === 429)).toBe(true);
  });

  test('one Stripe event delivered to both processes, three times each at once: one credit', async () => {
    const user = await signUp();
    const sessionId = `cs_processes_${crypto.randomUUID().replaceAll('-', '')}`;
    await database.db.privileged((sql) => sql.query('insert into public.checkout_sessions (id, user_id, amount) values ($1, $2, $3)', [sessionId, user.id, '25.00']));
    const event = stripeEvent('checkout.session.completed', paidSession({ id: sessionId, userId: user.id, cents: 2500, paymentIntent: `pi_${sessionId}` }));
    const payload = JSON.stringify(event);
    const signature = await signatureFor(new Stripe('sk_test_signing_only'), payload, { secret: 'whsec_dev' });
    const deliveries = await Promise.all(
      [a, b, a, b, a, b].map((origin) => post(origin, '/webhooks/stripe', payload, { 'stripe-signature': signature })),
    );
    expect(deliveries.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const [row] = await database.db.privileged((sql) =>
      sql.query<{ balance: string; credits: string }>(
        `select u.balance::text as balance, (select count(*) from public.transactions t where t.user_id = u.id and t.amount > 0)::text as credits
         from public.users u where u.id = $1`,
        [user.id],
      ),
    );
    expect(row).toEqual({ balance: '25.00', credits: '1' });
    for (const origin of [a, b]) {
      const res = await fetch(`${origin}/api/auth/user`, { headers: { authorization: `Bearer ${user.token}` } });
      const me = (await res.json()) as { balance: string };
      expect(me.balance, JSON.stringify(me)).toBe('25.00');
    }
  });

  test('a deck stored through one side is served by both', async () => {
    const lookup = async (origin: string) =>
      ((await (await fetch(`${origin}/api/rates/lookup?number=%2B35312345678`, { headers: { 'x-forwarded-for': '192.0.2.77' } })).json()) as { rate: number }).rate;
    const before = [await lookup(a), await lookup(b)];
    expect(before[0]).toBe(before[1]);
    const header = 'prefix,destination name,connection fee,price per minute,initial increment,increment,number type';
    expect(await importRateDeck(database.db, `${header}\n3531,Dublin,0,0.0123,60,60,landline`)).toMatchObject({ ok: true });
    // each process checks the deck's version at most every RATE_DECK_POLL_SECONDS (0.2 s here)
    for (const origin of [a, b]) {
      let served = await lookup(origin);
      for (let i = 0; i < 50 && served !== 0.0123; i++) {
        await Bun.sleep(100);
        served = await lookup(origin);
      }
      expect(served).toBe(0.0123);
    }
  });

  test('the billing jobs of both processes send each due e-mail once', async () => {
    const user = await signUp();
    await database.db.privileged((sql) =>
      sql.query(
        `insert into private.billing_jobs (user_id, kind, payload) select $1, 'low_balance_alert', jsonb_build_object('balance', '1.00', 'threshold', '5.00') from generate_series(1, 6)`,
        [user.id],
      ),
    );
    const pending = async () =>
      Number((await database.db.privileged((sql) => sql.query<{ n: string }>(`select count(*) as n from private.billing_jobs where user_id = $1 and status <> 'done'`, [user.id])))[0]!.n);
    for (let i = 0; i < 150 && (await pending()) > 0; i++) await Bun.sleep(100);
    expect(await pending()).toBe(0);
    const mailDir = join(processes.dataDir, 'mail');
    const sent = readdirSync(mailDir).filter((file) => readFileSync(join(mailDir, file), 'utf8').includes(user.email));
    expect(sent).toHaveLength(6);
  }, 30_000);
});
