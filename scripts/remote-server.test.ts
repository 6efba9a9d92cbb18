import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { precompressFiles } from '@ringwise/static-files/precompress';
import { createRemoteHandler, startRemoteServer } from './remote-server.ts';

let dir: string;
let handle: (request: Request) => Promise<Response>;
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'remote-dist-'));
  writeFileSync(path.join(dir, 'mf-manifest.json'), '{"name":"ringwise_contacts"}');
  writeFileSync(path.join(dir, 'remoteEntry.js'), 'var ringwise_contacts;');
  writeFileSync(path.join(dir, '123.0a1b2c3d.js'), 'console.log(1)'.repeat(50));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>standalone</title>');
  writeFileSync(path.join(dir, '456.4d3c2b1a.js'), 'console.log(2)'.repeat(50));
  // the build's copies of one chunk (rspack.config.ts's PrecompressPlugin)
  await precompressFiles([path.join(dir, '456.4d3c2b1a.js')]);
  handle = createRemoteHandler(dir);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const get = (p: string, headers: Record<string, string> = {}) => handle(new Request(`http://localhost:3002${p}`, { headers }));

describe('remote origin', () => {
  test('the manifest and entry are revalidated on every load and readable from any origin', async () => {
    for (const file of ['/mf-manifest.json', '/remoteEntry.js']) {
      const res = await get(file);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
    }
  });

  test('hashed chunks are immutable, and compressed with the best coding the browser takes', async () => {
    const res = await get('/123.0a1b2c3d.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.headers.get('cache-control')).toContain('immutable');
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(brotliDecompressSync(new Uint8Array(await res.arrayBuffer())).toString()).toStartWith('console.log(1)');
    const gzip = await get('/123.0a1b2c3d.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(new TextDecoder().decode(Bun.gunzipSync(new Uint8Array(await gzip.arrayBuffer())))).toStartWith('console.log(1)');
  });

  test('over HTTP: the precompressed copy as it is on disk, its Content-Length, also for HEAD; a range is identity', async () => {
    const server = startRemoteServer(dir, 0);
    try {
      const url = new URL('/456.4d3c2b1a.js', server.url);
      // Bun's fetch would decode the body; the bytes on the wire are what is checked
      const raw = { decompress: false } as RequestInit;
      const br = await fetch(url, { ...raw, headers: { 'accept-encoding': 'gzip, deflate, br' } });
      const onDisk = await Bun.file(path.join(dir, '456.4d3c2b1a.js.br')).bytes();
      expect(br.headers.get('content-encoding')).toBe('br');
      expect(br.headers.get('content-length')).toBe(String(onDisk.byteLength));
      expect(new Uint8Array(await br.arrayBuffer())).toEqual(onDisk);
      const head = await fetch(url, { ...raw, method: 'HEAD', headers: { 'accept-encoding': 'br' } });
      expect(head.headers.get('content-length')).toBe(String(onDisk.byteLength));
      const gzip = await fetch(url, { ...raw, headers: { 'accept-encoding': 'gzip' } });
      expect(new Uint8Array(await gzip.arrayBuffer())).toEqual(await Bun.file(path.join(dir, '456.4d3c2b1a.js.gz')).bytes());
      const ranged = await fetch(url, { ...raw, headers: { 'accept-encoding': 'br', range: 'bytes=0-13' } });
      expect(ranged.headers.get('content-encoding')).toBeNull();
      expect(await ranged.text()).toStartWith('console.log(2)');
    } finally {
      server.stop(true);
    }
  });

  test('page paths get the standalone page; missing files and traversal are 404', async () => {
    expect(await (await get('/?view=calls')).text()).toContain('standalone');
    expect(await (await get('/some/view')).text()).toContain('standalone');
    expect((await get('/missing.js')).status).toBe(404);
    // the URL parser folds the dots away; whatever comes back is from the dist, never the disk outside it
    expect(await (await get('/%2e%2e/%2e%2e/etc/passwd')).text()).not.toContain('root:');
    expect((await get('/%2e%2e/%2e%2e/etc/hostname.txt')).status).toBe(404);
  });
});
