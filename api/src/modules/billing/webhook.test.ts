// POST /webhooks/stripe on the machine's PostgreSQL: signatures, exactly-once crediting under duplicates,
// reordering and concurrency, and what is ignored.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import Stripe from 'stripe';
import { createTestDatabase, type TestDatabase } from '../../db/testing.ts';
import { billingTestApp, deliver, paidSession, stripeEvent, type BillingTestApp } from './testing.ts';

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
