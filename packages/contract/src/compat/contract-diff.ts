// Which changes of the contract a remote built against the released one survives (issue #35: remotes and the
// api deploy apart). Compares two snapshots (contract-snapshot.ts) route by route; every difference is one
// line naming the route and the JSON path, e.g. `listContacts response 200 .contacts[].email: removed`.
import { requestParts, type ContractSnapshot, type JsonSchema, type RequestPart, type RouteSnapshot } from './contract-snapshot.ts';
import { schemaChanges, type SchemaChange } from './schema-changes.ts';

export { contractSnapshot, type ContractSnapshot } from './contract-snapshot.ts';

export interface ContractChange {
  compatible: boolean;
  line: string;
}

// a route without a query schema reads no query: the same as an object of no properties
const noQuery: JsonSchema = { type: 'object', properties: {} };

const lineOf = (route: string, where: string, change: SchemaChange): ContractChange => ({
  compatible: change.compatible,
  line: `${route} ${where}${change.path ? ` ${change.path}` : ''}: ${change.what}`,
});

function requestPartChanges(route: string, part: RequestPart, released: JsonSchema | undefined, current: JsonSchema | undefined): ContractChange[] {
  if (released === undefined && current === undefined) return [];
  if (part === 'query') return schemaChanges(released ?? noQuery, current ?? noQuery, 'request').map((change) => lineOf(route, part, change));
  if (released === undefined) return [{ compatible: false, line: `${route} ${part}: added (an old remote sends none)` }];
  if (current === undefined) return [{ compatible: false, line: `${route} ${part}: removed (the api no longer reads it)` }];
  return schemaChanges(released, current, 'request').map((change) => lineOf(route, part, change));
}

function responseChanges(route: string, released: RouteSnapshot['response'], current: RouteSnapshot['response']): ContractChange[] {
  const changes: ContractChange[] = [];
  for (const [status, schema] of Object.entries(released)) {
    const now = current[status];
    if (now === undefined) changes.push({ compatible: false, line: `${route} response ${status}: removed` });
    else changes.push(...schemaChanges(schema, now, 'response').map((change) => lineOf(route, `response ${status}`, change)));
  }
  for (const status of Object.keys(current)) {
    // an old remote would read its body as one of the statuses it knows
    if (!(status in released)) changes.push({ compatible: false, line: `${route} response ${status}: added` });
  }
  return changes;
}

function routeChanges(route: string, released: RouteSnapshot, current: RouteSnapshot): ContractChange[] {
  const changes: ContractChange[] = [];
  for (const key of ['method', 'path', 'access'] as const) {
    if (released[key] !== current[key]) changes.push({ compatible: false, line: `${route}: ${key} ${released[key]} → ${current[key]}` });
  }
  for (const part of requestParts) changes.push(...requestPartChanges(route, part, released[part], current[part]));
  return [...changes, ...responseChanges(route, released.response, current.response)];
}

/** Every difference between the released contract and the current one, each classified. */
export function contractChanges(released: ContractSnapshot, current: ContractSnapshot): ContractChange[] {
  const changes: ContractChange[] = [];
  for (const [route, was] of Object.entries(released)) {
    const now = current[route];
    if (now) changes.push(...routeChanges(route, was, now));
    else changes.push({ compatible: false, line: `${route}: removed (${was.method} ${was.path})` });
  }
  for (const [route, now] of Object.entries(current)) {
    if (!(route in released)) changes.push({ compatible: true, line: `${route}: new route (${now.method} ${now.path}, ${now.access})` });
  }
  return changes;
}
