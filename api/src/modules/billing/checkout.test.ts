// POST /api/stripe/checkout-sessions and the portal, on the machine's PostgreSQL, with a recording stand-in for
// the Stripe SDK's calls: the amount is checked again by the api, the customer is made once, the session
// carries what the webhook needs.
import { afterAll, beforeAll, describe, expect, mock, test } from 'bun:test';
import type Stripe from 'stripe';
import { testPublicUrl } from '../../auth/testing.ts';
import { createTestDatabase, type TestDatabase } from '../../db/testing.ts';
import { billingTestApp, type BillingTestApp } from './testing.ts';

let database: TestDatabase;
let app: BillingTestApp;
let sessionCount = 0;
const customersCreate = mock(async (_params: unknown, options?: { idempotencyKey?: string }) => ({ id: `cus_${options?.idempotencyKey?.slice(-12)}` }));
const sessionsCreate = mock(async (_params: Stripe.Checkout.SessionCreateParams) => {
  sessionCount++;
  return { id: `cs_test_${sessionCount}_${Date.now()}`, url: `https://pay.example/c/${sessionCount}` };
});
const portalCreate = mock(async (params: { customer: string; return_url: string }) => ({ url: `https://pay.example/portal/${params.customer}` }));
const stripe = {
  customers: { create: customersCreate },
  checkout: { sessions: { create: sessionsCreate } },
  billingPortal: { sessions: { create: portalCreate } },
} as unknown as Stripe;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await billingTestApp(database.db, { stripe });
});
afterAll(() => database.drop());

describe('POST /api/stripe/checkout-sessions', () => {
  test('a session in USD for the amount, for this user, its card kept for later; recorded as open', async () => {
    const user = await app.signUp();
    const res = await app.call('POST', '/api/stripe/checkout-sessions', user.token, { amount: '25' });
    expect(res.status).toBe(201);
    const created = await res.json();
    expect(created).toEqual({ id: expect.stringMatching(/^cs_test_/), url: expect.stringMatching(/^https:\/\/pay\.example\//) });
    const params = sessionsCreate.mock.calls.at(-1)![0];
    expect(params).toMatchObject({
      mode: 'payment',
      client_reference_id: user.id,
      line_items: [{ quantity: 1, price_data: { currency: 'usd', unit_amount: 2500 } }],
      payment_intent_data: { setup_future_usage: 'off_session', metadata: { kind: 'top_up', user_id: user.id } },
      success_url: `${testPublicUrl}/checkout?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${testPublicUrl}/checkout?canceled=1`,
    });
    const state = await app.call('GET', `/api/stripe/checkout-sessions/${created.id}`, user.token);
    expect(await state.json()).toEqual({ id: created.id, status: 'open', paymentStatus: 'unpaid', amount: '25.00', credited: false });
  });

  test('the Stripe customer is made once per user, stored, and reused', async () => {
    const user = await app.signUp();
    const before = customersCreate.mock.calls.length;
    await Promise.all([1, 2, 3].map(() => app.call('POST', '/api/stripe/checkout-sessions', user.token, { amount: '10.00' })));
    await app.call('POST', '/api/stripe/checkout-sessions', user.token, { amount: '10.00' });
    const keys = customersCreate.mock.calls.slice(before).map(([, options]) => options?.idempotencyKey);
    expect(new Set(keys)).toEqual(new Set([`ringwise-customer-${user.id}`]));
    const customers = new Set(sessionsCreate.mock.calls.slice(-4).map(([params]) => params.customer));
    expect(customers.size).toBe(1);
    const me = await (await app.call('GET', '/api/auth/user', user.token)).json();
    expect(me.stripeCustomerId).toBe([...customers][0]);
  });

  test('amounts outside $5-$500, or not amounts, are 400 on the amount field and reach no payment', async () => {
    const user = await app.signUp();
    const before = sessionsCreate.mock.calls.length;
    for (const amount of ['4.99', '500.01', '0', '-25', '25.001', 'twenty', '', '1e3', 25]) {
      const res = await app.call('POST', '/api/stripe/checkout-sessions', user.token, { amount });
      expect(res.status).toBe(400);
      const body = await res.json();
      expect(body.error.code).toBe('validation_failed');
      expect(body.error.details.fieldErrors.amount).toBeString();
    }
    expect(sessionsCreate.mock.calls.length).toBe(before);
    for (const amount of ['5', '500.00']) expect((await app.call('POST', '/api/stripe/checkout-sessions', user.token, { amount })).status).toBe(201);
  });

  test('signed out is 401; another user’s session is 404', async () => {
    const alice = await app.signUp();
    const bob = await app.signUp();
    expect((await app.call('POST', '/api/stripe/checkout-sessions', undefined, { amount: '25' })).status).toBe(401);
    const created = await (await app.call('POST', '/api/stripe/checkout-sessions', alice.token, { amount: '25' })).json();
    expect((await app.call('GET', `/api/stripe/checkout-sessions/${created.id}`, bob.token)).status).toBe(404);
  });
});

describe('POST /api/stripe/create-portal-session', () => {
  test('409 "No payment methods yet" without a payment customer; the portal for the customer otherwise', async () => {
    const user = await app.signUp();
    const none = await app.call('POST', '/api/stripe/create-portal-session', user.token);
    expect(none.status).toBe(409);
    expect((await none.json()).error).toEqual({ code: 'conflict', message: 'No payment methods yet' });
    await app.call('POST', '/api/stripe/checkout-sessions', user.token, { amount: '25' });
    const res = await app.call('POST', '/api/stripe/create-portal-session', user.token);
    expect(res.status).toBe(200);
    expect((await res.json()).url).toStartWith('https://pay.example/portal/cus_');
    expect(portalCreate.mock.calls.at(-1)![0].return_url).toBe(`${testPublicUrl}/home/settings`);
  });
});
