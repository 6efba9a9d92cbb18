// What the contract promises, as plain JSON: every route's method, path and access with the JSON Schemas of
// its requests and responses. A released copy of it (compat/released-contract.json) is what the deployed
// remotes were built against; contract-diff.ts compares the code's contract with it.
import { routes, type Access, type Method, type RouteDefinition, type RouteName } from '../routes.ts';
import { routeSchemas, type RouteSchemas } from '../schemas.ts';

export type JsonSchema = { [keyword: string]: unknown };

export const requestParts = ['params', 'query', 'body'] as const;
export type RequestPart = (typeof requestParts)[number];

export interface RouteSnapshot {
  method: Method;
  path: string;
  access: Access;
  params?: JsonSchema;
  query?: JsonSchema;
  body?: JsonSchema;
  /** By HTTP status, as JSON writes object keys: "200". */
  response: Record<string, JsonSchema>;
}

export type ContractSnapshot = Record<string, RouteSnapshot>;

// TypeBox marks optional properties and its kinds with symbol keys; JSON keeps the JSON Schema (`required` lists)
const plainJson = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** One route as the contract promises it: its table entry and its schemas. */
export function routeSnapshot({ method, path, access }: RouteDefinition, schemas: RouteSchemas): RouteSnapshot {
  const snapshot: RouteSnapshot = { method, path, access, response: plainJson(schemas.response) as Record<string, JsonSchema> };
  for (const part of requestParts) {
    const schema = schemas[part];
    if (schema) snapshot[part] = plainJson(schema) as JsonSchema;
  }
  return snapshot;
}

/** The contract of the code as it is, routes by name in name order (a stable file to diff). */
export function contractSnapshot(): ContractSnapshot {
  const names = (Object.keys(routes) as RouteName[]).sort();
  return Object.fromEntries(names.map((name) => [name, routeSnapshot(routes[name], routeSchemas[name])]));
}
