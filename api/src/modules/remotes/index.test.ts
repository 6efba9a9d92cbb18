import { describe, expect, test } from 'bun:test';
import type { LivePointer } from '@ringwise/releases';
import { createApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { liveReleases } from '../../lib/live-release.ts';
import { get, testApp, testConfig, unreleasedRemotes } from '../../testing/fixtures.ts';

const unreleased = { release: null };
const release = (id: string, since: string) => ({ id, publishedAt: since, commit: id.slice(-7), buildId: `build-${id}` });

describe('GET /remotes.json', () => {
  test('defaults: each remote on its local port, no release made', async () => {
    const config = loadConfig({});
    const res = await get(createApp(config, { liveReleases: unreleasedRemotes(config) }), '/remotes.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('content-type')).toContain('application/json');
    const body = await res.json();
    expect(body).toMatchObject({
      dialer: 'http://localhost:3001/mf-manifest.json',
      contacts: 'http://localhost:3002/mf-manifest.json',
      billing: 'http://localhost:3003/mf-manifest.json',
      numbers: 'http://localhost:3004/mf-manifest.json',
      marketing: 'http://localhost:3005/mf-manifest.json',
    });
    expect(body.live.dialer).toEqual({ manifest: 'http://localhost:3001/mf-manifest.json', ...unreleased });
  });

  test('reflects REMOTE_*_URL overrides (trailing slashes stripped)', async () => {
    const res = await get(testApp({ REMOTE_BILLING_URL: 'https://billing.example.net/v7/' }), '/remotes.json');
    expect(await res.json()).toMatchObject({
      dialer: 'http://localhost:4101/mf-manifest.json',
      contacts: 'http://localhost:4102/mf-manifest.json',
      billing: 'https://billing.example.net/v7/mf-manifest.json',
      numbers: 'https://cdn.example.com/numbers/mf-manifest.json',
      marketing: 'https://cdn.example.com/marketing/mf-manifest.json',
    });
  });

  test('follows each origin\'s live.json: the live release\'s manifest, since when, and a switch within a second', async () => {
    const config = testConfig();
    const a = release('20261202T180000Z-aaaaaaa', '2026-12-02T18:00:00.000Z');
    const b = release('20261202T181500Z-bbbbbbb', '2026-12-02T18:15:00.000Z');
    let pointer: LivePointer = { remote: 'dialer', live: { ...a, since: '2026-12-02T18:01:00.000Z' }, history: [], releases: [a] };
    let time = 0;
    let down = false;
    const releases = liveReleases(config.remotes, {
      now: () => time,
      warn: () => {},
      fetch: (async (url: string) => {
        if (down) throw new Error('connection refused');
        return url === `${config.remotes.dialer}/releases/live.json` ? Response.json(pointer) : new Response('no releases', { status: 404 });
      }) as unknown as typeof fetch,
    });
    const app = createApp(config, { liveReleases: releases, logError: () => {} });
    const read = async () => (await get(app, '/remotes.json')).json();

    let body = await read();
    expect(body.dialer).toBe(`${config.remotes.dialer}/releases/${a.id}/mf-manifest.json`);
    expect(body.live.dialer).toEqual({
      manifest: `${config.remotes.dialer}/releases/${a.id}/mf-manifest.json`,
      release: { id: a.id, since: '2026-12-02T18:01:00.000Z', commit: a.commit },
    });
    expect(body.contacts).toBe(`${config.remotes.contacts}/mf-manifest.json`);

    pointer = { remote: 'dialer', live: { ...b, since: '2026-12-02T18:16:00.000Z' }, history: [pointer.live!], releases: [b, a] };
    time += 999;
    expect((await read()).dialer).toContain(a.id);
    time += 1;
    await read();
    await Bun.sleep(0);
    body = await read();
    expect(body.dialer).toBe(`${config.remotes.dialer}/releases/${b.id}/mf-manifest.json`);

    // an origin that cannot be read keeps what was live
    down = true;
    time += 5000;
    await read();
    await Bun.sleep(0);
    expect((await read()).live.dialer.release.id).toBe(b.id);
  });

  test('a pointer that is not one is not followed', async () => {
    const config = testConfig();
    const releases = liveReleases(config.remotes, {
      warn: () => {},
      fetch: (async () => Response.json({ remote: 'dialer', live: { id: '../../elsewhere' }, history: [], releases: [] })) as unknown as typeof fetch,
    });
    const body = await (await get(createApp(config, { liveReleases: releases, logError: () => {} }), '/remotes.json')).json();
    expect(body.dialer).toBe(`${config.remotes.dialer}/mf-manifest.json`);
  });
});
