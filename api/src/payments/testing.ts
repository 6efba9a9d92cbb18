// Payments for app tests (e.g. the billing module's): the official SDK and the payment simulator, both wired
// to the app under test through `app.handle` (no network, no port). Create them before the app, pass them in
// the services, then `attach(app)`:
//
//   const testPayments = await createTestPayments(db, config);
//   const app = createApp(config, { services: { db, auth, rates, ...testPayments.services } });
//   testPayments.attach(app);
//   … await testPayments.stripeSimulator.events.flush();   // the app's /webhooks/stripe has had every event
import { openStripeSimulator, type StripeSimulator, type StripeSimulatorOptions } from '@ringwise/stripe-simulator';
import type { ApiConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { ApiServices } from '../services.ts';
import { createPaymentServices, stripeSimulatorKey, stripeSimulatorPath, type FetchFunction, type PaymentServices } from './stripe-client.ts';

export interface TestPayments {
  payments: PaymentServices;
  stripeSimulator: StripeSimulator;
  /** What to spread into ApiServices. */
  services: Pick<ApiServices, 'payments' | 'stripeSimulator'>;
  /** Sends the SDK's requests and the simulator's events to this app from now on. */
  attach(app: { handle(request: Request): Promise<Response> }): void;
  /** Waits for pending deliveries and stops the simulator's retries. */
  close(): Promise<void>;
}

export async function createTestPayments(
  db: Pick<Database, 'privileged'>,
  config: Pick<ApiConfig, 'port' | 'publicUrl' | 'stripe'>,
  options: Partial<Pick<StripeSimulatorOptions, 'retryDelaysMs' | 'log' | 'deliveryLog' | 'now'>> = {},
): Promise<TestPayments> {
  if (config.stripe.secretKey !== null) throw new Error('createTestPayments is for the simulator: the test config must not set STRIPE_SECRET_KEY');
  let target: { handle(request: Request): Promise<Response> } | null = null;
  const viaApp: FetchFunction = (input, init) => {
    if (!target) throw new Error('createTestPayments: call attach(app) before using the payments');
    return target.handle(input instanceof Request ? input : new Request(input, init));
  };
  const stripeSimulator = await openStripeSimulator({
    db,
    publicUrl: config.publicUrl,
    secretKey: stripeSimulatorKey,
    webhookSecret: config.stripe.webhookSecret,
    webhookUrl: `${config.publicUrl}/webhooks/stripe`,
    fetch: viaApp,
    retryDelaysMs: options.retryDelaysMs ?? [5, 10, 20],
    deliveryLog: options.deliveryLog ?? (() => {}),
    ...(options.log ? { log: options.log } : {}),
    ...(options.now ? { now: options.now } : {}),
  });
  const payments = createPaymentServices(config, { simulatorUrl: `${config.publicUrl}${stripeSimulatorPath}`, fetch: viaApp });
  return {
    payments,
    stripeSimulator,
    services: { payments, stripeSimulator },
    attach(app) {
      target = app;
    },
    async close() {
      await stripeSimulator.events.flush();
      stripeSimulator.events.close();
    },
  };
}
