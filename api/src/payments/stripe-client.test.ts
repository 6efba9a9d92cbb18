import { afterEach, describe, expect, test } from 'bun:test';
import Stripe from 'stripe';
import { loadConfig } from '../config.ts';
import { createPaymentServices, createStripeClient, rewriteToSimulator, simulatorBaseUrl } from './stripe-client.ts';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

interface Sent {
  url: string;
  authorization: string | null;
}

/** A fetch that records each request and answers Stripe's 404 for it (nothing leaves the process). */
function recordingFetch(sent: Sent[]) {
  return async (input: string | URL | Request, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    sent.push({ url, authorization: new Headers(init?.headers).get('authorization') });
    const body = { error: { type: 'invalid_request_error', code: 'resource_missing', message: "No such customer: 'cus_x'", param: 'id' } };
    return new Response(JSON.stringify(body), { status: 404, headers: { 'content-type': 'application/json' } });
  };
}

describe('createStripeClient', () => {
  test('without a secret key the SDK talks to the simulator, with its key, and raises its own errors', async () => {
    const sent: Sent[] = [];
    const stripe = createStripeClient({ secretKey: null, simulatorUrl: 'http://127.0.0.1:3999/sim/stripe', fetch: recordingFetch(sent) });
    const error = await stripe.customers.retrieve('cus_x', { expand: ['invoice_settings.default_payment_method'] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({ code: 'resource_missing', statusCode: 404 });
    expect(sent).toEqual([
      { url: 'http://127.0.0.1:3999/sim/stripe/v1/customers/cus_x?expand[0]=invoice_settings.default_payment_method', authorization: 'Bearer sk_test_simulator' },
    ]);
  });

  test('with a secret key the SDK talks to api.stripe.com with that key, never to the simulator', async () => {
    const sent: Sent[] = [];
    const simulatorFetch: Sent[] = [];
    globalThis.fetch = Object.assign(recordingFetch(sent), { preconnect: realFetch.preconnect });
    const stripe = createStripeClient({ secretKey: 'sk_test_realKey', simulatorUrl: 'http://127.0.0.1:3999/sim/stripe', fetch: recordingFetch(simulatorFetch) });
    await stripe.customers.retrieve('cus_x').catch(() => undefined);
    expect(sent).toEqual([{ url: 'https://api.stripe.com/v1/customers/cus_x', authorization: 'Bearer sk_test_realKey' }]);
    expect(simulatorFetch).toEqual([]);
  });

  test('rewriteToSimulator keeps the path and query under the simulator base', () => {
    expect(rewriteToSimulator('https://api.stripe.com/v1/payment_methods?customer=cus_1&type=card', 'http://localhost/sim/stripe/')).toBe(
      'http://localhost/sim/stripe/v1/payment_methods?customer=cus_1&type=card',
    );
    expect(simulatorBaseUrl('http://localhost:3012')).toBe('http://localhost:3012/sim/stripe');
  });
});

describe('createPaymentServices', () => {
  test('hands out the webhook secret of the config: whsec_dev by default, STRIPE_WEBHOOK_SECRET otherwise', () => {
    expect(createPaymentServices(loadConfig({})).webhookSecret).toBe('whsec_dev');
    const live = loadConfig({ STRIPE_SECRET_KEY: 'sk_live_51Abc', STRIPE_WEBHOOK_SECRET: 'whsec_live' });
    expect(createPaymentServices(live).webhookSecret).toBe('whsec_live');
  });
});
