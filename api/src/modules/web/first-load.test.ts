import { afterAll, describe, expect, test } from 'bun:test';
import { firstLoadField, type FirstLoad } from '@ringwise/first-load';
import { get, makeDist, testApp, testConfig, testIndexHtml, unreleasedRemotes } from '../../testing/fixtures.ts';
import { remoteManifests } from './first-load.ts';

const part = (js: string[], shared: string[] = [], css: string[] = []) => ({ js, css, shared });
const withFirstLoad = (firstLoad: Partial<FirstLoad>, extra: object = {}) =>
  JSON.stringify({ ...extra, [firstLoadField]: { exposes: {}, named: {}, provides: {}, ...firstLoad } });

const shellManifest = withFirstLoad({
  named: {
    'react-dom-client': part(['react-dom-client.1.js']),
    bootstrap: part(['bootstrap.1.js'], ['@ringwise/ui/toast']),
    'auth-client': part(['auth.1.js']),
    'view-settings': part(['settings.1.js']),
  },
  provides: { '@ringwise/ui/toast': part([]), '@ringwise/ui/dialog': part(['dialog.1.js']) },
});
const shellHtml = '<head><title>Ringwise</title><script src="/main.1.js" type="module"></script></head><body><div id="root"></div></body>';
const dist = makeDist({ 'index.html': shellHtml, 'mf-manifest.json': shellManifest });
afterAll(dist.cleanup);

const entry = { metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } } };
let dialerBuild = 1;
const deployed: Record<string, () => string> = {
  'http://localhost:4101/mf-manifest.json': () =>
    withFirstLoad(
      {
        exposes: { app: part([`app.${dialerBuild}.js`], [], ['app.css']) },
        named: { 'view-dialer': part(['view.js'], ['@ringwise/ui/dialog', '@ringwise/ui/flag']) },
        provides: { '@ringwise/ui/flag': part(['flag.js']), '@ringwise/ui/dialog': part(['own-dialog.js']) },
      },
      entry,
    ),
  'https://billing.cdn.example/mf-manifest.json': () =>
    withFirstLoad({ exposes: { 'widgets/settings-billing': part(['billing.js']), 'widgets/settings-notifications': part(['notify.js']) } }, entry),
};
let now = 0;
const manifests = remoteManifests(unreleasedRemotes(testConfig()), {
  fetch: (async (url: string) => {
    const body = deployed[url];
    return body ? new Response(body()) : new Response('down', { status: 503 });
  }) as unknown as typeof fetch,
  now: () => now,
  warn: () => {},
});
const app = testApp({ SHELL_DIST: dist.dir, PUBLIC_URL: 'http://localhost:3000' }, { remoteManifests: manifests });

const preloadsOf = (html: string) => [...html.matchAll(/<link rel="preload" href="([^"]+)" as="(script|style)"( crossorigin="anonymous")?>/g)].map((m) => `${m[2]} ${m[1]}${m[3] ? ' (cors)' : ''}`);

describe('the files of the first render, named in the page', () => {
  test("/home: the shell's start-up chunks, then the dialer's entry, its view and the shared modules it takes", async () => {
    const html = await (await get(app, '/home')).text();
    expect(preloadsOf(html)).toEqual([
      'script /react-dom-client.1.js',
      'script /bootstrap.1.js',
      // another origin's files, asked for as the chunk loader will ask (crossorigin)
      'script http://localhost:4101/remoteEntry.js (cors)',
      'style http://localhost:4101/app.css (cors)',
      'script http://localhost:4101/app.1.js (cors)',
      'script http://localhost:4101/view.js (cors)',
      // the shell's dialog (it provides one), the dialer's own flag (the shell has none)
      'script /dialog.1.js',
      'script http://localhost:4101/flag.js (cors)',
    ]);
    // after the page's own script, which is asked for first
    expect(html.indexOf('/main.1.js')).toBeLessThan(html.indexOf('/react-dom-client.1.js'));
  });

  test("/home/settings: the shell's settings view and the first tab's widget, not the other tabs'", async () => {
    expect(preloadsOf(await (await get(app, '/home/settings')).text())).toEqual([
      'script /react-dom-client.1.js',
      'script /bootstrap.1.js',
      'script /settings.1.js',
      'script https://billing.cdn.example/remoteEntry.js (cors)',
      'script https://billing.cdn.example/billing.js (cors)',
    ]);
  });

  test("a remote whose manifest cannot be read adds nothing: the shell's own chunks only", async () => {
    expect(preloadsOf(await (await get(app, '/home/contacts')).text())).toEqual(['script /react-dom-client.1.js', 'script /bootstrap.1.js']);
  });

  test("a remote's redeploy changes the page's files within the revalidation interval, without the shell", async () => {
    await get(app, '/home');
    dialerBuild = 2;
    now += 10_000;
    await get(app, '/home');
    await Bun.sleep(0);
    expect(preloadsOf(await (await get(app, '/home')).text())).toContain('script http://localhost:4101/app.2.js (cors)');
  });

  test('the sign-in page gets the start-up chunks, and no page the Auth client; a page not found gets none', async () => {
    const signIn = preloadsOf(await (await get(app, '/sign-in')).text());
    expect(signIn).toEqual(['script /react-dom-client.1.js', 'script /bootstrap.1.js']);
    expect(preloadsOf(await (await get(app, '/nope')).text())).toEqual([]);
  });

  test('a shell built without the hints (or not at all) serves its pages as before', async () => {
    const plain = makeDist({ 'index.html': testIndexHtml });
    try {
      const res = await get(testApp({ SHELL_DIST: plain.dir }, { remoteManifests: manifests }), '/home');
      expect(res.status).toBe(200);
      expect(preloadsOf(await res.text())).toEqual([]);
    } finally {
      plain.cleanup();
    }
  });
});
