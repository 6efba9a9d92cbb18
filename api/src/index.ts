// Entry point: read the config, open the database (migrating it) and auth, listen. The app is in app.ts.
import { createApp } from './app.ts';
import { ConfigError, loadConfig, type ApiConfig } from './config.ts';
import { loadMarketingRenderer } from './modules/marketing/renderer.ts';
import { openServices } from './services.ts';

let config: ApiConfig;
try {
  config = loadConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(`Ringwise api: invalid configuration: ${error.message}`);
  process.exit(1);
}

const services = await openServices(config);
// the marketing pages, rendered here for crawlers: the remote describes them, the shell renders its tree
// around them (both from their own source, run by Bun)
const marketingRenderer = await loadMarketingRenderer();
const app = createApp(config, { services, marketingRenderer }).listen(config.port);

console.log(
  `Ringwise api listening on ${app.server?.url.href ?? `port ${config.port}`} (public URL ${config.publicUrl}, ` +
    `database ${services.db.kind}, auth ${services.auth.config.mode})`,
);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    await app.stop();
    services.rates.close();
    await services.db.close();
    process.exit(0);
  });
}
