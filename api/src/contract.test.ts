// The api serves exactly the contract (@ringwise/contract): every route of its table at its method and path
// with its schemas mounted, and no /api route outside it.
import { describe, expect, test } from 'bun:test';
import { routes } from '@ringwise/contract/routes';
import { routeSchemas } from '@ringwise/contract/schemas';
import type { ApiServices } from './services.ts';
import { createApp } from './app.ts';
import { testConfig } from './testing/fixtures.ts';

// Routes are registered, never called: the services are stand-ins.
const services = {
  db: { privileged: async () => {} },
  auth: { config: { mode: 'hosted', issuer: 'https://auth.example' }, verifier: {}, signingKey: null },
  rates: {},
  payments: { stripe: {}, webhookSecret: 'whsec_unused' },
  billingJobs: { kick() {} },
  telephony: { twilio: {}, authToken: 'unused', publicUrl: 'http://localhost' },
} as unknown as ApiServices;
const app = createApp(testConfig(), { services, logError: () => {} });

// the error plugin's 404 fallbacks for unknown /api paths
const fallbacks = new Set(['GET /api', 'ALL /api', 'GET /api/*', 'ALL /api/*']);
const mounted = app.routes.filter((r) => r.path.startsWith('/api') && !fallbacks.has(`${r.method} ${r.path}`));

describe('the api serves the contract', () => {
  test.each(Object.values(routes).map((route) => [route.name, route] as const))('%s is mounted with its schemas', (name, route) => {
    const found = mounted.find((r) => r.method === route.method && r.path === route.path);
    expect(found, `${route.method} ${route.path}`).toBeDefined();
    const schemas = routeSchemas[name];
    const hooks = found!.hooks as Record<string, unknown>;
    for (const part of ['params', 'query', 'body'] as const) {
      const schema = (schemas as Partial<Record<typeof part, unknown>>)[part];
      if (schema) expect(hooks[part], `${name}: ${part}`).toBe(schema);
    }
    const response = hooks.response as Record<string, unknown>;
    for (const [status, schema] of Object.entries(schemas.response)) expect(response[status], `${name}: ${status}`).toBe(schema);
  });

  test('every /api route is one of the contract', () => {
    const known = new Set(Object.values(routes).map((route) => `${route.method} ${route.path}`));
    expect(mounted.map((r) => `${r.method} ${r.path}`).filter((r) => !known.has(r))).toEqual([]);
  });
});
