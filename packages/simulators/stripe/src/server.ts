// The payment simulator as its own process (`bun packages/simulators/stripe/src/server.ts`, started by `bun run dev`
// and `bun run start`): Stripe's API, hosted Checkout and the customer portal on the port of STRIPE_SIMULATOR_URL
// (default http://localhost:3012). It reaches the app only as Stripe does: its signed events to the webhook endpoint
// at PUBLIC_URL, redelivered until they are accepted. Its state is its own PGlite in DATA_DIR/stand-ins/stripe.
//
// Variables (the api's, so both sides agree): STRIPE_SIMULATOR_URL, PUBLIC_URL, DATA_DIR, STRIPE_WEBHOOK_SECRET
// (default whsec_dev).
import { join } from 'node:path';
import { Elysia } from 'elysia';
import { openStandInDatabase } from '@ringwise/simulator-common/stand-in-database';
import { read, serveStandIn, standInSettings } from '@ringwise/simulator-common/stand-in-process';
import { stripeSimulator } from './routes.ts';
import { openStripeSimulator, simulatorSecretKey } from './simulator.ts';

const env = process.env;
const { url, publicUrl, dataDir } = standInSettings('stripe', env);
const db = await openStandInDatabase(join(dataDir, 'stand-ins', 'stripe'));

const simulator = await openStripeSimulator({
  db,
  publicUrl: url,
  secretKey: simulatorSecretKey,
  webhookSecret: read(env, 'STRIPE_WEBHOOK_SECRET') ?? 'whsec_dev',
  webhookUrl: `${publicUrl}/webhooks/stripe`,
});
// events left undelivered (the app was down, or this process stopped) are sent again
simulator.events.startSweeping();

serveStandIn({
  label: 'payment simulator',
  url,
  app: new Elysia().use(stripeSimulator(simulator)),
  async stop() {
    simulator.events.close();
    await db.close();
  },
});
