import { describe, expect, test } from 'bun:test';
import { getResponse } from 'msw';
import { routes } from '@ringwise/contract/routes';
import { fakeApiHandlers, fakeRoute, type FakeRequest } from './fake-api.ts';

const origin = 'http://localhost:3002';
const ask = (handlers: ReturnType<typeof fakeApiHandlers>, method: string, path: string, body?: unknown) =>
  getResponse(handlers, new Request(origin + path, { method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) }), { baseUrl: origin });

describe('fake api handlers', () => {
  test("a fake answers its route at the table's method and path, with the path parameters and the JSON body", async () => {
    const seen: Array<FakeRequest<'updateContact'>> = [];
    const handlers = fakeApiHandlers(
      [
        fakeRoute(routes.updateContact, (request) => {
          seen.push(request);
          return Response.json({ ok: true });
        }),
      ],
      { latencyMs: 0 },
    );
    const res = await ask(handlers, 'PATCH', '/api/contacts/c%201?x=1', { favorite: true });
    expect(res?.status).toBe(200);
    expect(seen.map(({ method, params, body, url }) => ({ method, params, body, query: url.search }))).toEqual([
      { method: 'PATCH', params: { id: 'c 1' }, body: { favorite: true }, query: '?x=1' },
    ]);
    // another method on the same path is not this route
    expect(await ask(handlers, 'DELETE', '/api/contacts/c1')).toBeUndefined();
  });

  test('without a body the fake sees undefined', async () => {
    let body: unknown = 'unset';
    const seeBody = fakeRoute(routes.listContacts, (request) => {
      body = request.body;
      return Response.json([]);
    });
    const handlers = fakeApiHandlers([seeBody], { latencyMs: 0 });
    await ask(handlers, 'GET', '/api/contacts');
    expect(body).toBeUndefined();
  });

  test('the routes of the table a fake does not answer go to the network, or to `otherRoutes`', async () => {
    const fakes = [fakeRoute(routes.currentUser, () => Response.json({}))];
    expect(await ask(fakeApiHandlers(fakes, { latencyMs: 0 }), 'GET', '/api/calls')).toBeUndefined();

    const handlers = fakeApiHandlers(fakes, { latencyMs: 0, otherRoutes: (method, url) => Response.json({ missing: `${method} ${url.pathname}` }, { status: 404 }) });
    const res = await ask(handlers, 'GET', '/api/calls');
    expect({ status: res?.status, body: await res?.json() }).toEqual({ status: 404, body: { missing: 'GET /api/calls' } });
    expect((await ask(handlers, 'GET', '/api/auth/user'))?.status).toBe(200);
    // a path outside the table is not the fake's business either way
    expect(await ask(handlers, 'GET', '/mf-manifest.json')).toBeUndefined();
  });

  test('answers take the given latency', async () => {
    const handlers = fakeApiHandlers([fakeRoute(routes.health, () => Response.json({}))], { latencyMs: 60 });
    const started = performance.now();
    await ask(handlers, 'GET', '/api/health');
    expect(performance.now() - started).toBeGreaterThanOrEqual(55);
  });
});
