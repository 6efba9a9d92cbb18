import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createRemoteHandler } from './remote-server.ts';

let dir: string;
let handle: (request: Request) => Promise<Response>;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'remote-dist-'));
  writeFileSync(path.join(dir, 'mf-manifest.json'), '{"name":"ringwise_contacts"}');
  writeFileSync(path.join(dir, 'remoteEntry.js'), 'var ringwise_contacts;');
  writeFileSync(path.join(dir, '123.0a1b2c3d.js'), 'console.log(1)'.repeat(50));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>standalone</title>');
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

  test('hashed chunks are immutable and gzipped when accepted', async () => {
    const res = await get('/123.0a1b2c3d.js', { 'accept-encoding': 'gzip, br' });
    expect(res.headers.get('cache-control')).toContain('immutable');
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(new TextDecoder().decode(Bun.gunzipSync(new Uint8Array(await res.arrayBuffer())))).toStartWith('console.log(1)');
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
