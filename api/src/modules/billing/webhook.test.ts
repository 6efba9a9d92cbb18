// POST /webhooks/stripe on the machine's PostgreSQL: signatures (and their dates, either way), the body's size,
// exactly-once crediting under duplicates, reordering and concurrency, and what is ignored.
import { afterAll, beforeAll, describe, expect, spyOn, test } from 'bun:test';
import { Elysia } from 'elysia';
import Stripe from 'stripe';
import { createTestSigningKey, testLocalAuthConfig, testPublicUrl } from '../../auth/testing.ts';
import { createTokenVerifier } from '../../auth/verify.ts';
import { errors } from '../../plugins/errors.ts';
import { billing } from './index.ts';
import { createTestDatabase, type TestDatabase } from '../../db/testing.ts';
import { billingTestApp, deliver, paidSession, signatureFor, stripeEvent, testWebhookSecret, type BillingTestApp } from './testing.ts';
import { futureTimestampProblem, maxStripeEventBytes } from './webhook.ts';

let database: TestDatabase;
let test_: BillingTestApp;
const stripe = new Stripe('sk_test_webhooks_only');

beforeAll(async () => {
  database = await createTestDatabase();
  test_ = await billingTestApp(database.db, { stripe });
});
afterAll(() => database.drop());

async function balanceOf(userId: string): Promise<string> {
  const [row] = await database.db.privileged((sql) => sql.query<{ balance: string }>('select balance::text as balance from public.users where id = $1', [userId]));
  return row!.balance;
}

async function entriesOf(userId: string) {
  return database.db.privileged((sql) =>
    sql.query<{ type: string; amount: string; status: string }>(
      'select type, amount::text as amount, status from public.transactions where user_id = $1 order by created_at',
      [userId],
    ),
  );
}

/** A top-up the app made: the checkout session recorded for the user (as POST /api/stripe/checkout-sessions does). */
async function openSession(userId: string, amount: string) {
  const id = `cs_test_${crypto.randomUUID().replaceAll('-', '')}`;
  await database.db.privileged((sql) => sql.query('insert into public.checkout_sessions (id, user_id, amount) values ($1, $2, $3)', [id, userId, amount]));
  return id;
}

describe('signatures', () => {
  test('a forged signature, a wrong secret, a stale timestamp and a missing header are 400 and move nothing', async () => {
    const user = await test_.signUp();
    const session = await openSession(user.id, '25.00');
    const event = stripeEvent('checkout.session.completed', paidSession({ id: session, userId: user.id, cents: 2500, paymentIntent: `pi_${user.id}` }));
    const payload = JSON.stringify(event);

    const forged = await test_.call('POST', '/webhooks/stripe', undefined, payload, {
      'stripe-signature': `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`,
    });
    const wrongSecret = await deliver(test_, stripe, event, { secret: 'whsec_someone_else' });
    const stale = await deliver(test_, stripe, event, { timestamp: Math.floor(Date.now() / 1000) - 301 });
    const missing = await test_.call('POST', '/webhooks/stripe', undefined, payload);
    for (const res of [forged, wrongSecret, stale, missing]) {
      expect(res.status).toBe(400);
      expect((await res.json()).error.code).toBe('bad_signature');
    }
    // the body as signed, re-serialised: the signature no longer covers it
    const signed = await deliver(test_, stripe, event);
    expect(signed.status).toBe(200);
    expect(await balanceOf(user.id)).toBe('25.00');
  });
});

describe('crediting a top-up', () => {
  test('checkout.session.completed credits the session amount once; the session reads as credited', async () => {
    const user = await test_.signUp();
    const session = await openSession(user.id, '25.00');
    const res = await deliver(test_, stripe, stripeEvent('checkout.session.completed', paidSession({ id: session, userId: user.id, cents: 2500, paymentIntent: `pi_a_${user.id}`, customer: 'cus_test_1' })));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true });
    expect(await balanceOf(user.id)).toBe('25.00');
    expect(await entriesOf(user.id)).toEqual([{ type: 'credit_purchase', amount: '25.00', status: 'completed' }]);
    const state = await test_.call('GET', `/api/stripe/checkout-sessions/${session}`, user.token);
    expect(await state.json()).toEqual({ id: session, status: 'complete', paymentStatus: 'paid', amount: '25.00', credited: true });
    const [profile] = await database.db.privileged((sql) => sql.query<{ stripe_customer_id: string }>('select stripe_customer_id from public.users where id = $1', [user.id]));
    expect(profile?.stripe_customer_id).toBe('cus_test_1');
  });

  test('one event delivered 5 times, and the async success of the same payment, credit once in any order', async () => {
    const user = await test_.signUp();
    const session = await openSession(user.id, '10.00');
    const object = paidSession({ id: session, userId: user.id, cents: 1000, paymentIntent: `pi_b_${user.id}` });
    const completed = stripeEvent('checkout.session.completed', object);
    const asyncSucceeded = stripeEvent('checkout.session.async_payment_succeeded', object);
    const intentSucceeded = stripeEvent('payment_intent.succeeded', { id: `pi_b_${user.id}`, object: 'payment_intent', amount: 1000, amount_received: 1000, currency: 'usd', metadata: { kind: 'top_up', user_id: user.id }, status: 'succeeded' });
    for (const event of [intentSucceeded, completed, asyncSucceeded, completed, completed, asyncSucceeded, completed, completed]) {
      expect((await deliver(test_, stripe, event)).status).toBe(200);
    }
    expect(await balanceOf(user.id)).toBe('10.00');
    expect(await entriesOf(user.id)).toHaveLength(1);
  });

  test('the same event delivered 20 times at once credits once', async () => {
    const user = await test_.signUp();
    const session = await openSession(user.id, '50.00');
    const event = stripeEvent('checkout.session.completed', paidSession({ id: session, userId: user.id, cents: 5000, paymentIntent: `pi_c_${user.id}` }));
    const results = await Promise.all(Array.from({ length: 20 }, () => deliver(test_, stripe, event)));
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(await balanceOf(user.id)).toBe('50.00');
    expect(await entriesOf(user.id)).toHaveLength(1);
  });

  test('different events of one payment at once (completed and async success) credit once', async () => {
    const user = await test_.signUp();
    const session = await openSession(user.id, '100.00');
    const object = paidSession({ id: session, userId: user.id, cents: 10000, paymentIntent: `pi_d_${user.id}` });
    const events = Array.from({ length: 10 }, (_, i) => stripeEvent(i % 2 ? 'checkout.session.completed' : 'checkout.session.async_payment_succeeded', object));
    await Promise.all(events.map((event) => deliver(test_, stripe, event)));
    expect(await balanceOf(user.id)).toBe('100.00');
  });

  test('an unpaid completion (a delayed payment method) records the state and credits nothing', async () => {
    const user = await test_.signUp();
    const session = await openSession(user.id, '25.00');
    const unpaid = { ...paidSession({ id: session, userId: user.id, cents: 2500, paymentIntent: `pi_e_${user.id}` }), payment_status: 'unpaid' };
    expect((await deliver(test_, stripe, stripeEvent('checkout.session.completed', unpaid))).status).toBe(200);
    expect(await balanceOf(user.id)).toBe('0.00');
    expect(await (await test_.call('GET', `/api/stripe/checkout-sessions/${session}`, user.token)).json()).toMatchObject({ status: 'complete', paymentStatus: 'unpaid', credited: false });
  });

  test('sessions the app did not make, for another user, out of range or not in USD are recorded and never credited', async () => {
    const user = await test_.signUp();
    const other = await test_.signUp();
    const mine = await openSession(user.id, '25.00');
    const cases = [
      paidSession({ id: 'cs_test_unknown', userId: user.id, cents: 2500, paymentIntent: `pi_f1_${user.id}` }),
      paidSession({ id: mine, userId: other.id, cents: 2500, paymentIntent: `pi_f2_${user.id}` }),
      paidSession({ id: mine, userId: user.id, cents: 50001, paymentIntent: `pi_f3_${user.id}` }),
      paidSession({ id: mine, userId: user.id, cents: 499, paymentIntent: `pi_f4_${user.id}` }),
      { ...paidSession({ id: mine, userId: user.id, cents: 2500, paymentIntent: `pi_f5_${user.id}` }), currency: 'eur' },
    ];
    for (const object of cases) expect((await deliver(test_, stripe, stripeEvent('checkout.session.completed', object))).status).toBe(200);
    expect(await balanceOf(user.id)).toBe('0.00');
    expect(await balanceOf(other.id)).toBe('0.00');
  });

  test('event types the app does not use are answered 200 and change nothing', async () => {
    const res = await deliver(test_, stripe, stripeEvent('customer.created', { id: 'cus_x', object: 'customer' }));
    expect(res.status).toBe(200);
  });
});

/** POSTs these exact bytes to /webhooks/stripe, correctly signed. */
async function deliverRaw(payload: string) {
  return test_.call('POST', '/webhooks/stripe', undefined, payload, { 'stripe-signature': await signatureFor(stripe, payload), 'content-type': 'application/json' });
}

/** Runs `body` with console.warn silenced, and returns what it was called with. */
async function warnings(body: () => Promise<void>): Promise<string[]> {
  const warn = spyOn(console, 'warn').mockImplementation(() => {});
  try {
    await body();
    return warn.mock.calls.map((args) => args.map(String).join(' '));
  } finally {
    warn.mockRestore();
  }
}

const recordedEvents = async (ids: string[]) =>
  (await database.db.privileged((sql) => sql.query<{ id: string }>('select id from private.stripe_events where id = any($1::text[]) order by id', [ids]))).map((r) => r.id);

describe("the signature's date and the body's size", () => {
  const now = () => Math.floor(Date.now() / 1000);

  test('a correctly signed event dated 1 hour ahead (or 310 s) is refused like a stale one and credits nothing; 4 minutes ahead is taken', async () => {
    const user = await test_.signUp();
    const session = await openSession(user.id, '25.00');
    const event = stripeEvent('checkout.session.completed', paidSession({ id: session, userId: user.id, cents: 2500, paymentIntent: `pi_${user.id}` }));
    for (const ahead of [3600, 310]) {
      const res = await deliver(test_, stripe, event, { timestamp: now() + ahead });
      expect(res.status).toBe(400);
      const { error } = (await res.json()) as { error: { code: string; message: string } };
      expect(error.code).toBe('bad_signature');
      expect(error.message).toContain('ahead of our clock');
    }
    expect(await balanceOf(user.id)).toBe('0.00');
    expect(await recordedEvents([event.id])).toEqual([]);
    // within the tolerance (clocks a few minutes apart): settled, once
    expect((await deliver(test_, stripe, event, { timestamp: now() + 240 })).status).toBe(200);
    expect(await balanceOf(user.id)).toBe('25.00');
  });

  test("the timestamp checked is the one the SDK verified (the last t=), and one that is no number is refused", () => {
    const at = 1_800_000_000;
    expect(futureTimestampProblem(`t=${at + 3600},v1=abc,t=${at}`, 300, at * 1000)).toBeNull();
    expect(futureTimestampProblem(`t=${at},v1=abc,t=${at + 3600}`, 300, at * 1000)).toContain('3600 s ahead');
    expect(futureTimestampProblem(`t=${at + 300},v1=abc`, 300, at * 1000)).toBeNull();
    expect(futureTimestampProblem('t=soon,v1=abc', 300, at * 1000)).toBe('its timestamp is not a number');
  });

  test('a signed event over 1 MB is a 413 as it streams, by its Content-Length before it is read, and credits nothing; one of 900 KB is taken', async () => {
    const user = await test_.signUp();
    const session = await openSession(user.id, '25.00');
    const paid = paidSession({ id: session, userId: user.id, cents: 2500, paymentIntent: `pi_${user.id}` });
    const event = stripeEvent('checkout.session.completed', { ...paid, metadata: { ...paid.metadata, padding: 'a'.repeat(maxStripeEventBytes) } });
    const payload = JSON.stringify(event);
    const signature = await signatureFor(stripe, payload);
    const chunked = new ReadableStream<Uint8Array>({
      start(controller) {
        const bytes = new TextEncoder().encode(payload);
        for (let at = 0; at < bytes.length; at += 64 * 1024) controller.enqueue(bytes.subarray(at, at + 64 * 1024));
        controller.close();
      },
    });
    const post = (body: BodyInit, headers: Record<string, string> = {}) =>
      test_.handle(
        new Request(`${testPublicUrl}/webhooks/stripe`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'stripe-signature': signature, ...headers },
          body,
          duplex: 'half',
        } as RequestInit),
      );
    let pulled = 0;
    const declared = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(new Uint8Array(64 * 1024));
      },
    });
    for (const res of [await post(chunked), await post(declared, { 'content-length': String(50 * 1024 * 1024) })]) {
      expect(res.status).toBe(413);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('payload_too_large');
    }
    expect(pulled).toBeLessThanOrEqual(1);
    expect(await balanceOf(user.id)).toBe('0.00');
    expect(await recordedEvents([event.id])).toEqual([]);
    // a large event of a type we ignore (an invoice with many lines, say): answered 200
    const large = stripeEvent('invoice.finalized', { id: 'in_large', object: 'invoice', lines: { data: Array.from({ length: 3000 }, (_, i) => ({ id: `il_${i}`, description: 'x'.repeat(280) })) } });
    const largePayload = JSON.stringify(large);
    expect(largePayload.length).toBeGreaterThan(900 * 1024);
    expect(largePayload.length).toBeLessThan(maxStripeEventBytes);
    expect((await deliverRaw(largePayload)).status).toBe(200);
  });
});

describe('signed bodies that are not what they should be', () => {
  test('a signed body that is not an event object is 400 bad_request, logged, recorded nowhere, never a 500', async () => {
    const valid = stripeEvent('customer.created', { id: 'cus_x', object: 'customer' });
    const without = (key: string) => JSON.stringify({ ...valid, [key]: undefined });
    const bodies = [
      '[]',
      '{"id":"evt_x"}',
      'null',
      '42',
      '"evt_x"',
      '{"id":"evt_x",',
      JSON.stringify({ ...valid, data: null }),
      JSON.stringify({ ...valid, data: {} }),
      JSON.stringify({ ...valid, data: { object: null } }),
      JSON.stringify({ ...valid, data: { object: [] } }),
      JSON.stringify({ ...valid, data: { object: 'cus_x' } }),
      without('id'),
      without('type'),
      without('data'),
      JSON.stringify({ ...valid, id: 42 }),
      JSON.stringify({ ...valid, id: '' }),
      JSON.stringify({ ...valid, id: 'evt_\u0000x' }),
      JSON.stringify({ ...valid, id: `evt_${'x'.repeat(300)}` }),
      JSON.stringify({ ...valid, type: ['customer.created'] }),
      JSON.stringify({ ...valid, type: 'customer.created\u0000' }),
    ];
    const logged = await warnings(async () => {
      for (const body of bodies) {
        const res = await deliverRaw(body);
        expect(res.status, body).toBe(400);
        const { error } = (await res.json()) as { error: { code: string; message: string } };
        expect(error.code, body).toBe('bad_request');
        expect(error.message, body).toStartWith('The body is not a valid Stripe event:');
      }
    });
    expect(logged).toHaveLength(bodies.length);
    for (const line of logged) expect(line).toStartWith('[stripe] ');
    expect(await recordedEvents(['evt_x', valid.id])).toEqual([]);
    // the well-formed event itself is answered 200
    expect((await deliver(test_, stripe, valid)).status).toBe(200);
  });

  test('events we settle whose object does not read are recorded and ignored (200, logged): no 500, no money, no state written', async () => {
    const user = await test_.signUp();
    const session = await openSession(user.id, '25.00');
    const paid = paidSession({ id: session, userId: user.id, cents: 2500, paymentIntent: `pi_odd_${user.id}` });
    const intent = { id: `pi_ar_${user.id}`, object: 'payment_intent', amount: 2500, amount_received: 2500, currency: 'usd', metadata: { kind: 'auto_recharge', user_id: user.id }, status: 'succeeded' };
    const nobody = crypto.randomUUID();
    const events = [
      stripeEvent('checkout.session.completed', { ...paid, amount_total: '2500' }),
      stripeEvent('checkout.session.completed', { ...paid, amount_total: 25.5 }),
      stripeEvent('checkout.session.completed', { ...paid, amount_total: 1e300 }),
      stripeEvent('checkout.session.completed', { ...paid, amount_total: null }),
      stripeEvent('checkout.session.completed', { ...paid, client_reference_id: 'not-a-uuid' }),
      stripeEvent('checkout.session.completed', { ...paid, client_reference_id: 42 }),
      stripeEvent('checkout.session.completed', { ...paid, payment_intent: 42 }),
      stripeEvent('checkout.session.completed', { ...paid, payment_intent: { id: { nested: true } } }),
      stripeEvent('checkout.session.completed', { ...paid, payment_intent: `pi_\u0000${user.id}` }),
      stripeEvent('checkout.session.completed', { ...paid, customer: { id: 7 } }),
      stripeEvent('checkout.session.completed', { ...paid, currency: ['usd'] }),
      stripeEvent('checkout.session.completed', { ...paid, id: 42 }),
      stripeEvent('checkout.session.completed', { ...paid, id: `${session}\u0000` }),
      stripeEvent('checkout.session.completed', { ...paid, payment_status: 'sort of' }),
      stripeEvent('checkout.session.completed', { ...paid, payment_status: null }),
      stripeEvent('checkout.session.expired', { ...paid, payment_status: 'unpaid', status: 'gone' }),
      stripeEvent('checkout.session.expired', { ...paid, payment_status: null, status: 'expired' }),
      stripeEvent('checkout.session.async_payment_failed', { ...paid, payment_status: 'unpaid', status: 7 }),
      stripeEvent('payment_intent.succeeded', { ...intent, metadata: 'auto_recharge' }),
      stripeEvent('payment_intent.succeeded', { ...intent, metadata: { ...intent.metadata, user_id: [user.id] } }),
      stripeEvent('payment_intent.succeeded', { ...intent, metadata: { ...intent.metadata, user_id: nobody } }),
      stripeEvent('payment_intent.succeeded', { ...intent, amount: '2500', amount_received: '2500' }),
      stripeEvent('payment_intent.succeeded', { ...intent, amount: 0, amount_received: 0 }),
      stripeEvent('payment_intent.succeeded', { ...intent, amount: 60000, amount_received: 60000 }),
      stripeEvent('payment_intent.succeeded', { ...intent, amount_received: -100 }),
      stripeEvent('payment_intent.succeeded', { ...intent, id: null }),
      stripeEvent('payment_intent.payment_failed', { ...intent, amount: 'lots', status: 'requires_payment_method' }),
      stripeEvent('payment_intent.payment_failed', { ...intent, amount: 0, status: 'requires_payment_method' }),
      stripeEvent('payment_intent.payment_failed', { ...intent, metadata: { ...intent.metadata, user_id: nobody }, status: 'requires_payment_method' }),
    ];
    const logged = await warnings(async () => {
      for (const event of events) {
        const res = await deliver(test_, stripe, event);
        expect(res.status, JSON.stringify(event.data.object)).toBe(200);
        expect(await res.json()).toEqual({ received: true });
      }
    });
    expect(logged).toHaveLength(events.length);
    for (const line of logged) expect(line).toMatch(/^\[stripe\] \S+ evt_test_\S+ not honoured: /);
    // each is recorded: a redelivery is a duplicate (and is not logged again)
    expect(await recordedEvents(events.map((e) => e.id))).toEqual(events.map((e) => e.id).sort());
    expect(await warnings(async () => void (await deliver(test_, stripe, events[0]!)))).toEqual([]);
    expect(await balanceOf(user.id)).toBe('0.00');
    expect(await entriesOf(user.id)).toEqual([]);
    expect(await (await test_.call('GET', `/api/stripe/checkout-sessions/${session}`, user.token)).json()).toMatchObject({ status: 'open', paymentStatus: 'unpaid', credited: false });
    // the top-up itself, well formed, still credits
    expect((await deliver(test_, stripe, stripeEvent('checkout.session.completed', paid))).status).toBe(200);
    expect(await balanceOf(user.id)).toBe('25.00');
  });

  test("the module's own logger hears what is refused and what is not honoured (and console.warn nothing)", async () => {
    const heard: string[] = [];
    const verifier = createTokenVerifier(testLocalAuthConfig(), { keys: (await createTestSigningKey()).jwks });
    const app = new Elysia()
      .use(errors({ log: () => {} }))
      .use(billing({ verifier, db: database.db, stripe, webhookSecret: testWebhookSecret, publicUrl: testPublicUrl, jobs: { kick() {} }, warn: (m) => heard.push(m) }));
    const post = async (payload: string) =>
      app.handle(new Request(`${testPublicUrl}/webhooks/stripe`, { method: 'POST', headers: { 'stripe-signature': await signatureFor(stripe, payload) }, body: payload }));
    const foreign = stripeEvent('checkout.session.completed', { ...paidSession({ id: 'cs_test_foreign', userId: crypto.randomUUID(), cents: 2500, paymentIntent: 'pi_foreign' }) });
    const logged = await warnings(async () => {
      expect((await post('[]')).status).toBe(400);
      expect((await post(JSON.stringify(foreign))).status).toBe(200);
    });
    expect(logged).toEqual([]);
    expect(heard).toEqual(['refused a signed body: it is an array, not an event object', `checkout.session.completed ${foreign.id} not honoured: session cs_test_foreign was not made by this app`]);
  });

  test('a payment or a Stripe customer of another user is never credited or attached to a second one', async () => {
    const [owner, other] = [await test_.signUp(), await test_.signUp()];
    const paymentIntent = `pi_shared_${owner.id}`;
    const mine = await openSession(owner.id, '10.00');
    const customer = `cus_${owner.id}`;
    expect((await deliver(test_, stripe, stripeEvent('checkout.session.completed', paidSession({ id: mine, userId: owner.id, cents: 1000, paymentIntent, customer })))).status).toBe(200);
    const theirs = await openSession(other.id, '10.00');
    const intent = { id: paymentIntent, object: 'payment_intent', amount: 1000, amount_received: 1000, currency: 'usd', metadata: { kind: 'auto_recharge', user_id: other.id } };
    const logged = await warnings(async () => {
      for (const event of [
        stripeEvent('checkout.session.completed', paidSession({ id: theirs, userId: other.id, cents: 1000, paymentIntent })),
        stripeEvent('payment_intent.succeeded', { ...intent, status: 'succeeded' }),
        stripeEvent('payment_intent.payment_failed', { ...intent, status: 'requires_payment_method' }),
      ]) {
        expect((await deliver(test_, stripe, event)).status).toBe(200);
      }
    });
    expect(logged).toHaveLength(3);
    expect(await balanceOf(owner.id)).toBe('10.00');
    expect(await balanceOf(other.id)).toBe('0.00');
    expect(await entriesOf(other.id)).toEqual([]);
    // their own payment naming the owner's Stripe customer: credited, the customer stays the owner's
    const another = await openSession(other.id, '10.00');
    const res = await deliver(test_, stripe, stripeEvent('checkout.session.completed', paidSession({ id: another, userId: other.id, cents: 1000, paymentIntent: `pi_own_${other.id}`, customer })));
    expect(res.status).toBe(200);
    expect(await balanceOf(other.id)).toBe('10.00');
    const customers = await database.db.privileged((sql) =>
      sql.query<{ id: string; stripe_customer_id: string | null }>('select id, stripe_customer_id from public.users where id = any($1::uuid[])', [[owner.id, other.id]]),
    );
    expect(Object.fromEntries(customers.map((c) => [c.id, c.stripe_customer_id]))).toEqual({ [owner.id]: customer, [other.id]: null });
  });
});

describe('GET /api/transactions', () => {
  test('newest first, a page at a time, without skipping or repeating; only the user’s own; payments only on request', async () => {
    const user = await test_.signUp();
    const other = await test_.signUp();
    // one transaction each, as payments arrive (entries of one transaction share its timestamp)
    const post = (text: string, params: unknown[]) => database.db.privileged((sql) => sql.query(text, params));
    for (let i = 0; i < 7; i++) {
      await post(`select private.post_ledger_entry($1, 'credit_purchase', $2, 'Account top-up', null, $3)`, [user.id, `${10 + i}.00`, `pi_list_${user.id}_${i}`]);
    }
    await post(`select private.post_ledger_entry($1, 'adjustment', '-1.00', 'Correction')`, [user.id]);
    await post(`select private.post_ledger_entry($1, 'credit_purchase', '5.00', 'Account top-up', null, $2)`, [other.id, `pi_list_other_${other.id}`]);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await test_.call('GET', `/api/transactions?limit=3${cursor ? `&cursor=${cursor}` : ''}`, user.token);
      expect(res.status).toBe(200);
      const page = (await res.json()) as { items: { amount: string; createdAt: string }[]; nextCursor: string | null };
      seen.push(...page.items.map((t) => t.amount));
      cursor = page.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(['-1.00', '16.00', '15.00', '14.00', '13.00', '12.00', '11.00', '10.00']);

    const payments = await (await test_.call('GET', '/api/transactions?kind=payments', user.token)).json();
    expect(payments.items.map((t: { type: string }) => t.type)).toEqual(Array(7).fill('credit_purchase'));
    const first = (await (await test_.call('GET', '/api/transactions', user.token)).json()).items[0];
    expect(Object.keys(first).sort()).toEqual(['amount', 'callId', 'createdAt', 'description', 'id', 'status', 'type']);
    expect(first).toMatchObject({ type: 'adjustment', amount: '-1.00', description: 'Correction', status: 'completed', callId: null });
  });

  test('a bad cursor or limit is a 400 naming it; signed out is 401', async () => {
    const user = await test_.signUp();
    const badCursor = await test_.call('GET', '/api/transactions?cursor=bm9wZQ', user.token);
    expect(badCursor.status).toBe(400);
    expect((await badCursor.json()).error).toMatchObject({ code: 'validation_failed', details: { fieldErrors: { cursor: expect.any(String) } } });
    for (const limit of ['0', '101', 'x', '2.5']) {
      expect((await test_.call('GET', `/api/transactions?limit=${limit}`, user.token)).status).toBe(400);
    }
    expect((await test_.call('GET', '/api/transactions')).status).toBe(401);
    expect(await (await test_.call('GET', '/api/transactions', user.token)).json()).toEqual({ items: [], nextCursor: null });
  });
});
