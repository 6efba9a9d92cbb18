// The contract's route table as the api matches requests against it, before Elysia's own routing: the methods a
// path takes (request-limits.ts: 405) and who may call a route (session-gate.ts: 401/403 before anything else).
import { routes, type Method, type RouteDefinition } from '@ringwise/contract/routes';

const table = Object.values(routes).map((route) => ({
  route: route as RouteDefinition,
  pattern: new RegExp(`^${route.path.replace(/:[^/]+/g, '[^/]+')}/?$`),
}));

// Allow lists them in this order, whatever the order of the table (a module namespace: by route name)
const methodOrder: readonly Method[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** The methods the contract defines for `path` (empty: no such /api path). */
export function allowedMethods(path: string): Method[] {
  const methods = new Set<Method>();
  for (const { route, pattern } of table) if (pattern.test(path)) methods.add(route.method);
  return methodOrder.filter((method) => methods.has(method));
}

/** The contract route a request is for (HEAD as GET), if any. */
export function contractRouteOf(method: string, path: string): RouteDefinition | undefined {
  const wanted = method === 'HEAD' ? 'GET' : method;
  return table.find(({ route, pattern }) => route.method === wanted && pattern.test(path))?.route;
}
