// The api serves exactly the contract (@ringwise/contract): every route of its table at its method and path
// with its schemas mounted, and no /api route outside it.
import { describe, expect, test } from 'bun:test';
import { routes } from '@ringwise/contract/routes';
import { routeSchemas } from '@ringwise/contract/schemas';
import { webhooks } from '@ringwise/contract/webhooks';
import { createApp } from './app.ts';
import { idleServices, testConfig } from './testing/fixtures.ts';

// Routes are registered, never called: the services are stand-ins.
const app = createApp(testConfig(), { services: idleServices, logError: () => {} });

// the error plugin's 404 fallbacks for unknown /api paths
const fallbacks = new Set(['GET /api', 'ALL /api', 'GET /api/*', 'ALL /api/*']);
const mounted = app.routes.filter((r) => r.path.startsWith('/api') && !fallbacks.has(`${r.method} ${r.path}`));

type Hook = { subType?: string; fn?: (context: unknown) => unknown };

/** Whether one of a route's resolve hooks (the auth macro's) refuses a request without a token with a 401. */
async function refusesWithoutToken(hooks: unknown): Promise<boolean> {
  const beforeHandle = (hooks as { beforeHandle?: Hook[] }).beforeHandle ?? [];
  for (const hook of beforeHandle) {
    if (hook.subType !== 'resolve' || !hook.fn) continue;
    try {
      await hook.fn({ headers: {}, set: { headers: {} } });
    } catch (error) {
      if ((error as { status?: unknown }).status === 401) return true;
    }
  }
  return false;
}

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

  // `access` of the route table is what the reference documents; the api must mount `auth: true` on exactly
  // the routes that are not public. The auth macro's resolve hook is what refuses a request without a token.
  test.each(Object.values(routes).map((route) => [route.name, route] as const))('%s needs a token exactly when its access says so', async (name, route) => {
    const found = mounted.find((r) => r.method === route.method && r.path === route.path)!;
    expect(await refusesWithoutToken(found.hooks), `${name}: ${route.access}`).toBe(route.access !== 'public');
  });

  test('the webhooks are mounted where the contract says, and no other', () => {
    const mountedHooks = app.routes.filter((r) => r.path.startsWith('/webhooks')).map((r) => `${r.method} ${r.path}`);
    expect(mountedHooks.sort()).toEqual(Object.values(webhooks).map((hook) => `${hook.method} ${hook.path}`).sort());
  });

  test('every /api route is one of the contract', () => {
    const known = new Set(Object.values(routes).map((route) => `${route.method} ${route.path}`));
    expect(mounted.map((r) => `${r.method} ${r.path}`).filter((r) => !known.has(r))).toEqual([]);
  });
});
