import { afterAll, describe, expect, test } from 'bun:test';
import { t } from 'elysia';
import { createApp } from './app.ts';
import { get, makeDist, testConfig } from './testing/fixtures.ts';


describe('createApp', () => {
  const dist = makeDist();
  afterAll(dist.cleanup);
  const logged: unknown[] = [];
  const app = createApp(testConfig({ SHELL_DIST: dist.dir }), { logError: (error) => logged.push(error) })
    // Test-only routes, added like a later module would add its own.
    .post('/api/test/echo', ({ body }) => body, { body: t.Object({ name: t.String() }) })
    .get('/api/test/boom', () => {
      throw new Error('kaboom');
    });

  test('unknown /api/* paths answer the 404 JSON envelope, never the HTML page', async () => {
    for (const path of ['/api/nope', '/api/nope/deeper', '/api', '/api/health/extra']) {
      const res = await get(app, path);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toContain('application/json');
      expect(await res.json()).toEqual({ error: { code: 'not_found', message: `No such endpoint: GET ${path}` } });
    }
  });

  test('a malformed JSON body is a 400 envelope', async () => {
    const res = await get(app, '/api/test/echo', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name":',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: { code: 'bad_request', message: expect.any(String) } });
  });

  test('a valid body goes through', async () => {
    const res = await get(app, '/api/test/echo', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name":"Ada"}',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ name: 'Ada' });
  });

  test('unexpected errors: 500 envelope, reported to the logger', async () => {
    const res = await get(app, '/api/test/boom');
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ error: { code: 'internal', message: expect.any(String) } });
    expect(logged).toHaveLength(1);
  });

  test('health, remotes.json and the shell are all mounted', async () => {
    expect((await get(app, '/api/health')).status).toBe(200);
    expect((await get(app, '/remotes.json')).status).toBe(200);
    expect((await get(app, '/home')).status).toBe(200);
  });
});
