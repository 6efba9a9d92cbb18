import { describe, expect, test } from 'bun:test';
import { compileErrors, validate as validateOpenApi } from '@readme/openapi-parser';
import { errorCodes } from './errors.ts';
import { domains, openApiDocument, openApiPath, pathParameterNames, tagOf, toJsonSchema, type HttpMethod, type OpenApiOperation } from './openapi.ts';
import { routes, type RouteName } from './routes.ts';
import { routeSchemas } from './schemas.ts';
import { webhooks } from './webhooks.ts';

/**
 * The validator resolves references against the page's address when it finds a `window`: under the tests'
 * happy-dom (scripts/test-preload.ts) that is about:blank, which it cannot resolve against. It gets an http
 * address for the call, and the page its own back.
 */
async function validate(api: unknown) {
  const dom = (globalThis as { happyDOM?: { setURL(url: string): void } }).happyDOM;
  const before = globalThis.location?.href;
  dom?.setURL('http://localhost/');
  try {
    return await validateOpenApi(structuredClone(api) as never);
  } finally {
    if (before !== undefined) dom?.setURL(before);
  }
}

const document = openApiDocument({ serverUrl: 'https://ringwise.example' });
const operationOf = (path: string, method: string) => document.paths[openApiPath(path)]?.[method.toLowerCase() as HttpMethod] as OpenApiOperation;
const allRoutes = Object.values(routes).map((route) => [route.name, route] as const);

describe('the OpenAPI document of the contract', () => {
  test('validates as OpenAPI 3.1', async () => {
    const result = await validate(document);
    expect(result.valid ? '' : compileErrors(result)).toBe('');
    expect(document.openapi).toBe('3.1.0');
  });

  test('the validator does refuse a broken document', async () => {
    const broken = structuredClone(document) as unknown as { paths: Record<string, Record<string, { responses: unknown }>> };
    broken.paths['/api/health']!.get!.responses = { 200: { content: {} } };
    expect((await validate(broken)).valid).toBe(false);
  });

  test('is the same on every call (it can be cached)', () => {
    expect(JSON.stringify(openApiDocument({ serverUrl: 'https://ringwise.example' }))).toBe(JSON.stringify(document));
  });

  test.each(allRoutes)('%s is present with its method, tag and operationId', (name, route) => {
    const operation = operationOf(route.path, route.method);
    expect(operation, `${route.method} ${route.path}`).toBeDefined();
    expect(operation.operationId).toBe(name);
    expect(operation.tags).toEqual([tagOf(name)]);
    expect(operation.summary.length).toBeGreaterThan(0);
  });

  test('documents nothing under /api that is not a route', () => {
    const documented = Object.entries(document.paths).flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`));
    const expected = [...Object.values(routes), ...Object.values(webhooks)].map((route) => `${route.method} ${openApiPath(route.path)}`);
    expect(documented.sort()).toEqual(expected.sort());
  });

  test.each(allRoutes)('%s declares every path parameter, and no other', (_name, route) => {
    const operation = operationOf(route.path, route.method);
    const declared = (operation.parameters ?? []).filter((p) => p.in === 'path');
    expect(declared.map((p) => p.name)).toEqual(pathParameterNames(route.path));
    for (const parameter of declared) expect(parameter.required).toBe(true);
    expect(openApiPath(route.path)).not.toContain(':');
  });

  test.each(allRoutes)('%s takes its query and body from its schemas', (name, route) => {
    const operation = operationOf(route.path, route.method);
    const schemas = routeSchemas[name] as { query?: { properties: Record<string, unknown> }; body?: unknown };
    const query = (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
    expect(query.sort()).toEqual(Object.keys(schemas.query?.properties ?? {}).sort());
    if (schemas.body) expect(operation.requestBody?.content['application/json']?.schema).toEqual(toJsonSchema(schemas.body as never));
  });

  test.each(allRoutes)('%s is secured exactly when it is not public, and fails with the error envelope', (_name, route) => {
    const operation = operationOf(route.path, route.method);
    expect(operation.security).toEqual(route.access === 'public' ? undefined : [{ supabaseAccessToken: [] }]);
    expect(operation['x-access']).toBe(route.access);
    expect(operation.responses.default).toEqual({ $ref: '#/components/responses/Error' });
    if (route.access !== 'public') expect(operation.responses['401']).toEqual({ $ref: '#/components/responses/Unauthorized' });
    if (route.access === 'admin') expect(operation.responses['403']).toEqual({ $ref: '#/components/responses/Forbidden' });
    const successes = Object.keys(operation.responses).filter((status) => /^2\d\d$/.test(status));
    expect(successes.length).toBeGreaterThan(0);
  });

  test('every error response is the envelope, with a description', () => {
    const { responses, schemas, securitySchemes } = document.components;
    for (const response of Object.values(responses)) {
      expect(response.description.length).toBeGreaterThan(0);
      expect(response.content?.['application/json']?.schema).toEqual({ $ref: '#/components/schemas/ErrorEnvelope' });
    }
    expect(schemas.ErrorEnvelope).toMatchObject({ type: 'object', required: ['error'] });
    expect(securitySchemes.supabaseAccessToken).toMatchObject({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
  });

  test('every code an error answer names is one the api sends (errorCodes)', () => {
    const operations = Object.values(document.paths).flatMap((item) => Object.values(item) as OpenApiOperation[]);
    const errorAnswers = [
      ...operations.flatMap((operation) => Object.entries(operation.responses).filter(([status]) => !/^[123]/.test(status)).map(([, response]) => response)),
      ...Object.values(document.components.responses),
    ];
    // a code is written in backticks: snake_case, or alone in parentheses ("(`conflict`)")
    const named = errorAnswers
      .flatMap((response) => ('description' in response ? [...response.description.matchAll(/\(`([a-z_]+)`|`([a-z]+(?:_[a-z]+)+)`/g)] : []))
      .map((match) => match[1] ?? match[2]!);
    expect(named).toContain('call_in_progress');
    expect(named.filter((code) => !(errorCodes as readonly string[]).includes(code))).toEqual([]);
  });

  test('every route belongs to exactly one domain', () => {
    for (const name of Object.keys(routes) as RouteName[]) expect(domains.filter((d) => Object.hasOwn(d.schemas, name)).length, name).toBe(1);
  });

  test('the webhooks are documented with their signature headers and formats', () => {
    const stripe = operationOf(webhooks.stripeEvents.path, 'POST');
    expect(stripe.parameters?.map((p) => `${p.in}:${p.name}`)).toEqual(['header:Stripe-Signature']);
    expect(stripe.requestBody?.content['application/json']).toBeDefined();
    expect(stripe.security).toBeUndefined();
    for (const hook of Object.values(webhooks).filter((h) => h.provider === 'twilio')) {
      const operation = operationOf(hook.path, hook.method);
      expect(operation.parameters?.some((p) => p.in === 'header' && p.name === 'X-Twilio-Signature' && p.required)).toBe(true);
      expect(operation.requestBody?.content['application/x-www-form-urlencoded']).toBeDefined();
      expect(operation.responses['403']).toBeDefined();
    }
  });

  test('TypeBox options become JSON Schema: no symbols, `error` kept as x-error-message, property names untouched', () => {
    const json = toJsonSchema(routeSchemas.createContact.body);
    expect(json['x-error-message']).toBe('Send the contact as a JSON object.');
    expect(Object.getOwnPropertySymbols(json)).toEqual([]);
    // a property called "error" is a property, not the option
    expect(Object.keys((document.components.schemas.ErrorEnvelope as { properties: object }).properties)).toEqual(['error']);
  });
});
