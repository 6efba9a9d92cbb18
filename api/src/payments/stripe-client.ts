// The one way the api gets a Stripe client (ARCHITECTURE.md §4, STYLE.md "Provider stand-ins"): the official
// `stripe` SDK, always. With STRIPE_SECRET_KEY it talks to Stripe. Without it, the same SDK is given a transport
// that sends every request to the payment simulator, a process of its own at STRIPE_SIMULATOR_URL (the SDK's
// `POST https://api.stripe.com/v1/customers` becomes `POST <simulator>/sim/stripe/v1/customers`), with the simulator's
// key. Application code gets a `Stripe` either way and cannot tell which one it talks to: the simulator answers
// in Stripe's JSON and error shapes, so the SDK raises its own error classes.
//
// Bun loads the SDK's worker build (SubtleCrypto): verify webhooks with `stripe.webhooks.constructEventAsync`,
// never the synchronous `constructEvent`.
import Stripe from 'stripe';
import { stripeSimulatorKey, type ApiConfig } from '../config.ts';
import { providerFetch, type FetchFunction } from '../lib/provider-fetch.ts';

export { stripeSimulatorKey };
export type { FetchFunction };

/** Where the simulator's REST API lives below its origin. */
export const stripeSimulatorPath = '/sim/stripe';

export interface StripeClientOptions {
  /** STRIPE_SECRET_KEY; null: talk to the simulator. */
  secretKey: string | null;
  /** The simulator's REST base, e.g. `http://localhost:3012/sim/stripe` (without a trailing slash); ignored with a
   *  secret key. */
  simulatorUrl: string;
  /** How requests reach the simulator (default: the global fetch, over loopback). Ignored with a secret key. */
  fetch?: FetchFunction;
}

/** The simulator's REST base: its origin (STRIPE_SIMULATOR_URL) and its path. */
export function simulatorBaseUrl(simulatorUrl: string): string {
  return `${simulatorUrl}${stripeSimulatorPath}`;
}

/** Rewrites a URL the SDK built for api.stripe.com to the same path and query under the simulator's base. */
export function rewriteToSimulator(url: string, simulatorUrl: string): string {
  const target = new URL(url);
  return `${simulatorUrl.replace(/\/+$/, '')}${target.pathname}${target.search}`;
}

/** The SDK client: Stripe itself with a secret key, the simulator without one; either way through `providerFetch`
 *  (no transaction open, the request's deadline). */
export function createStripeClient(options: StripeClientOptions): Stripe {
  const appInfo = { name: 'Ringwise' };
  // the SDK's parameter type is `typeof fetch`, whose Bun typing carries extras (preconnect) the SDK never uses
  const httpClient = (send: FetchFunction) => Stripe.createFetchHttpClient(providerFetch('Stripe', send) as typeof fetch);
  if (options.secretKey !== null) return new Stripe(options.secretKey, { appInfo, httpClient: httpClient((input, init) => fetch(input, init)) });
  const send = options.fetch ?? ((input, init) => fetch(input, init));
  const simulatorFetch: FetchFunction = (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    return send(rewriteToSimulator(url, options.simulatorUrl), init);
  };
  return new Stripe(stripeSimulatorKey, { appInfo, httpClient: httpClient(simulatorFetch) });
}

/** What the billing code needs: the client and the signing secret its webhook route verifies events with. */
export interface PaymentServices {
  /** The official SDK client (Stripe or the simulator: the caller cannot tell and must not care). */
  stripe: Stripe;
  /** STRIPE_WEBHOOK_SECRET (`whsec_dev` by default): `await stripe.webhooks.constructEventAsync(rawBody, signature, webhookSecret)`. */
  webhookSecret: string;
}

/** The payment services of a config. `fetch` only matters without a secret key (tests hand the simulator's requests
 *  to its `handle`). */
export function createPaymentServices(config: Pick<ApiConfig, 'stripe'>, transport: { fetch?: FetchFunction } = {}): PaymentServices {
  const stripe = createStripeClient({
    secretKey: config.stripe.secretKey,
    simulatorUrl: simulatorBaseUrl(config.stripe.simulatorUrl ?? ''),
    ...(transport.fetch ? { fetch: transport.fetch } : {}),
  });
  return { stripe, webhookSecret: config.stripe.webhookSecret };
}
