import { describe, expect, test } from 'bun:test';
import type { LiveRelease } from './live-release.ts';
import { remoteManifest } from './remote-manifest.ts';

const remoteUrl = 'https://cdn.example.com/marketing';

function remote() {
  let body: string | null = JSON.stringify({ build: 1 });
  let reads = 0;
  let time = 0;
  let base = remoteUrl;
  const read: string[] = [];
  const warnings: string[] = [];
  const release: LiveRelease = { remoteUrl, get: async () => ({ pointer: null, base }) };
  const manifest = remoteManifest(release, {
    fetch: (async (url: string) => {
      reads++;
      read.push(url);
      return body === null ? new Response('down', { status: 503 }) : new Response(body);
    }) as unknown as typeof fetch,
    now: () => time,
    warn: (message) => warnings.push(message),
  });
  return {
    manifest: { get: async () => (await manifest.get()).manifest, base: async () => (await manifest.get()).base },
    read,
    release: (id: string) => (base = `${remoteUrl}/releases/${id}`),
    warnings,
    reads: () => reads,
    redeploy: (build: number | null) => (body = build === null ? null : JSON.stringify({ build })),
    advance: (ms: number) => (time += ms),
  };
}

describe('remoteManifest', () => {
  test('follows a redeploy at the rhythm of the server bundle: at most one read every 10 s', async () => {
    const r = remote();
    expect(await r.manifest.get()).toEqual({ build: 1 });
    r.redeploy(2);
    r.advance(9_999);
    expect(await r.manifest.get()).toEqual({ build: 1 });
    expect(r.reads()).toBe(1);
    r.advance(1);
    await r.manifest.get();
    await Bun.sleep(0);
    expect(await r.manifest.get()).toEqual({ build: 2 });
    expect(r.reads()).toBe(2);
  });

  test('a manifest that cannot be read keeps the last one, and is reported once', async () => {
    const r = remote();
    await r.manifest.get();
    r.redeploy(null);
    for (let i = 0; i < 3; i++) {
      r.advance(10_000);
      await r.manifest.get();
      await Bun.sleep(0);
    }
    expect(await r.manifest.get()).toEqual({ build: 1 });
    expect(r.warnings).toEqual([`[remotes] ${remoteUrl}/mf-manifest.json could not be read`]);
  });

  test('a newly live release: its own manifest, read at once, its files relative to its folder', async () => {
    const r = remote();
    expect(await r.manifest.get()).toEqual({ build: 1 });
    r.redeploy(2);
    r.release('20261202T180000Z-abc1234');
    expect(await r.manifest.get()).toEqual({ build: 2 });
    expect(await r.manifest.base()).toBe(`${remoteUrl}/releases/20261202T180000Z-abc1234`);
    expect(r.read).toEqual([`${remoteUrl}/mf-manifest.json`, `${remoteUrl}/releases/20261202T180000Z-abc1234/mf-manifest.json`]);
  });

  test('a remote that is down from the start: null, and the first page waits for the first read only', async () => {
    const r = remote();
    r.redeploy(null);
    expect(await r.manifest.get()).toBeNull();
    expect(await r.manifest.get()).toBeNull();
    expect(r.reads()).toBe(1);
  });
});
