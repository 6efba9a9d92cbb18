import { describe, expect, test } from 'bun:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { acceptsGzip, compress, compressSync, preferredEncoding } from './encoding.ts';

describe('preferredEncoding', () => {
  test.each([
    // what browsers send: brotli wins
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate, br', 'br'],
    ['br;q=1.0, gzip;q=0.8', 'br'],
    // the header's ranking wins over ours
    ['br;q=0.5, gzip', 'gzip'],
    ['BR', 'br'],
    ['gzip', 'gzip'],
    ['x-gzip', 'gzip'],
    ['gzip, deflate', 'gzip'],
    // a refused coding is never sent
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=0, br', 'br'],
    ['br;q=0, gzip;q=0', null],
    // `*` stands for the codings the header does not name
    ['*', 'br'],
    ['*;q=0', null],
    ['br;q=0, *', 'gzip'],
    ['*, br;q=0, gzip;q=0', null],
    ['gzip, *;q=0', 'gzip'],
    ['deflate', null],
    ['identity', null],
    ['', null],
    ['br;q=abc', null],
  ])('%p → %p', (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected as 'br' | 'gzip' | null);
  });
  test('no header → identity', () => expect(preferredEncoding(null)).toBeNull());
  test('only among the codings offered', () => {
    expect(preferredEncoding('gzip, br', ['gzip'])).toBe('gzip');
    expect(preferredEncoding('br', ['gzip'])).toBeNull();
  });
});

describe('acceptsGzip', () => {
  test.each([
    ['gzip, deflate, br', true],
    ['GZIP', true],
    ['*', true],
    ['gzip;q=0', false],
    ['*, gzip;q=0', false],
    ['br', false],
    ['', false],
  ])('%p → %p', (header, expected) => expect(acceptsGzip(header)).toBe(expected));
});

describe('compress', () => {
  test('each coding gives back the same bytes; brotli at the build effort is smaller than gzip', async () => {
    const text = await Bun.file(new URL('./encoding.ts', import.meta.url)).text();
    for (const effort of ['build', 'live'] as const) {
      expect(brotliDecompressSync(await compress(Buffer.from(text), 'br', effort)).toString()).toBe(text);
      expect(gunzipSync(await compress(Buffer.from(text), 'gzip', effort)).toString()).toBe(text);
      expect(brotliDecompressSync(compressSync(text, 'br', effort)).toString()).toBe(text);
    }
    expect((await compress(Buffer.from(text), 'br', 'build')).length).toBeLessThan((await compress(Buffer.from(text), 'gzip', 'build')).length);
  });
});
