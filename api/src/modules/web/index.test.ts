import { afterAll, describe, expect, spyOn, test } from 'bun:test';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { precompressFiles } from '@ringwise/static-files/precompress';
import {
  get,
  hashedAssetBody,
  hashedAssetName,
  makeDist,
  testApp,
  testIndexHtml,
} from '../../testing/fixtures.ts';


const preload = (href: string) => `<link rel="preload" href="${href}" as="fetch" crossorigin="anonymous">`;
// the Auth server the page signs in with: the tests' stand-in default
const authMeta = '<meta name="ringwise:supabase-url" content="http://localhost:3010"><meta name="ringwise:supabase-anon-key" content="local">';
const noindexMeta = '<meta name="robots" content="noindex, nofollow">';

// dist lives in a sandbox next to a secret file that must never be served.
const sandbox = mkdtempSync(join(tmpdir(), 'ringwise-web-'));
const secret = 'TOP SECRET: outside the dist';
writeFileSync(join(sandbox, 'secret.txt'), secret);
writeFileSync(join(sandbox, 'package.json'), `{"secret":"${secret}"}`);
const dist = join(sandbox, 'dist');
mkdirSync(join(dist, 'assets'), { recursive: true });
writeFileSync(join(dist, 'index.html'), testIndexHtml);
writeFileSync(join(dist, hashedAssetName), hashedAssetBody);
writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"></svg>');
writeFileSync(join(dist, 'assets', 'logo.png'), '\x89PNG fake');
writeFileSync(join(dist, '.env'), `SECRET=${secret}`);
symlinkSync(join(sandbox, 'secret.txt'), join(dist, 'escape.txt'));
afterAll(() => rmSync(sandbox, { recursive: true, force: true }));

const app = testApp({ SHELL_DIST: dist });

/** The style nonce of a page's CSP: fresh, unguessable, and the same one the page's meta tag names. */
function nonceOf(res: Response): string {
  const nonce = /style-src [^;]*'nonce-([A-Za-z0-9+/]{22}==)'/.exec(res.headers.get('content-security-policy') ?? '')?.[1];
  if (!nonce) throw new Error('the page has no style nonce');
  return nonce;
}

describe('HTML pages', () => {
  test('every page gets its own style nonce', async () => {
    const [a, b] = await Promise.all([get(app, '/home'), get(app, '/home')]);
    expect(nonceOf(a)).not.toBe(nonceOf(b));
    expect(await a.text()).toContain(`<meta name="csp-nonce" content="${nonceOf(a)}">`);
  });

  test('/home/contacts: 200 shell page with the contacts manifest preloaded and noindex', async () => {
    const res = await get(app, '/home/contacts');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('x-robots-tag')).toBe('noindex');
    const html = await res.text();
    const nonce = nonceOf(res);
    expect(html).toBe(
      '<head>' +
        `<meta name="csp-nonce" content="${nonce}">` +
        preload('/remotes.json') +
        preload('http://localhost:4102/mf-manifest.json') +
        authMeta +
        noindexMeta +
        '<title>Contacts | Ringwise</title></head><body><div id="root"></div></body>',
    );
  });

  test('/nope: 404 with the same shell page, noindex and the not-found title', async () => {
    const res = await get(app, '/nope');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('x-robots-tag')).toBe('noindex');
    const html = await res.text();
    expect(html).toBe(
      '<head>' +
        `<meta name="csp-nonce" content="${nonceOf(res)}">` +
        preload('/remotes.json') +
        authMeta +
        noindexMeta +
        '<title>Page Not Found | Ringwise</title></head><body><div id="root"></div></body>',
    );
  });

  test('/call/gb: 200, marketing preloaded, indexable', async () => {
    const res = await get(app, '/call/gb');
    expect(res.status).toBe(200);
    expect(res.headers.has('x-robots-tag')).toBe(false);
    const html = await res.text();
    expect(html).toContain(preload('https://cdn.example.com/marketing/mf-manifest.json'));
    expect(html).not.toContain('noindex');
    expect(html).toContain('<title>Ringwise</title>');
  });

  test('pages the shell renders carry their title in the first HTML; the signed-in ones noindex', async () => {
    for (const [path, title] of [
      ['/sign-in', 'Sign In | Ringwise'],
      ['/sign-up', 'Sign Up | Ringwise'],
      ['/checkout', 'Checkout | Ringwise'],
      ['/home/calls', 'Recent Calls | Ringwise'],
      ['/profile-settings', 'Profile Settings | Ringwise'],
    ] as const) {
      const res = await get(app, path);
      expect(await res.text()).toContain(`<title>${title}</title>`);
    }
    expect(await (await get(app, '/checkout')).text()).toContain(noindexMeta);
    expect((await get(app, '/checkout')).headers.get('x-robots-tag')).toBe('noindex');
    expect(await (await get(app, '/sign-up')).text()).not.toContain('noindex');
  });

  test.each([
    ['/', 200, ['marketing'], false],
    ['/sign-in', 200, [], false],
    ['/home', 200, ['dialer'], true],
    ['/home/settings', 200, ['billing'], true],
    ['/checkout', 200, ['billing'], true],
    ['/admin/users', 200, [], true],
    ['/home/unknown-view', 404, [], true],
    ['/call', 404, [], true],
  ] as const)('%s → %i', async (path, status, remotes, noindex) => {
    const res = await get(app, path);
    expect(res.status).toBe(status);
    const html = await res.text();
    const manifests = [...html.matchAll(/href="([^"]+mf-manifest\.json)"/g)].map((m) => m[1]);
    const urls: Record<string, string> = {
      dialer: 'http://localhost:4101/mf-manifest.json',
      billing: 'https://billing.cdn.example/mf-manifest.json',
      numbers: 'https://cdn.example.com/numbers/mf-manifest.json',
      marketing: 'https://cdn.example.com/marketing/mf-manifest.json',
    };
    expect(manifests).toEqual(remotes.map((r) => urls[r]));
    expect(html.includes(noindexMeta)).toBe(noindex);
    expect(res.headers.get('x-robots-tag')).toBe(noindex ? 'noindex' : null);
  });

  test('a query string does not change the page', async () => {
    const res = await get(app, '/home/contacts?tab=recent');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(preload('http://localhost:4102/mf-manifest.json'));
  });

  test('HEAD works like GET, without a body', async () => {
    for (const [path, status] of [['/home/contacts', 200], ['/nope', 404]] as const) {
      const res = await get(app, path, { method: 'HEAD' });
      expect(res.status).toBe(status);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(res.headers.get('x-robots-tag')).toBe('noindex');
      expect(await res.text()).toBe('');
    }
  });

  test('index.html is re-read when it changes', async () => {
    const temp = makeDist({ 'index.html': '<head><meta name="build" content="v1"></head>' });
    try {
      const tempApp = testApp({ SHELL_DIST: temp.dir });
      expect(await (await get(tempApp, '/sign-in')).text()).toContain('v1');
      writeFileSync(join(temp.dir, 'index.html'), '<head><meta name="build" content="v2"></head>');
      const future = new Date(Date.now() + 5000);
      utimesSync(join(temp.dir, 'index.html'), future, future);
      expect(await (await get(tempApp, '/sign-in')).text()).toContain('v2');
    } finally {
      temp.cleanup();
    }
  });

  test('a page is brotli when the browser takes it, else gzip, and varies by Accept-Encoding next to CORS', async () => {
    const big = makeDist({ 'index.html': `<head><title>Ringwise</title></head><body><div id="root"></div>${'<p>x</p>'.repeat(300)}</body>` });
    try {
      const bigApp = testApp({ SHELL_DIST: big.dir });
      const br = await get(bigApp, '/sign-in', { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
      expect(br.headers.get('content-encoding')).toBe('br');
      expect(brotliDecompressSync(new Uint8Array(await br.arrayBuffer())).toString()).toContain('<title>Sign In | Ringwise</title>');
      const res = await get(bigApp, '/sign-in', { headers: { 'accept-encoding': 'gzip' } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-encoding')).toBe('gzip');
      expect(res.headers.get('vary')).toContain('Accept-Encoding');
      expect(gunzipSync(new Uint8Array(await res.arrayBuffer())).toString()).toContain('<title>Sign In | Ringwise</title>');
      const plain = await get(bigApp, '/sign-in');
      expect(plain.headers.has('content-encoding')).toBe(false);
      expect(await plain.text()).toContain('<title>Sign In | Ringwise</title>');
    } finally {
      big.cleanup();
    }
  });

  test('503 with a short explanation while the shell is not built', async () => {
    const empty = makeDist({});
    try {
      const res = await get(testApp({ SHELL_DIST: empty.dir }), '/home');
      expect(res.status).toBe(503);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(await res.text()).toContain('bun run build');
      expect((await get(testApp({ SHELL_DIST: empty.dir }), '/nope')).status).toBe(503);
    } finally {
      empty.cleanup();
    }
  });
});

describe('static files', () => {
  test('hashed assets: right type, immutable, identity body without Accept-Encoding', async () => {
    const res = await get(app, `/${hashedAssetName}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toStartWith('text/javascript');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.has('content-encoding')).toBe(false);
    expect(res.headers.get('vary')).toBe('Origin, Accept-Encoding');
    expect(await res.text()).toBe(hashedAssetBody);
  });

  test('unhashed files: no-cache', async () => {
    const res = await get(app, '/favicon.svg');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const png = await get(app, '/assets/logo.png', { headers: { 'accept-encoding': 'gzip' } });
    expect(png.headers.get('content-type')).toBe('image/png');
    expect(png.headers.get('cache-control')).toBe('no-cache');
    expect(png.headers.has('content-encoding')).toBe(false);
  });

  test('the build’s brotli copy when the browser takes it, gzip copy when it takes only that, with their lengths', async () => {
    const temp = makeDist({ 'index.html': testIndexHtml, [hashedAssetName]: hashedAssetBody });
    try {
      await precompressFiles([join(temp.dir, hashedAssetName)]);
      const tempApp = testApp({ SHELL_DIST: temp.dir });
      const br = await get(tempApp, `/${hashedAssetName}`, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(br.status).toBe(200);
      expect(br.headers.get('content-encoding')).toBe('br');
      expect(br.headers.get('vary')).toBe('Origin, Accept-Encoding');
      expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const onDisk = await Bun.file(join(temp.dir, `${hashedAssetName}.br`)).bytes();
      expect(br.headers.get('content-length')).toBe(String(onDisk.byteLength));
      expect(new Uint8Array(await br.arrayBuffer())).toEqual(onDisk);
      const gzip = await get(tempApp, `/${hashedAssetName}`, { headers: { 'accept-encoding': 'gzip' } });
      expect(gzip.headers.get('content-encoding')).toBe('gzip');
      expect(new TextDecoder().decode(gunzipSync(new Uint8Array(await gzip.arrayBuffer())))).toBe(hashedAssetBody);
    } finally {
      temp.cleanup();
    }
  });

  test('without copies (a development build): compressed here, and a changed file is sent as it is now', async () => {
    const temp = makeDist({ 'index.html': testIndexHtml, 'app.js': hashedAssetBody });
    try {
      const tempApp = testApp({ SHELL_DIST: temp.dir });
      const fetchCompressed = () => get(tempApp, '/app.js', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
      const first = await fetchCompressed();
      expect(first.headers.get('content-encoding')).toBe('br');
      const bytes = new Uint8Array(await first.arrayBuffer());
      expect(bytes.length).toBeLessThan(hashedAssetBody.length);
      expect(brotliDecompressSync(bytes).toString()).toBe(hashedAssetBody);
      writeFileSync(join(temp.dir, 'app.js'), 'console.log("v2");');
      const future = new Date(Date.now() + 5000);
      utimesSync(join(temp.dir, 'app.js'), future, future);
      expect(brotliDecompressSync(new Uint8Array(await (await fetchCompressed()).arrayBuffer())).toString()).toBe('console.log("v2");');
    } finally {
      temp.cleanup();
    }
  });

  test('a refused coding is never sent: q=0 is honoured', async () => {
    const res = await get(app, `/${hashedAssetName}`, { headers: { 'accept-encoding': 'gzip;q=0, br;q=0' } });
    expect(res.headers.has('content-encoding')).toBe(false);
    expect(await res.text()).toBe(hashedAssetBody);
    const gzipOnly = await get(app, `/${hashedAssetName}`, { headers: { 'accept-encoding': 'br;q=0, gzip' } });
    expect(gzipOnly.headers.get('content-encoding')).toBe('gzip');
  });

  test('HEAD on a static file: headers, no body', async () => {
    const res = await get(app, `/${hashedAssetName}`, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await res.text()).toBe('');
  });

  test('a missing file with an extension is a plain-text 404, not the shell', async () => {
    for (const path of ['/missing.js', '/assets/missing.css', '/home/contacts.json']) {
      const res = await get(app, path);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(await res.text()).toBe('Not found');
    }
  });

  test('a dotted path of the route table is still a page', async () => {
    const res = await get(app, '/call/u.k');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
  });

  test('directories are not files', async () => {
    const res = await get(app, '/assets');
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.status).toBe(404);
  });
});

describe('path traversal', () => {
  const attempts = [
    '/../package.json',
    '/%2e%2e/%2e%2e/etc/passwd',
    '/../secret.txt',
    '/%2e%2e/secret.txt',
    '/..%2fsecret.txt',
    '/%2e%2e%2fsecret.txt',
    '/assets/..%2f..%2fsecret.txt',
    '/..%5csecret.txt',
    '/%2fetc%2fpasswd.txt',
    '/escape.txt',
    '/.env',
    '/secret.txt',
  ];

  test.each(attempts)('%s is a 404 and reads nothing outside the dist', async (path) => {
    const file = spyOn(Bun, 'file');
    try {
      const res = await get(app, path);
      expect(res.status).toBe(404);
      const body = await res.text();
      expect(body).not.toContain('TOP SECRET');
      expect(body).not.toContain('root:');
      for (const [target] of file.mock.calls) expect(String(target)).toStartWith(dist);
    } finally {
      file.mockRestore();
    }
  });
});
