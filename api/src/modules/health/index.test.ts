import { describe, expect, test } from 'bun:test';
import { Elysia } from 'elysia';
import { errors } from '../../plugins/errors.ts';
import { get, testApp } from '../../testing/fixtures.ts';
import { health } from './index.ts';
import { checkHealth } from './service.ts';


describe('GET /api/health', () => {
  test('200 { status: "ok" } with no checks registered', async () => {
    const res = await get(testApp(), '/api/health');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  test('503 with the failing check when one is down', async () => {
    const app = new Elysia().use(errors()).use(
      health([
        { name: 'database', run: async () => Promise.reject(new Error('connection refused')) },
        { name: 'other', run: async () => {} },
      ]),
    );
    const res = await get(app, '/api/health');
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({
      status: 'error',
      checks: [
        { name: 'database', status: 'error', message: 'connection refused' },
        { name: 'other', status: 'ok' },
      ],
    });
  });
});

describe('a stuck dependency', () => {
  test('a check that never answers is an error after its deadline: 503, while liveness still answers 200', async () => {
    const app = new Elysia().use(errors()).use(health([{ name: 'database', run: () => new Promise<void>(() => {}) }]));
    const res = await get(app, '/api/health');
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: 'error', checks: [{ name: 'database', status: 'error', message: 'no answer within 1000 ms' }] });
    const live = await get(app, '/api/health/live');
    expect(live.status).toBe(200);
    expect(live.headers.get('cache-control')).toBe('no-store');
    expect(await live.json()).toEqual({ status: 'ok' });
  });
});

describe('checkHealth', () => {
  test('lists every check when all pass', async () => {
    expect(await checkHealth([{ name: 'database', run: async () => {} }])).toEqual({
      status: 'ok',
      checks: [{ name: 'database', status: 'ok' }],
    });
  });
});
