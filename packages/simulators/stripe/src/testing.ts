// Test helpers: the simulator mounted on a small app with a recording /webhooks/stripe, and the official SDK
// pointed at it through `app.handle` (no network), on the machine's PostgreSQL or on PGlite
// (@ringwise/simulator-common/testing).
import { Elysia } from 'elysia';
import Stripe from 'stripe';
import type { FetchFunction, SimulatorDatabase } from '@ringwise/simulator-common/host';
import { stripeSimulator } from './routes.ts';
import { openStripeSimulator, simulatorSecretKey, type StripeSimulator, type StripeSimulatorOptions } from './simulator.ts';

export const testOrigin = 'http://localhost';
export const testWebhookSecret = 'whsec_test_simulator';

export interface ReceivedWebhook {
  /** The exact bytes the simulator sent. */
  body: string;
  signature: string | null;
  headers: Headers;
  /** The status the recording webhook answered. */
  status: number;
}

export interface SimulatorHarness {
  db: SimulatorDatabase;
  app: { handle(request: Request): Promise<Response> };
  simulator: StripeSimulator;
  /** The official SDK, talking to the simulator through `app.handle`. */
  stripe: Stripe;
  /** What reached /webhooks/stripe, in order (failed deliveries included). */
  webhooks: ReceivedWebhook[];
  /** Answers the next webhook deliveries with these statuses (then 200 again). */
  failNextWebhooks(...statuses: number[]): void;
  /** Waits for every pending event delivery. */
  flush(): Promise<void>;
  /** Moves the simulator's clock. */
  advanceClock(ms: number): void;
  /** The page at a URL of the simulator (a session's `url`), through `app.handle`. */
  request(url: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

/** The official SDK with the simulator's key, its requests for api.stripe.com sent to `simulatorUrl` with `send`. */
export function simulatorClient(simulatorUrl: string, send: FetchFunction): Stripe {
  const toSimulator: FetchFunction = (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    return send(`${simulatorUrl}${url.pathname}${url.search}`, init);
  };
  // the SDK's parameter type is `typeof fetch`, whose Bun typing carries extras (preconnect) the SDK never uses
  return new Stripe(simulatorSecretKey, { httpClient: Stripe.createFetchHttpClient(toSimulator as typeof fetch) });
}

export async function createSimulatorHarness(
  db: SimulatorDatabase,
  options: Partial<Pick<StripeSimulatorOptions, 'retryDelaysMs' | 'log' | 'deliveryLog'>> = {},
): Promise<SimulatorHarness> {
  const webhooks: ReceivedWebhook[] = [];
  const failing: number[] = [];
  let offset = 0;
  // called only once `app` below exists
  const viaApp: FetchFunction = (input, init) => app.handle(input instanceof Request ? input : new Request(input, init));
  const simulator = await openStripeSimulator({
    db,
    publicUrl: testOrigin,
    webhookSecret: testWebhookSecret,
    webhookUrl: `${testOrigin}/webhooks/stripe`,
    fetch: viaApp,
    retryDelaysMs: options.retryDelaysMs ?? [5, 10, 20],
    now: () => Date.now() + offset,
    log: options.log ?? ((error) => console.error('[stripe-simulator test]', error)),
    deliveryLog: options.deliveryLog ?? (() => {}),
  });
  const app = new Elysia().use(stripeSimulator(simulator)).post(
    '/webhooks/stripe',
    async ({ request, set }) => {
      const status = failing.shift() ?? 200;
      webhooks.push({ body: await request.text(), signature: request.headers.get('stripe-signature'), headers: request.headers, status });
      set.status = status;
      return status < 300 ? { received: true } : { error: 'failing on purpose' };
    },
    { parse: 'none' },
  );
  const stripe = simulatorClient(`${testOrigin}/sim/stripe`, viaApp);
  return {
    db,
    app,
    simulator,
    stripe,
    webhooks,
    failNextWebhooks: (...statuses) => failing.push(...statuses),
    flush: () => simulator.events.flush(),
    advanceClock: (ms) => {
      offset += ms;
    },
    request: (url, init) => app.handle(new Request(url, init)),
    close: async () => {
      await simulator.events.flush();
      simulator.events.close();
    },
  };
}

/** Posts the hosted checkout form of a session, as a browser does. */
export function submitCheckout(
  harness: Pick<SimulatorHarness, 'request'>,
  sessionUrl: string,
  fields: { cardNumber: string; cardExpiry?: string; cardCvc?: string; billingName?: string; email?: string },
): Promise<Response> {
  const body = new URLSearchParams({
    cardNumber: fields.cardNumber,
    cardExpiry: fields.cardExpiry ?? '12 / 34',
    cardCvc: fields.cardCvc ?? '123',
    billingName: fields.billingName ?? 'Ada Lovelace',
    ...(fields.email === undefined ? {} : { email: fields.email }),
  });
  return harness.request(sessionUrl, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body, redirect: 'manual' });
}
