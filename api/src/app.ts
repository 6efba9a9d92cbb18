// Builds the api app: plugins first (their hooks run for every request), then one module per domain.
import { Elysia } from 'elysia';
import type { ApiConfig } from './config.ts';
import { health } from './modules/health/index.ts';
import { remotes } from './modules/remotes/index.ts';
import { web } from './modules/web/index.ts';
import { cors } from './plugins/cors.ts';
import { errors, type ErrorsOptions } from './plugins/errors.ts';
import { securityHeaders } from './plugins/security-headers.ts';

export interface AppOptions {
  /** Where unexpected errors are reported (default: console.error). */
  logError?: ErrorsOptions['log'];
}

export function createApp(config: ApiConfig, options: AppOptions = {}) {
  return (
    new Elysia()
      .use(securityHeaders(config))
      .use(cors(config))
      .use(errors({ log: options.logError }))
      .use(health())
      .use(remotes(config))
      // Last: the shell's catch-all GET /* (static files and HTML pages).
      .use(web(config))
  );
}

export type App = ReturnType<typeof createApp>;
