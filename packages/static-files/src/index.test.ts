import { describe, expect, test } from 'bun:test';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { compressTextResponse, hasFileExtension, isCompressible, isHashedAsset, resolveDistPath } from './index.ts';

describe('hasFileExtension', () => {
  test.each([
    ['/main.1a2b3c4d.js', true],
    ['/assets/logo.svg', true],
    ['/missing.js', true],
    ['/', false],
    ['/home/contacts', false],
    ['/call/gb', false],
    ['/.env', false],
    ['/home.', false],
  ])('%s → %p', (path, expected) => {
    expect(hasFileExtension(path)).toBe(expected);
  });
});

describe('isHashedAsset', () => {
  test.each([
    ['/d/main.1a2b3c4d.js', true],
    ['/d/242.0f9e8d7c.css', true],
    ['/d/main.js', false],
    ['/d/main.1a2b3c4.js', false],
    ['/d/main.1a2b3c4g.js', false],
    ['/d/logo.1a2b3c4d.png', false],
    ['/d/main.1a2b3c4d.js.map', false],
  ])('%s → %p', (path, expected) => {
    expect(isHashedAsset(path)).toBe(expected);
  });
});

describe('isCompressible', () => {
  test('text, scripts, JSON, SVG yes; images and fonts no', () => {
    for (const type of ['text/javascript;charset=utf-8', 'text/css', 'application/json', 'image/svg+xml', 'application/manifest+json']) {
      expect(isCompressible(type)).toBe(true);
    }
    for (const type of ['image/png', 'font/woff2', 'application/octet-stream', 'image/webp']) {
      expect(isCompressible(type)).toBe(false);
    }
  });
});

describe('resolveDistPath', () => {
  const dist = '/srv/dist';
  test('maps paths inside the dist', () => {
    expect(resolveDistPath(dist, '/main.1a2b3c4d.js')).toBe(join(dist, 'main.1a2b3c4d.js'));
    expect(resolveDistPath(dist, '/assets/my%20logo.svg')).toBe(join(dist, 'assets', 'my logo.svg'));
  });
  test.each([
    '/../package.json',
    '/%2e%2e/%2e%2e/etc/passwd',
    '/..%2f..%2fetc%2fpasswd',
    '/assets/%2e%2e/%2e%2e/secret.txt',
    '/..%5c..%5csecret.txt',
    '/%2fetc/passwd',
    '/.env',
    '/.git/config',
    '/main.js%00.png',
    '/%E0%A4%A',
    '/',
  ])('rejects %s', (path) => {
    expect(resolveDistPath(dist, path)).toBeNull();
  });
});

describe('compressTextResponse', () => {
  const page = { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' }, body: `<html>${'x'.repeat(5000)}</html>` };

  test('a page is brotli when the client takes it, gzip when it takes only that, and says it varies by Accept-Encoding', () => {
    const br = compressTextResponse(page, 'gzip, deflate, br');
    expect(br.status).toBe(200);
    expect(br.headers).toEqual({ 'content-type': 'text/html; charset=utf-8', vary: 'Accept-Encoding', 'content-encoding': 'br' });
    expect(brotliDecompressSync(br.body as Uint8Array).toString()).toBe(page.body);
    expect((br.body as Uint8Array).length).toBeLessThan(200);
    const gzip = compressTextResponse(page, 'gzip, deflate');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body as Uint8Array).toString()).toBe(page.body);
  });

  test('as it is for a client without a coding we send, for short bodies and for bodies that are not text', () => {
    expect(compressTextResponse(page, null)).toEqual({ ...page, headers: { ...page.headers, vary: 'Accept-Encoding' } });
    expect(compressTextResponse(page, 'gzip;q=0, br;q=0').headers['content-encoding']).toBeUndefined();
    expect(compressTextResponse(page, 'deflate').headers['content-encoding']).toBeUndefined();
    const short = { ...page, body: '<p>hi</p>' };
    expect(compressTextResponse(short, 'br')).toBe(short);
    const image = { status: 200, headers: { 'content-type': 'image/png' }, body: 'x'.repeat(5000) };
    expect(compressTextResponse(image, 'br')).toBe(image);
  });
});
