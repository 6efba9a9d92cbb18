// Entry point: read the config, open the database (migrating it) and auth, listen. The app is in app.ts.
import { join } from 'node:path';
import { createApp } from './app.ts';
import { wireSocketName } from './db/pglite-wire.ts';
import { controlSocketPath, startControlSocket } from './control/control-socket.ts';
import { ConfigError, loadConfig, type ApiConfig } from './config.ts';
import { liveReleases } from './lib/live-release.ts';
import { createServerRenderer } from './modules/marketing/server-render.ts';
import { apiSharedModules } from './modules/marketing/shared-modules.ts';
import { serverMaxBodyBytes } from './plugins/request-body.ts';
import { openServices } from './services.ts';

/** A configuration mistake is one line for whoever starts the api, whether the environment or a service reading it
 *  (openServices) found it; anything else is a bug, with its stack. */
async function configured<T>(read: () => T | Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`Ringwise api: invalid configuration: ${error.message}`);
    process.exit(1);
  }
}

const config: ApiConfig = await configured(() => loadConfig());
const services = await configured(() => openServices(config));
// which release of each remote is live (REMOTE_*_URL/releases/live.json, `bun run release`), for /remotes.json,
// the pages' hints and the server render
const releases = liveReleases(config.remotes);
// the marketing pages, rendered here for crawlers with the server bundles of the deployed builds: the
// remote's (its live release at REMOTE_MARKETING_URL, followed as it is redeployed) describes them, the shell's
// renders its tree around them; the api provides both with its React, react-query, router and kit
const marketingRenderer = createServerRenderer({ config, modules: apiSharedModules(), releases });
void marketingRenderer.current();
// every route reads its body with a size of its own (plugins/request-body.ts); Bun refuses anything larger still
const app = createApp(config, { services, marketingRenderer, liveReleases: releases }).listen({ port: config.port, maxRequestBodySize: serverMaxBodyBytes });
// auto-recharges and e-mails the ledger asked for (kicked by each payment; this is the safety net)
services.billingJobs?.start();
services.numberRenewals?.start();
services.callReconciler?.start();
services.deletionCompleter?.start();
// the embedded database has one process: commands such as `bun run admin:grant` reach it through this api
const control = services.db.kind === 'pglite' ? startControlSocket(controlSocketPath(config.dataDir), services.db) : null;
// ...and the Supabase Auth stand-in, which keeps its users in the product's database as GoTrue does, reaches it on
// its socket in DATA_DIR (with DATABASE_URL it connects to PostgreSQL itself)
const databaseSocket = services.auth.config.mode === 'local' ? await services.db.serveSocket?.(join(config.dataDir, wireSocketName)) : undefined;

console.log(
  `Ringwise api listening on ${app.server?.url.href ?? `port ${config.port}`} (public URL ${config.publicUrl}, ` +
    `database ${services.db.kind}, auth ${services.auth.config.mode === 'local' ? `stand-in at ${services.auth.config.standInUrl}` : 'Supabase'}, ` +
    `payments ${config.stripe.simulatorUrl ? `simulator at ${config.stripe.simulatorUrl}` : 'Stripe'}, ` +
    `telephony ${config.twilio.simulatorUrl ? `simulator at ${config.twilio.simulatorUrl}` : 'Twilio'}, ` +
    `mail ${services.mailer?.destination ?? 'off'})`,
);

// SIGTERM (or Ctrl-C): stop accepting, let the requests in flight finish (each within its deadline), stop the jobs,
// close the database, exit. Each step has a deadline of its own, so a stuck one cannot keep the process alive.
let stopping = false;
const shutdownStepMs = config.requestDeadlineMs + 2000;
async function step(name: string, work: () => Promise<unknown> | unknown): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), shutdownStepMs)));
  try {
    const outcome = await Promise.race([Promise.resolve().then(work), late]);
    if (outcome === 'late') console.error(`Ringwise api: shutdown: ${name} did not finish within ${shutdownStepMs} ms; going on`);
  } catch (error) {
    console.error(`Ringwise api: shutdown: ${name} failed`, error);
  } finally {
    clearTimeout(timer);
  }
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    console.log(`Ringwise api: ${signal}: finishing the requests in flight, then stopping`);
    control?.stop();
    await databaseSocket?.stop();
    await step('the requests in flight', () => app.server?.stop(false));
    await step('the jobs', () =>
      Promise.all([services.billingJobs?.stop(), services.numberRenewals?.stop(), services.callReconciler?.stop(), services.deletionCompleter?.stop()]),
    );
    services.rates.close();
    await step('the database', () => services.db.close());
    console.log('Ringwise api: stopped');
    process.exit(0);
  });
}
