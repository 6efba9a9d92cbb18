// A request's deadline: the client hears 503 + Retry-After by then, whatever the handler waits on, and what the
// handler held (a transaction on PGlite's one connection) is given back so the next request is served.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { Elysia } from 'elysia';
import type { EngineDatabase } from '../db/database.ts';
import { createTestPglite } from '../db/testing.ts';
import { currentDeadline, DeadlineExceededError } from '../lib/deadline.ts';
import { errors, mapError } from './errors.ts';
import { requestDeadline } from './request-deadline.ts';

const never = () => new Promise<never>(() => {});

describe('request deadline', () => {
  let db: EngineDatabase;
  let app: { handle(request: Request): Promise<Response> };
  const rolledBack: string[] = [];

  beforeAll(async () => {
    db = await createTestPglite();
    await db.privileged((sql) => sql.exec('create table deadline_probe (note text)'));
    app = new Elysia()
      .use(requestDeadline({ ms: 200, headersOf: () => ({ 'x-every-answer': 'yes' }) }))
      .use(errors({ log: () => {} }))
      .get('/api/slow', async () => {
        await never();
      })
      .get('/api/holds-the-connection', () =>
        db
          .privileged(async (sql) => {
            await sql.query(`insert into deadline_probe values ('written before the deadline')`);
            await never();
          })
          .catch((error: unknown) => {
            rolledBack.push((error as Error).name);
            throw error;
          }),
      )
      .get('/api/quick', () => db.privileged(async (sql) => (await sql.query<{ n: number }>('select count(*)::int as n from deadline_probe'))[0]))
      .get('/api/deadline', () => ({ left: (currentDeadline()?.at ?? 0) - Date.now() }))
      .get('/api/stream', () => {
        let sent = 0;
        const body = new ReadableStream<Uint8Array>({
          async pull(controller) {
            await Bun.sleep(150);
            controller.enqueue(new TextEncoder().encode(`chunk ${sent}\n`));
            if (++sent === 3) controller.close();
          },
        });
        return new Response(body, { headers: { 'content-type': 'text/plain' } });
      });
  });
  afterAll(async () => {
    await db?.close();
  });

  const get = (path: string) => app.handle(new Request(`http://localhost${path}`));

  test('a handler that never answers: 503 with the envelope, Retry-After and the headers of every answer, at the deadline', async () => {
    const started = performance.now();
    const res = await get('/api/slow');
    const took = performance.now() - started;
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('1');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-every-answer')).toBe('yes');
    expect(await res.json()).toEqual({ error: { code: 'unavailable', message: 'This took too long and was stopped. Please try again in a moment.' } });
    expect(took).toBeGreaterThanOrEqual(190);
    expect(took).toBeLessThan(2000);
  });

  test("on PGlite's one connection: the stuck transaction is rolled back and the next request is served", async () => {
    const stuck = await get('/api/holds-the-connection');
    expect(stuck.status).toBe(503);
    const next = await get('/api/quick');
    expect(next.status).toBe(200);
    // what the stuck request wrote is gone
    expect(await next.json()).toEqual({ n: 0 });
    expect(rolledBack).toEqual(['DeadlineExceededError']);
  });

  test('a request waiting for the connection another holds is served once the holder is stopped at its deadline', async () => {
    const [holder, waiter] = await Promise.all([get('/api/holds-the-connection'), Bun.sleep(50).then(() => get('/api/quick'))]);
    expect(holder.status).toBe(503);
    // the holder's deadline frees the connection 50 ms before the waiter's would pass: the waiter is served
    expect(waiter.status).toBe(200);
  });

  test('each request has its own deadline, visible to the code it runs', async () => {
    const { left } = (await (await get('/api/deadline')).json()) as { left: number };
    expect(left).toBeGreaterThan(100);
    expect(left).toBeLessThanOrEqual(200);
  });

  test('a streamed answer that started in time is not cut at the deadline', async () => {
    const res = await get('/api/stream');
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('chunk 0\nchunk 1\nchunk 2\n');
  });

  test('DeadlineExceededError thrown by the work itself maps to the same 503', () => {
    const mapped = mapError(new DeadlineExceededError(), { method: 'GET', path: '/api/x' });
    expect(mapped.status).toBe(503);
    expect(mapped.headers).toEqual({ 'retry-after': '1' });
    expect(mapped.body.error.code).toBe('unavailable');
  });
});
