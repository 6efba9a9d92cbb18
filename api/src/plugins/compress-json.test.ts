import { describe, expect, test } from 'bun:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Elysia } from 'elysia';
import { compressJson } from './compress-json.ts';

const rows = Array.from({ length: 60 }, (_, i) => ({ id: `call-${i}`, to: '+447700900123', cost: '0.123' }));
const app = new Elysia()
  .use(compressJson())
  .get('/big', () => ({ items: rows }))
  .get('/small', () => ({ ok: true }))
  .get('/created', ({ set }) => {
    set.status = 201;
    set.headers.etag = '"v1"';
    return rows;
  })
  .get('/text', () => 'x'.repeat(5000));
const get = (path: string, acceptEncoding?: string) =>
  app.handle(new Request(`http://localhost${path}`, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }));

describe('compressJson', () => {
  test('a JSON answer of 1 KB or more: brotli when taken, else gzip, else as it is; it says it varies', async () => {
    const br = await get('/big', 'gzip, deflate, br');
    expect(br.status).toBe(200);
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('content-type')).toStartWith('application/json');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    const bytes = new Uint8Array(await br.arrayBuffer());
    expect(bytes.length).toBeLessThan(JSON.stringify({ items: rows }).length / 5);
    expect(JSON.parse(brotliDecompressSync(bytes).toString())).toEqual({ items: rows });
    const gzip = await get('/big', 'gzip');
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(JSON.parse(gunzipSync(new Uint8Array(await gzip.arrayBuffer())).toString())).toEqual({ items: rows });
    const plain = await get('/big', 'br;q=0, gzip;q=0');
    expect(plain.headers.has('content-encoding')).toBe(false);
    expect(plain.headers.get('vary')).toBe('Accept-Encoding');
    expect(await plain.json()).toEqual({ items: rows });
  });

  test('keeps the status; a strong ETag becomes weak once compressed', async () => {
    const res = await get('/created', 'br');
    expect(res.status).toBe(201);
    expect(res.headers.get('etag')).toBe('W/"v1"');
    expect(JSON.parse(brotliDecompressSync(new Uint8Array(await res.arrayBuffer())).toString())).toEqual(rows);
    expect((await get('/created')).headers.get('etag')).toBe('"v1"');
  });

  test('small answers and answers that are not JSON values are left alone', async () => {
    const small = await get('/small', 'br');
    expect(small.headers.has('content-encoding')).toBe(false);
    expect(small.headers.has('vary')).toBe(false);
    expect(await small.json()).toEqual({ ok: true });
    const text = await get('/text', 'br');
    expect(text.headers.has('content-encoding')).toBe(false);
  });
});

describe('compressJson and errors', () => {
  test('an error answered before any route keeps its JSON body', async () => {
    const withErrors = new Elysia()
      .onError(({ set }) => {
        set.status = 401;
        return { error: { code: 'unauthorized', message: 'Sign in first.' } };
      })
      .use(compressJson())
      .get('/known', () => ({ ok: true }));
    const res = await withErrors.handle(new Request('http://localhost/missing'));
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: { code: 'unauthorized', message: 'Sign in first.' } });
  });
});
