// Test helpers of billing: an app with the billing module on a test database, users, signed Stripe events.
import { expect } from 'bun:test';
import Stripe from 'stripe';
import { createApp } from '../../app.ts';
import { createTestAuthStandIn, testPublicUrl, type TestAuthStandInOptions } from '../../auth/testing.ts';
import type { Database } from '../../db/database.ts';
import { createRateService, type RateService } from '../rates/service.ts';
import type { ApiServices } from '../../services.ts';
import { testConfig } from '../../testing/fixtures.ts';
import type { Env } from '../../config.ts';
import type { BillingJobs } from './jobs.ts';

export const testWebhookSecret = 'whsec_test_billing';

export interface BillingTestApp {
  app: ReturnType<typeof createApp>;
  /** A request to the app, or to the tests' Auth stand-in for /auth/v1 (as a browser reaches both). */
  handle(request: Request): Promise<Response>;
  call(method: string, path: string, token?: string, body?: unknown, headers?: Record<string, string>): Promise<Response>;
  signUp(label?: string): Promise<{ token: string; id: string; email: string }>;
  /** A new user whose balance is `balance` (one adjustment entry; none for "0.00"), as the money tests start from. */
  signUpWithBalance(label: string, balance: string): Promise<{ token: string; id: string; email: string }>;
}

/**
 * The app with billing on `db`. `payments` is a Stripe SDK stand-in (webhook tests) or, with `services`, the SDK and
 * the simulator of createTestPayments (`{ ...testPayments.services }`); `rates` and `jobs` may be the test's own.
 */
export async function billingTestApp(
  db: Database,
  options: {
    stripe?: Stripe;
    services?: Partial<ApiServices>;
    jobs?: Pick<BillingJobs, 'kick'>;
    rates?: RateService;
    env?: Env;
    /** How the tests' Auth stand-in runs (its mailer, limits, clock). */
    authStandIn?: TestAuthStandInOptions;
  },
): Promise<BillingTestApp> {
  const testAuth = await createTestAuthStandIn(db, options.authStandIn);
  const app = createApp(testConfig({ PUBLIC_URL: testPublicUrl, ...options.env }), {
    logError: () => {},
    services: {
      db,
      auth: testAuth.auth,
      rates: options.rates ?? createRateService({ db }),
      ...(options.stripe ? { payments: { stripe: options.stripe, webhookSecret: testWebhookSecret } } : {}),
      ...options.services,
      billingJobs: (options.jobs ?? { kick() {} }) as BillingJobs,
    },
  });
  // the stand-in's routes beside the app's, as a browser reaches both
  const routed = testAuth.withApp(app);
  const call = (method: string, path: string, token?: string, body?: unknown, headers: Record<string, string> = {}) =>
    routed.handle(
      new Request(path.startsWith('http') ? path : `${testPublicUrl}${path}`, {
        method,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body !== undefined && typeof body !== 'string' ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      }),
    );
  const signUp = async (label = 'billing') => {
    const email = `${label}-${crypto.randomUUID()}@example.com`;
    const res = await call('POST', '/auth/v1/signup', undefined, { email, password: 'correct horse battery' });
    expect(res.status).toBe(200);
    const session = (await res.json()) as { access_token: string; user: { id: string } };
    return { token: session.access_token, id: session.user.id, email };
  };
  const signUpWithBalance = async (label: string, balance: string) => {
    const user = await signUp(label);
    if (balance !== '0.00') {
      await db.privileged((sql) => sql.query(`select private.post_ledger_entry($1, 'adjustment', $2::numeric, 'Test credit')`, [user.id, balance]));
    }
    return user;
  };
  return { app, handle: (request) => routed.handle(request), call, signUp, signUpWithBalance };
}

let sequence = 0;

/** A Stripe event as Stripe sends it (the fields the app reads, in Stripe's shape). */
export function stripeEvent(type: string, object: Record<string, unknown>, id = `evt_test_${Date.now()}_${++sequence}`): Stripe.Event {
  return {
    id,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  } as unknown as Stripe.Event;
}

/** A paid top-up's Checkout Session, as checkout.session.completed carries it. */
export function paidSession(input: { id: string; userId: string; cents: number; paymentIntent: string; customer?: string }) {
  return {
    id: input.id,
    object: 'checkout.session',
    amount_total: input.cents,
    currency: 'usd',
    client_reference_id: input.userId,
    customer: input.customer ?? null,
    metadata: { kind: 'top_up', user_id: input.userId },
    mode: 'payment',
    payment_intent: input.paymentIntent,
    payment_status: 'paid',
    status: 'complete',
  };
}

/** The Stripe-Signature header for a payload, as Stripe builds it (optionally dated in the past). */
export function signatureFor(stripe: Stripe, payload: string, options: { secret?: string; timestamp?: number } = {}): Promise<string> {
  return stripe.webhooks.generateTestHeaderStringAsync({
    payload,
    secret: options.secret ?? testWebhookSecret,
    timestamp: options.timestamp ?? Math.floor(Date.now() / 1000),
  });
}

/** POSTs an event to /webhooks/stripe, signed. */
export async function deliver(test: BillingTestApp, stripe: Stripe, event: Stripe.Event, options: { secret?: string; timestamp?: number } = {}) {
  const payload = JSON.stringify(event, null, 2);
  const signature = await signatureFor(stripe, payload, options);
  return test.call('POST', '/webhooks/stripe', undefined, payload, { 'stripe-signature': signature, 'content-type': 'application/json' });
}
