// Builds the api app: plugins first (their hooks run for every request), then one module per domain.
import { Elysia } from 'elysia';
import { sessionGate } from './auth/session-gate.ts';
import type { ApiConfig } from './config.ts';
import { health } from './modules/health/index.ts';
import { reference } from './modules/reference/index.ts';
import { adminConsole } from './modules/admin/index.ts';
import { remotes } from './modules/remotes/index.ts';
import { web } from './modules/web/index.ts';
import { flags } from './modules/flags/index.ts';
import { users } from './modules/users/index.ts';
import { contacts } from './modules/contacts/index.ts';
import { profile } from './modules/profile/index.ts';
import { billing } from './modules/billing/index.ts';
import { rates } from './modules/rates/index.ts';
import { numbers } from './modules/numbers/index.ts';
import { calls } from './modules/calls/index.ts';
import { marketing } from './modules/marketing/index.ts';
import { createMarketingPages, type MarketingRenderer } from './modules/marketing/service.ts';
import { liveReleases, type LiveReleases } from './lib/live-release.ts';
import { remoteStylesheets } from './modules/marketing/remote-assets.ts';
import { ShellTemplate } from './modules/web/service.ts';
import { remoteManifests, type RemoteManifests } from './modules/web/first-load.ts';
import { cors, corsOf } from './plugins/cors.ts';
import { errors, type ErrorsOptions } from './plugins/errors.ts';
import { jsonObjectBody } from './plugins/json-body.ts';
import { requestLimits } from './plugins/request-limits.ts';
import { requestDeadline } from './plugins/request-deadline.ts';
import { securityHeaders, securityHeadersOf } from './plugins/security-headers.ts';
import { createLimiter } from '@ringwise/rate-limits/limiter';
import { createSqlRateLimitStore } from './limits/store.ts';
import type { ApiServices } from './services.ts';
import { compressJson } from './plugins/compress-json.ts';

export interface AppOptions {
  /** Where unexpected errors are reported (default: console.error). */
  logError?: ErrorsOptions['log'];
  /** The database, auth and rates. Without them only the web shell, /remotes.json and /api/health are served. */
  services?: ApiServices;
  /** The marketing pages' server render (server-render.ts); with it (and the services) `/`, `/call/:cc`,
   *  the sitemap and robots.txt are served, as complete HTML for crawlers whenever the render is available. */
  marketingRenderer?: MarketingRenderer;
  /** Which release of each remote is live (default: read from REMOTE_*_URL/releases/live.json). */
  liveReleases?: LiveReleases;
  /** The remotes' deployed manifests (default: the live releases'). */
  remoteManifests?: RemoteManifests;
}

export function createApp(config: ApiConfig, options: AppOptions = {}) {
  const { services } = options;
  const releases = options.liveReleases ?? liveReleases(config.remotes);
  const manifests = options.remoteManifests ?? remoteManifests(releases);
  const securityHeadersFor = securityHeadersOf(config);
  const corsFor = corsOf(config);
  const app = new Elysia()
    .use(
      requestDeadline({
        ms: config.requestDeadlineMs,
        headersOf: (request) => ({ ...securityHeadersFor(request), ...corsFor(request).headers, vary: 'Origin' }),
      }),
    )
    .use(securityHeaders(config))
    .use(cors(config))
    .use(errors({ log: options.logError }))
    .use(compressJson());
  // the session gate comes before the body's limits and parsing: a signed-out request learns nothing else
  if (services) app.use(sessionGate({ verifier: services.auth.verifier, db: services.db }));
  app
    .use(requestLimits())
    .use(jsonObjectBody())
    .use(health(services ? [{ name: 'database', run: async () => void (await services.db.statement('select 1')) }] : []))
    .use(reference(config))
    .use(remotes(config, releases))
    .use(flags());
  if (services) {
    const { db, auth } = services;
    const limiter = services.limiter ?? createLimiter(createSqlRateLimitStore(db));
    const { limits } = config;
    app.use(users({ verifier: auth.verifier, db }));
    app.use(contacts({ verifier: auth.verifier, db }));
    app.use(adminConsole({ verifier: auth.verifier, db }));
    app.use(profile({ verifier: auth.verifier, db, authAdmin: auth.admin ?? null, ...(services.telephony ? { telephony: services.telephony } : {}) }));
    if (services.payments && services.billingJobs) {
      const { stripe, webhookSecret } = services.payments;
      app.use(billing({ verifier: auth.verifier, db, stripe, webhookSecret, publicUrl: config.publicUrl, jobs: services.billingJobs }));
    }
    app.use(rates({ service: services.rates, limiter, rule: limits.rates, trustedProxyHops: limits.trustedProxyHops }));
    if (services.telephony) {
      app.use(numbers({ verifier: auth.verifier, db, telephony: services.telephony }));
      app.use(calls({ verifier: auth.verifier, db, rates: services.rates, telephony: services.telephony, twilio: config.twilio, jobs: services.billingJobs }));
    }
    if (options.marketingRenderer) {
      const pages = createMarketingPages({
        config,
        template: new ShellTemplate(config.shellDist),
        rates: services.rates,
        renderer: options.marketingRenderer,
        stylesheets: remoteStylesheets(manifests.marketing),
        releases,
      });
      app.use(marketing(pages));
    }
  }
  // Last: the shell's catch-all GET /* (static files and HTML pages).
  return app.use(web(config, manifests, releases));
}

export type App = ReturnType<typeof createApp>;
