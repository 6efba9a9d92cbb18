// The provider simulators are programs of their own: the api serves none of their routes, and its official SDK
// clients reach each one's real process at its URL variable; a simulator that crashes costs the api only the calls
// that need it (a clear 503), and it is reached again once it is back.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startStandIn, type StandInChild } from '@ringwise/simulator-common/processes';
import { submitCheckout } from '@ringwise/stripe-simulator/testing';
import { createApp } from './app.ts';
import { carrier } from './modules/numbers/carrier.ts';
import { createPaymentServices } from './payments/stripe-client.ts';
import { createTelephonyServices } from './telephony/twilio-client.ts';
import { idleServices, makeDist, testConfig } from './testing/fixtures.ts';
import type { EngineDatabase } from './db/database.ts';
import { createPgliteDatabase } from './db/pglite.ts';

const origin = 'http://localhost:3000';
const dataDir = mkdtempSync(join(tmpdir(), 'ringwise-stand-ins-'));
const dist = makeDist();
let twilioProcess: StandInChild;
let stripeProcess: StandInChild;
let db: EngineDatabase;

beforeAll(async () => {
  const env = { PUBLIC_URL: origin, DATA_DIR: dataDir };
  [twilioProcess, stripeProcess] = await Promise.all([startStandIn('twilio', env), startStandIn('stripe', env)]);
  db = await createPgliteDatabase(null);
}, 60_000);
afterAll(async () => {
  await Promise.all([twilioProcess?.stop(), stripeProcess?.stop()]);
  await db?.close();
  rmSync(dataDir, { recursive: true, force: true });
  dist.cleanup();
});

const configFor = () => testConfig({ PUBLIC_URL: origin, SHELL_DIST: dist.dir, TWILIO_SIMULATOR_URL: twilioProcess.url, STRIPE_SIMULATOR_URL: stripeProcess.url });

describe('the carrier simulator in its own process', () => {
  test('the SDK reaches it at TWILIO_SIMULATOR_URL; its phone page is its own, never the api\'s', async () => {
    const { twilio } = createTelephonyServices(configFor());
    const [offer] = await twilio.availablePhoneNumbers('US').local.list({ areaCode: 212, limit: 1 });
    expect(offer?.phoneNumber).toStartWith('+1212');
    const phone = await fetch(`${twilioProcess.url}/sim/twilio/phone`);
    expect(phone.status).toBe(200);
    expect(phone.headers.get('x-frame-options')).toBe('DENY');
    expect(phone.headers.get('content-security-policy')).toMatch(/^default-src 'none'; style-src 'nonce-/);

    const app = createApp(configFor(), { services: { ...idleServices, db }, logError: () => {} });
    expect(app.routes.some((route) => route.path.startsWith('/sim/'))).toBe(false);
    const atApi = await app.handle(new Request(`${origin}/sim/twilio/phone`));
    expect(await atApi.text()).not.toContain('carrier simulator');
  });

  test('while it is down the carrier is unreachable (503, the api unharmed); started again, it answers', async () => {
    const { twilio } = createTelephonyServices(configFor());
    await twilioProcess.kill();
    const failure = await carrier(() => twilio.incomingPhoneNumbers.list({ limit: 1 })).catch((error: unknown) => error);
    expect(failure).toMatchObject({ status: 503, code: 'unavailable' });
    await twilioProcess.restart();
    expect(await carrier(() => twilio.incomingPhoneNumbers.list({ limit: 1 }))).toEqual([]);
  }, 60_000);
});

describe('the payment simulator in its own process', () => {
  test('the SDK pays through it at STRIPE_SIMULATOR_URL; its hosted pages are below its own origin', async () => {
    const { stripe } = createPaymentServices(configFor());
    const customer = await stripe.customers.create({ email: 'wired@example.test' });
    const session = await stripe.checkout.sessions.create({
      mode: 'payment',
      customer: customer.id,
      line_items: [{ quantity: 1, price_data: { currency: 'usd', unit_amount: 500, product_data: { name: 'Credits' } } }],
      success_url: `${origin}/checkout?session_id={CHECKOUT_SESSION_ID}`,
    });
    expect(session.url).toBe(`${stripeProcess.url}/sim/stripe/checkout/${session.id}`);
    const page = await fetch(session.url ?? '');
    expect(page.status).toBe(200);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain(`form-action 'self' ${origin}`);
    expect(csp).not.toContain('script-src');
    const paid = await submitCheckout({ request: (url, init) => fetch(url, init) }, session.url ?? '', { cardNumber: '4242424242424242' });
    expect(paid.status).toBe(303);
    expect((await stripe.checkout.sessions.retrieve(session.id)).payment_status).toBe('paid');
  });
});
