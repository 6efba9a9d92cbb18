import { describe, expect, test } from 'bun:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { compileErrors, validate } from '@readme/openapi-parser';
import { openApiDocument, openApiPath, type OpenApiDocument } from '@ringwise/contract/openapi';
import { routes } from '@ringwise/contract/routes';
import { webhooks } from '@ringwise/contract/webhooks';
import { createApp } from '../../app.ts';
import { idleServices, testConfig } from '../../testing/fixtures.ts';
import { palette } from './page.ts';

const config = testConfig();
// without services (only what needs none) and with stand-ins of every service (every module and the auth plugin mounted)
const apps = [
  ['without services', createApp(config, { logError: () => {} })],
  ['with every module', createApp(config, { services: idleServices, logError: () => {} })],
] as const;

const get = (app: (typeof apps)[number][1], path: string, headers: Record<string, string> = {}) => app.handle(new Request(`http://localhost${path}`, { headers }));

/** The validator resolves against the page's address when it finds a `window` (happy-dom's about:blank in tests). */
async function validateDocument(document: unknown) {
  const dom = (globalThis as { happyDOM?: { setURL(url: string): void } }).happyDOM;
  const before = globalThis.location?.href;
  dom?.setURL('http://localhost/');
  try {
    return await validate(structuredClone(document) as never);
  } finally {
    if (before !== undefined) dom?.setURL(before);
  }
}

describe.each(apps)('GET /api/openapi.json (%s)', (_label, app) => {
  test('answers the contract\'s document without a token, valid OpenAPI 3.1, cacheable', async () => {
    const res = await get(app, '/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    const document = (await res.json()) as OpenApiDocument;
    expect(document).toEqual(JSON.parse(JSON.stringify(openApiDocument({ serverUrl: config.publicUrl }))));
    const result = await validateDocument(document);
    expect(result.valid ? '' : compileErrors(result)).toBe('');
    for (const route of Object.values(routes)) expect(document.paths[openApiPath(route.path)]?.[route.method.toLowerCase() as 'get'], `${route.method} ${route.path}`).toBeDefined();
    for (const hook of Object.values(webhooks)) expect(document.paths[hook.path]?.post, hook.path).toBeDefined();
  });

  test('answers 304 to its ETag, and brotli or gzip to who takes it (a weak ETag then)', async () => {
    const first = await get(app, '/api/openapi.json');
    const etag = first.headers.get('etag')!;
    const text = await first.text();
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await get(app, '/api/openapi.json', { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    const br = await get(app, '/api/openapi.json', { 'accept-encoding': 'gzip, br' });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('etag')).toBe(`W/${etag}`);
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString('utf8')).toBe(text);
    expect((await get(app, '/api/openapi.json', { 'accept-encoding': 'br', 'if-none-match': `W/${etag}` })).status).toBe(304);
    const zipped = await get(app, '/api/openapi.json', { 'accept-encoding': 'gzip' });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(zipped.headers.get('vary')).toContain('Accept-Encoding');
    expect(gunzipSync(Buffer.from(await zipped.arrayBuffer())).toString('utf8')).toBe(text);
  });

  test('a token is neither needed nor looked at', async () => {
    const res = await get(app, '/api/openapi.json', { authorization: 'Bearer not-a-token' });
    expect(res.status).toBe(200);
  });
});

describe.each(apps)('GET /api/docs (%s)', (_label, app) => {
  test('answers an HTML page listing every route and webhook, without a token', async () => {
    const res = await get(app, '/api/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    const html = await res.text();
    for (const route of Object.values(routes)) {
      expect(html, route.name).toContain(`id="op-${route.name}"`);
      expect(html, route.name).toContain(`href="#op-${route.name}"`);
      expect(html, route.name).toContain(`${route.method} ${openApiPath(route.path)}`);
    }
    for (const hook of Object.values(webhooks)) expect(html, hook.name).toContain(`id="op-${hook.name}"`);
  });

  test('loads nothing from anywhere: no script, no external link, its stylesheet allowed by hash only', async () => {
    const res = await get(app, '/api/docs');
    const html = await res.text();
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toStartWith("default-src 'none'; style-src 'sha256-");
    expect(csp).not.toMatch(/https?:|'unsafe-inline'|script-src/);
    expect(html).not.toMatch(/<script|<link|<img|<iframe|@import|url\(/i);
    for (const [, href] of html.matchAll(/href="([^"]*)"/g)) expect(href, href).toMatch(/^(#|\/api\/)/);
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)![1]!;
    const hash = new Bun.CryptoHasher('sha256').update(style).digest('base64');
    expect(csp).toContain(`'sha256-${hash}'`);
    expect(html.match(/<style>/g)).toHaveLength(1);
  });

  test('has the basics of an accessible page: language, title, landmarks, one h1, headings in order', async () => {
    const html = await (await get(app, '/api/docs')).text();
    expect(html).toStartWith('<!doctype html>\n<html lang="en">');
    expect(html).toMatch(/<title>[^<]+<\/title>/);
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    for (const landmark of ['<header', '<nav', '<main', '<footer']) expect(html.split(landmark)).toHaveLength(2);
    expect(html.match(/<h1[ >]/g)).toHaveLength(1);
    const levels = [...html.matchAll(/<h([1-6])[ >]/g)].map((m) => Number(m[1]));
    expect(levels[0]).toBe(1);
    for (let i = 1; i < levels.length; i++) expect(levels[i]!, `heading ${i}`).toBeLessThanOrEqual(levels[i - 1]! + 1);
    // every id is unique and every in-page link has its target
    const ids = [...html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]!);
    expect(new Set(ids).size).toBe(ids.length);
    for (const [, target] of html.matchAll(/href="#([^"]+)"/g)) expect(ids, target).toContain(target!);
    // tables have header cells
    expect(html.split('<table>').length).toBe(html.split('<th scope="col">Name</th>').length);
  });

  test('fits a 390 px screen: no fixed widths, long code scrolls in its own box', async () => {
    const html = await (await get(app, '/api/docs')).text();
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)![1]!;
    expect(style).not.toMatch(/(?:^|[;{])\s*(?:min-)?width:\s*\d{3,}px/);
    expect(style).toMatch(/pre\{[^}]*overflow-x:auto/);
    expect(style).toMatch(/\.table-wrap\{overflow-x:auto\}/);
    // the two-column layout only from 60rem (960 px) up
    expect(style).toMatch(/@media \(min-width:60rem\)\{\s*\.layout\{display:grid/);
  });
});

/** WCAG 2 relative luminance and contrast ratio. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};

describe('the page\'s colours', () => {
  const pairs: Array<[string, string, string]> = [
    ['text', palette.text, palette.background],
    ['text on code panels', palette.text, palette.panel],
    ['muted text', palette.muted, palette.background],
    ['links', palette.link, palette.background],
    ...(['get', 'post', 'put', 'patch', 'delete'] as const).map((m): [string, string, string] => [`${m} badge`, palette[m].text, palette[m].background]),
  ];
  test.each(pairs)('%s has a contrast of at least 4.5:1', (_name, foreground, background) => {
    expect(contrast(foreground, background)).toBeGreaterThanOrEqual(4.5);
  });
});
