// The payment simulator itself: its options (what the hosting app gives it) and its event deliveries. The routes
// that serve it are routes.ts.
import type { FetchFunction, SimulatorDatabase } from '@ringwise/simulator-common/host';
import { EventDelivery, type DeliveryLogger } from './delivery.ts';
import { ensureSchema } from './store.ts';

/** The secret key the simulator accepts by default (Bearer, or Basic with the key as the user name). */
export const simulatorSecretKey = 'sk_test_simulator';

export type SimulatorLogger = (error: unknown, request: { method: string; path: string }) => void;

export interface StripeSimulatorOptions {
  /** Where the simulator keeps its objects (schema stripe_simulator, created by `openStripeSimulator`). */
  db: SimulatorDatabase;
  /** The simulator's own public origin (STRIPE_SIMULATOR_URL): the hosted pages' addresses (session `url`s) are below it. */
  publicUrl: string;
  /** The secret key requests must carry (default `simulatorSecretKey`). */
  secretKey?: string;
  /** STRIPE_WEBHOOK_SECRET: events are signed with it. */
  webhookSecret: string;
  /** Where events are POSTed: the webhook endpoint as configured, the app's `${PUBLIC_URL}/webhooks/stripe`. */
  webhookUrl: string;
  /** How events are sent (default: global fetch; tests hand them to `app.handle`). */
  fetch?: FetchFunction;
  /** Waits before each redelivery of an event the webhook did not accept (default 1 s, 10 s, 60 s). */
  retryDelaysMs?: readonly number[];
  /** The name the hosted pages show (default Ringwise). */
  businessName?: string;
  /** The clock, in milliseconds (tests move it to expire sessions). */
  now?: () => number;
  /** Where unexpected errors are reported (default: console.error). */
  log?: SimulatorLogger;
  /** Where failed event deliveries are reported (default: console.warn). */
  deliveryLog?: DeliveryLogger;
}

export interface StripeSimulator {
  readonly options: StripeSimulatorOptions;
  /** The event deliveries: `await simulator.events.flush()` waits for every pending one (tests). */
  readonly events: EventDelivery;
}

/** A simulator over a database whose stripe_simulator schema exists (see `openStripeSimulator`). */
export function createStripeSimulator(options: StripeSimulatorOptions): StripeSimulator {
  const events = new EventDelivery({
    db: options.db,
    target: options.webhookUrl,
    secret: options.webhookSecret,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.retryDelaysMs ? { retryDelaysMs: options.retryDelaysMs } : {}),
    ...(options.deliveryLog ? { log: options.deliveryLog } : {}),
    ...(options.now ? { now: options.now } : {}),
  });
  return { options, events };
}

/** Creates the simulator's schema when missing, then the simulator. */
export async function openStripeSimulator(options: StripeSimulatorOptions): Promise<StripeSimulator> {
  await ensureSchema(options.db);
  return createStripeSimulator(options);
}
