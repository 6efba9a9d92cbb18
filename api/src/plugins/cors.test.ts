import { afterAll, describe, expect, test } from 'bun:test';
import { get, makeDist, testApp } from '../testing/fixtures.ts';
import { corsFor } from './cors.ts';


const allowed = new Set(['http://localhost:4101', 'https://cdn.example.com']);

describe('corsFor', () => {
  test('an allowed origin gets itself back', () => {
    expect(corsFor({ method: 'GET', origin: 'https://cdn.example.com', requestMethod: null }, allowed)).toEqual({
      headers: { 'access-control-allow-origin': 'https://cdn.example.com' },
    });
  });

  test('other origins, look-alikes and no origin get nothing', () => {
    for (const origin of ['https://evil.example', 'https://cdn.example.com.evil.example', 'http://cdn.example.com', 'null', null]) {
      expect(corsFor({ method: 'GET', origin, requestMethod: null }, allowed)).toEqual({ headers: {} });
    }
  });

  test('a preflight from an allowed origin is answered 204 with methods and headers', () => {
    expect(corsFor({ method: 'OPTIONS', origin: 'http://localhost:4101', requestMethod: 'PATCH' }, allowed)).toEqual({
      headers: {
        'access-control-allow-origin': 'http://localhost:4101',
        'access-control-allow-methods': 'GET, POST, PATCH, DELETE, OPTIONS',
        'access-control-allow-headers': 'Authorization, Content-Type',
        'access-control-max-age': '600',
      },
      preflight: 204,
    });
  });

  test('a preflight from another origin gets 204 without any CORS header', () => {
    expect(corsFor({ method: 'OPTIONS', origin: 'https://evil.example', requestMethod: 'POST' }, allowed)).toEqual({
      headers: {},
      preflight: 204,
    });
  });

  test('a plain OPTIONS (not a preflight) is left to the router', () => {
    expect(corsFor({ method: 'OPTIONS', origin: null, requestMethod: 'POST' }, allowed).preflight).toBeUndefined();
    expect(corsFor({ method: 'OPTIONS', origin: 'http://localhost:4101', requestMethod: null }, allowed).preflight).toBeUndefined();
  });
});

describe('cors plugin', () => {
  const dist = makeDist();
  afterAll(dist.cleanup);
  const app = testApp({ SHELL_DIST: dist.dir });
  const remoteOrigins = [
    'http://localhost:4101',
    'http://localhost:4102',
    'https://billing.cdn.example',
    'https://cdn.example.com',
  ];

  test.each(remoteOrigins)('remote origin %s is allowed', async (origin) => {
    const res = await get(app, '/api/health', { headers: { origin } });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe(origin);
    expect(res.headers.get('vary')).toBe('Origin');
    expect(res.headers.has('access-control-allow-credentials')).toBe(false);
  });

  test.each(['https://evil.example', 'http://localhost:3000', 'http://localhost:4103'])(
    'origin %s gets no ACAO header',
    async (origin) => {
      const res = await get(app, '/remotes.json', { headers: { origin } });
      expect(res.status).toBe(200);
      expect(res.headers.has('access-control-allow-origin')).toBe(false);
    },
  );

  test('preflight from a remote origin: 204 with the allowed methods and headers', async () => {
    const res = await get(app, '/api/contacts', {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:4102',
        'access-control-request-method': 'PATCH',
        'access-control-request-headers': 'authorization, content-type',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:4102');
    expect(res.headers.get('access-control-allow-methods')).toBe('GET, POST, PATCH, DELETE, OPTIONS');
    expect(res.headers.get('access-control-allow-headers')).toBe('Authorization, Content-Type');
    expect(res.headers.get('vary')).toBe('Origin');
    expect(await res.text()).toBe('');
  });

  test('preflight from another origin: no CORS headers', async () => {
    const res = await get(app, '/api/contacts', {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'DELETE' },
    });
    expect(res.status).toBe(204);
    for (const name of ['allow-origin', 'allow-methods', 'allow-headers']) {
      expect(res.headers.has(`access-control-${name}`)).toBe(false);
    }
  });

  test('Vary: Origin is combined with the static files Vary: Accept-Encoding', async () => {
    const res = await get(app, '/main.1a2b3c4d.js', {
      headers: { origin: 'http://localhost:4101', 'accept-encoding': 'gzip' },
    });
    expect(res.headers.get('vary')).toBe('Origin, Accept-Encoding');
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:4101');
  });

  test('errors keep the CORS headers (the remote can read the envelope)', async () => {
    const res = await get(app, '/api/nope', { headers: { origin: 'http://localhost:4101' } });
    expect(res.status).toBe(404);
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:4101');
  });
});
