import { describe, expect, mock, test } from 'bun:test';
import { Elysia, status, t } from 'elysia';
import Stripe from 'stripe';
import { HttpError, errors, type ErrorBody } from './errors.ts';
import { jsonObjectBody, notAnObjectMessage } from './json-body.ts';


function makeApp() {
  const log = mock(() => {});
  const app = new Elysia()
    .use(errors({ log }))
    .use(jsonObjectBody())
    .get('/api/conflict', () => {
      throw new HttpError(409, 'number_unavailable', 'This number is already taken.', { number: '+15550100' });
    })
    .get('/api/forbidden', () => {
      throw new HttpError(403, 'forbidden', 'Admins only.');
    })
    .get('/api/boom', () => {
      throw new Error('secret connection string leaked in a message');
    })
    .get('/api/status', () => {
      throw status(429, 'Slow down.');
    })
    .post('/api/echo', ({ body }) => body, {
      body: t.Object({ name: t.String({ minLength: 1 }), age: t.Number() }),
    })
    .post('/api/named', ({ body }) => body, {
      body: t.Object(
        { name: t.String({ error: 'Name is required' }), nick: t.Optional(t.String({ error: 'Nickname must be text' })) },
        { error: 'Send a JSON object.' },
      ),
    })
    .get('/api/items/:id', ({ params }) => params, { params: t.Object({ id: t.Numeric() }) })
    .get('/api/bad-response', () => ({ ok: 'yes' }) as unknown as { ok: boolean }, {
      response: t.Object({ ok: t.Boolean() }),
    });
  return { app, log };
}

const call = (app: { handle(r: Request): Promise<Response> }, path: string, init?: RequestInit) =>
  app.handle(new Request(`http://localhost${path}`, init));

const json = async (res: Response) => (await res.json()) as ErrorBody;

describe('error plugin', () => {
  test('HttpError keeps its status, code, message and details', async () => {
    const { app, log } = makeApp();
    const res = await call(app, '/api/conflict');
    expect(res.status).toBe(409);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(await json(res)).toEqual({
      error: { code: 'number_unavailable', message: 'This number is already taken.', details: { number: '+15550100' } },
    });
    expect(log).not.toHaveBeenCalled();
    const forbidden = await call(app, '/api/forbidden');
    expect(forbidden.status).toBe(403);
    expect(await json(forbidden)).toEqual({ error: { code: 'forbidden', message: 'Admins only.' } });
  });

  test('HttpError takes only the codes of the contract (checked by the compiler)', () => {
    // @ts-expect-error: a code @ringwise/contract/errors does not list
    const unlisted = new HttpError(409, 'number_taken', 'This number is already taken.');
    expect(String(unlisted.code)).toBe('number_taken');
  });

  test('a field with a value the schema refuses is 400 validation_failed, naming the field', async () => {
    const { app } = makeApp();
    const res = await call(app, '/api/echo', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Ada', age: 'old' }),
    });
    expect(res.status).toBe(400);
    const body = await json(res);
    expect(body.error).toEqual({ code: 'validation_failed', message: 'age: expected number.', details: { fieldErrors: { age: 'age: expected number.' } } });
  });

  test("a field's message is its schema's own when the contract gives one; every failing field is listed", async () => {
    const { app } = makeApp();
    const res = await call(app, '/api/named', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ nick: 5 }) });
    expect(res.status).toBe(400);
    expect((await json(res)).error).toEqual({
      code: 'validation_failed',
      message: 'Name is required',
      details: { fieldErrors: { name: 'Name is required', nick: 'Nickname must be text' } },
    });
  });

  test('a JSON body that is not an object is 400 bad_request saying so', async () => {
    const { app } = makeApp();
    for (const body of ['[1]', '"x"', '5', 'true', 'null']) {
      const res = await call(app, '/api/named', { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      expect(res.status).toBe(400);
      expect((await json(res)).error).toEqual({ code: 'bad_request', message: notAnObjectMessage });
    }
  });

  test('invalid params are 400 too', async () => {
    const { app } = makeApp();
    const res = await call(app, '/api/items/abc');
    expect(res.status).toBe(400);
    expect((await json(res)).error.code).toBe('validation_failed');
  });

  test('a malformed JSON body is 400 bad_request', async () => {
    const { app } = makeApp();
    const res = await call(app, '/api/echo', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name": "Ada",',
    });
    expect(res.status).toBe(400);
    const body = await json(res);
    expect(body.error.code).toBe('bad_request');
    expect(body.error.message).toContain('could not be parsed');
  });

  test('unexpected errors are 500 internal with a generic message, and logged', async () => {
    const { app, log } = makeApp();
    const res = await call(app, '/api/boom');
    expect(res.status).toBe(500);
    const body = await json(res);
    expect(body).toEqual({ error: { code: 'internal', message: expect.any(String) } });
    expect(body.error.message).not.toContain('secret');
    expect(log).toHaveBeenCalledTimes(1);
    expect(log.mock.calls[0]).toEqual([expect.any(Error), { method: 'GET', path: '/api/boom' }] as never);
  });

  test('a response that breaks its own schema is our bug: 500', async () => {
    const { app, log } = makeApp();
    const res = await call(app, '/api/bad-response');
    expect(res.status).toBe(500);
    expect((await json(res)).error.code).toBe('internal');
    expect(log).toHaveBeenCalledTimes(1);
  });

  test('a thrown status() keeps its status inside the envelope', async () => {
    const { app } = makeApp();
    const res = await call(app, '/api/status');
    expect(res.status).toBe(429);
    expect(await json(res)).toEqual({ error: { code: 'too_many_requests', message: 'Slow down.' } });
  });

  test.each(['GET', 'POST', 'PATCH', 'DELETE'])('unknown /api paths answer a 404 envelope (%s)', async (method) => {
    const { app } = makeApp();
    for (const path of ['/api/nope', '/api', '/api/conflict/extra']) {
      const res = await call(app, path, { method });
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toContain('application/json');
      expect(await json(res)).toEqual({ error: { code: 'not_found', message: `No such endpoint: ${method} ${path}` } });
    }
  });

  test('unknown paths elsewhere (no route at all) get the envelope too', async () => {
    const { app } = makeApp();
    const res = await call(app, '/webhooks/nope', { method: 'POST' });
    expect(res.status).toBe(404);
    expect((await json(res)).error.code).toBe('not_found');
  });
});

describe("the Stripe SDK's errors", () => {
  const stripeApp = (error: Error) => {
    const log = mock(() => {});
    return { log, app: new Elysia().use(errors({ log })).get('/api/pay', () => { throw error; }) };
  };

  test('a declined card is a 402 with the card issuer’s reason, not logged', async () => {
    const { app, log } = stripeApp(new Stripe.errors.StripeCardError({ type: 'card_error', code: 'card_declined', message: 'Your card was declined.' }));
    const res = await call(app, '/api/pay');
    expect(res.status).toBe(402);
    expect(await json(res)).toEqual({ error: { code: 'payment_failed', message: 'Your card was declined.' } });
    expect(log).not.toHaveBeenCalled();
  });

  test('an unreachable or failing payment service is a 503, a refused request a 502; both logged, neither a 500', async () => {
    for (const [error, status, code] of [
      [new Stripe.errors.StripeConnectionError({ message: 'connect ECONNREFUSED' }), 503, 'unavailable'],
      [new Stripe.errors.StripeAPIError({ message: 'boom' }), 503, 'unavailable'],
      [new Stripe.errors.StripeAuthenticationError({ message: 'Invalid API Key provided: sk_test_****' }), 502, 'bad_gateway'],
      [new Stripe.errors.StripeInvalidRequestError({ message: "No such customer: 'cus_x'", code: 'resource_missing' }), 502, 'bad_gateway'],
    ] as const) {
      const { app, log } = stripeApp(error);
      const res = await call(app, '/api/pay');
      expect(res.status).toBe(status);
      const body = await json(res);
      expect(body.error.code).toBe(code);
      expect(body.error.message).not.toContain('sk_test');
      expect(log).toHaveBeenCalledTimes(1);
    }
  });
});
