// Payments for app tests (e.g. the billing module's): the official SDK and the payment simulator, wired without a
// port: the SDK's requests go to the simulator's own routes (`simulator.handle`, as to its process), its events to
// the app under test (`app.handle`, as to PUBLIC_URL). Create them before the app, pass `services` in, then
// `attach(app)`:
//
//   const testPayments = await createTestPayments(db, config);
//   const app = createApp(config, { services: { db, auth, rates, ...testPayments.services } });
//   testPayments.attach(app);
//   … await testPayments.stripeSimulator.events.flush();   // the app's /webhooks/stripe has had every event
import { Elysia, type AnyElysia } from 'elysia';
import { openStripeSimulator, stripeSimulator as simulatorRoutes, type StripeSimulator, type StripeSimulatorOptions } from '@ringwise/stripe-simulator';
import type { ApiConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { ApiServices } from '../services.ts';
import { createPaymentServices, stripeSimulatorKey, type FetchFunction, type PaymentServices } from './stripe-client.ts';

type Handles = { handle(request: Request): Promise<Response> };

export interface TestPayments {
  payments: PaymentServices;
  stripeSimulator: StripeSimulator;
  /** The simulator's own routes (its REST API, the hosted pages), as its process serves them (`listen` it for
   *  what needs a socket). */
  simulator: AnyElysia;
  /** What to spread into ApiServices. */
  services: Pick<ApiServices, 'payments'>;
  /** Sends the simulator's events to this app from now on. */
  attach(app: Handles): void;
  /** Waits for pending deliveries and stops the simulator's retries. */
  close(): Promise<void>;
}

export async function createTestPayments(
  db: Pick<Database, 'privileged'>,
  config: Pick<ApiConfig, 'publicUrl' | 'stripe'>,
  options: Partial<Pick<StripeSimulatorOptions, 'retryDelaysMs' | 'log' | 'deliveryLog' | 'now'>> = {},
): Promise<TestPayments> {
  if (config.stripe.secretKey !== null) throw new Error('createTestPayments is for the simulator: the test config must not set STRIPE_SECRET_KEY');
  let target: Handles | null = null;
  const toApp: FetchFunction = (input, init) => {
    if (!target) throw new Error('createTestPayments: call attach(app) before using the payments');
    return target.handle(input instanceof Request ? input : new Request(input, init));
  };
  const stripeSimulator = await openStripeSimulator({
    db,
    publicUrl: config.stripe.simulatorUrl ?? '',
    secretKey: stripeSimulatorKey,
    webhookSecret: config.stripe.webhookSecret,
    webhookUrl: `${config.publicUrl}/webhooks/stripe`,
    fetch: toApp,
    retryDelaysMs: options.retryDelaysMs ?? [5, 10, 20],
    deliveryLog: options.deliveryLog ?? (() => {}),
    ...(options.log ? { log: options.log } : {}),
    ...(options.now ? { now: options.now } : {}),
  });
  const simulator = new Elysia().use(simulatorRoutes(stripeSimulator));
  const payments = createPaymentServices(config, { fetch: (input, init) => simulator.handle(input instanceof Request ? input : new Request(input, init)) });
  return {
    payments,
    stripeSimulator,
    simulator,
    services: { payments },
    attach(app) {
      target = app;
    },
    async close() {
      await stripeSimulator.events.flush();
      stripeSimulator.events.close();
    },
  };
}
