// The wiring: createApp serves the simulator under /sim/stripe only without STRIPE_SECRET_KEY, behind the app's
// own plugins (security headers), and the payment services' SDK reaches it.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { submitCheckout } from '@ringwise/stripe-simulator/testing';
import type { EngineDatabase } from '../db/database.ts';
import { createPgliteDatabase } from '../db/pglite.ts';
import { appWithStandIn, makeDist, testConfig } from '../testing/fixtures.ts';
import { createTestPayments, type TestPayments } from './testing.ts';

const origin = 'http://localhost:3000';
let db: EngineDatabase;
let testPayments: TestPayments;
const dist = makeDist();

/** Routes are registered but only the simulator is called: the other services are idle. */
function appWith(env: Record<string, string>) {
  const app = appWithStandIn(db, testPayments, { SHELL_DIST: dist.dir, PUBLIC_URL: origin, ...env });
  return { app, stripe: testPayments.payments.stripe };
}

beforeAll(async () => {
  db = await createPgliteDatabase(null);
  testPayments = await createTestPayments(db, testConfig({ PUBLIC_URL: origin }));
});
afterAll(async () => {
  await testPayments.close();
  await db.close();
  dist.cleanup();
});

describe('createApp and the payment simulator', () => {
  test('without STRIPE_SECRET_KEY the SDK of the payment services pays through the mounted simulator', async () => {
    const { app, stripe } = appWith({});
    const customer = await stripe.customers.create({ email: 'wired@example.test' });
    expect(customer.id).toMatch(/^cus_/);
    const session = await stripe.checkout.sessions.create({
      mode: 'payment',
      customer: customer.id,
      line_items: [{ quantity: 1, price_data: { currency: 'usd', unit_amount: 500, product_data: { name: 'Credits' } } }],
      success_url: `${origin}/checkout?session_id={CHECKOUT_SESSION_ID}`,
    });
    expect(session.url).toBe(`${origin}/sim/stripe/checkout/${session.id}`);

    // the hosted page keeps the app's security headers, with a policy of its own: no script, its nonce'd style
    const page = await app.handle(new Request(session.url ?? ''));
    expect(page.status).toBe(200);
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/^default-src 'none'; style-src 'nonce-[A-Za-z0-9+/=]+'/);
    expect(csp).toContain(`form-action 'self' ${origin}`);
    expect(csp).not.toContain('script-src');

    const paid = await submitCheckout({ request: (url, init) => app.handle(new Request(url, init)) }, session.url ?? '', { cardNumber: '4242424242424242' });
    expect(paid.status).toBe(303);
    expect((await stripe.checkout.sessions.retrieve(session.id)).payment_status).toBe('paid');
  });

  test('an unknown /sim/stripe page is the simulator\'s 404, not the shell', async () => {
    const { app } = appWith({});
    const res = await app.handle(new Request(`${origin}/sim/stripe/nothing-here`));
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('could not be found');
  });

  test('with STRIPE_SECRET_KEY the simulator never answers, even when handed to createApp', async () => {
    const { app } = appWith({ STRIPE_SECRET_KEY: 'sk_test_51RealKey', STRIPE_WEBHOOK_SECRET: 'whsec_real' });
    const headers = { authorization: 'Bearer sk_test_simulator' };
    const get = await app.handle(new Request(`${origin}/sim/stripe/v1/customers/cus_x`, { headers }));
    expect(get.headers.get('request-id')).toBeNull();
    expect(await get.text()).not.toContain('resource_missing');
    const post = await app.handle(
      new Request(`${origin}/sim/stripe/v1/customers`, { method: 'POST', headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' }, body: 'email=a%40b.c' }),
    );
    expect(post.status).toBe(404);
    expect(((await post.json()) as { error: { code?: string } }).error.code).toBe('not_found');
    expect(app.routes.some((route) => route.path.startsWith('/sim/stripe'))).toBe(false);
  });
});
