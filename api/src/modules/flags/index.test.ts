import { describe, expect, test } from 'bun:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { flagImagePath } from '@ringwise/routes';
import { flagCacheControl, flags } from './index.ts';

const app = flags();
const get = (path: string, headers: Record<string, string> = {}) => app.handle(new Request(`http://localhost${path}`, { headers }));

describe('GET /flags/{code}.svg', () => {
  test('the flag of a country as SVG, cacheable for a day', async () => {
    const res = await get(flagImagePath('GB'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toStartWith('image/svg+xml');
    expect(res.headers.get('cache-control')).toBe(flagCacheControl);
    const svg = await res.text();
    expect(svg).toStartWith('<svg');
    expect(svg).toContain('viewBox="0 0 513 342"');
  });

  test('brotli when the client takes it, else gzip', async () => {
    const res = await get('/flags/us.svg', { 'accept-encoding': 'gzip, br' });
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(new Uint8Array(await res.arrayBuffer())).toString()).toStartWith('<svg');
    const gzip = await get('/flags/us.svg', { 'accept-encoding': 'gzip' });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(new Uint8Array(await gzip.arrayBuffer())).toString()).toStartWith('<svg');
  });

  test('every country the app lists, and every region of libphonenumber-js, has a flag', async () => {
    const { countries } = await import('../rates/countries.ts');
    const { countryCallingCode } = await import('@ringwise/phone/numbering');
    const missing: string[] = [];
    for (const code of new Set([...countries.map((c) => c.code), ...countryCallingCode.keys()])) {
      if ((await get(flagImagePath(code))).status !== 200) missing.push(code);
    }
    expect(missing).toEqual([]);
  });

  test('404 for unknown codes, upper case, other names and paths that leave the folder', async () => {
    for (const path of ['/flags/qq.svg', '/flags/GB.svg', '/flags/gb.png', '/flags/gbr.svg', '/flags/..%2Fpackage.json', '/flags/.svg']) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
    }
  });
});
