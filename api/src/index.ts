// Entry point: read the config from the environment and listen. Everything else lives in app.ts.
import { createApp } from './app.ts';
import { ConfigError, loadConfig, type ApiConfig } from './config.ts';

let config: ApiConfig;
try {
  config = loadConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(`Ringwise api: invalid configuration: ${error.message}`);
  process.exit(1);
}

const app = createApp(config).listen(config.port);

console.log(`Ringwise api listening on ${app.server?.url.href ?? `port ${config.port}`} (public URL ${config.publicUrl})`);
