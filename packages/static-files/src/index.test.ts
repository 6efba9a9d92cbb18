import { describe, expect, test } from 'bun:test';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { acceptsGzip, gzipTextResponse, hasFileExtension, isCompressible, isHashedAsset, resolveDistPath } from './index.ts';

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

describe('acceptsGzip', () => {
  test.each([
    ['gzip, deflate, br', true],
    ['br;q=1.0, gzip;q=0.8', true],
    ['GZIP', true],
    ['*', true],
    ['gzip;q=0', false],
    ['*, gzip;q=0', false],
    ['br', false],
    ['identity', false],
    ['', false],
  ])('%p → %p', (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected);
  });
  test('no header → false', () => expect(acceptsGzip(null)).toBe(false));
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

describe('gzipTextResponse', () => {
  const page = { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' }, body: `<html>${'x'.repeat(5000)}</html>` };

  test('a page is gzipped when the client accepts it, and says it varies by Accept-Encoding', () => {
    const res = gzipTextResponse(page, 'gzip, deflate, br');
    expect(res.status).toBe(200);
    expect(res.headers).toEqual({ 'content-type': 'text/html; charset=utf-8', vary: 'Accept-Encoding', 'content-encoding': 'gzip' });
    expect(gunzipSync(res.body as Uint8Array).toString()).toBe(page.body);
    expect((res.body as Uint8Array).length).toBeLessThan(200);
  });

  test('as it is for a client without gzip, for short bodies and for bodies that are not text', () => {
    expect(gzipTextResponse(page, null)).toEqual({ ...page, headers: { ...page.headers, vary: 'Accept-Encoding' } });
    expect(gzipTextResponse(page, 'gzip;q=0').headers['content-encoding']).toBeUndefined();
    const short = { ...page, body: '<p>hi</p>' };
    expect(gzipTextResponse(short, 'gzip')).toBe(short);
    const image = { status: 200, headers: { 'content-type': 'image/png' }, body: 'x'.repeat(5000) };
    expect(gzipTextResponse(image, 'gzip')).toBe(image);
  });
});
