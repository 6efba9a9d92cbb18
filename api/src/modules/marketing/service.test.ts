import { afterAll, describe, expect, test } from 'bun:test';
import { countryPage, landingPage } from '@ringwise/marketing-content/pages';
import { unitedKingdom } from '@ringwise/marketing-content/testing';
import { HttpError } from '../../plugins/errors.ts';
import { makeDist, testConfig } from '../../testing/fixtures.ts';
import { ShellTemplate } from '../web/service.ts';
import { createMarketingPages, type MarketingRenderer, type ServerRender } from './service.ts';

const dist = makeDist({ 'index.html': '<!doctype html><html><head><title>Ringwise</title></head><body><div id="root"></div></body></html>' });
afterAll(() => dist.cleanup());

const config = testConfig({ PUBLIC_URL: 'https://ringwise.example' });
const rates = {
  listCountries: async () => [unitedKingdom],
  countryDetail: async (code: string) => {
    if (code.toUpperCase() === 'GB') return unitedKingdom;
    throw new HttpError(404, 'not_found', 'Country not found');
  },
};
const stylesheets = { get: async () => ['https://cdn.example.com/marketing/app.1a2b3c4d.css'] };

/** The render of deployed builds: the pages as the marketing bundle describes them, markup that says what it rendered. */
const serverRender: ServerRender = {
  builds: { shell: 'shell-1', 'marketing/app': 'marketing-1' },
  landingPage,
  countryPage,
  renderAppBody: ({ path, queries }) => `<main data-path="${path}">rendered with ${queries.length} queries</main>`,
};

function pagesWith(render: ServerRender | null, warnings: unknown[] = []) {
  const renderer: MarketingRenderer = { current: async () => render };
  return createMarketingPages({
    config,
    template: new ShellTemplate(dist.dir),
    rates,
    renderer,
    stylesheets,
    warn: (message) => warnings.push(message),
  });
}

const bodyOf = (page: { body: unknown }) => page.body as string;
const rootOf = (html: string) => /<div id="root"[^>]*>([\s\S]*?)<\/div><script type="application\/json"/.exec(html)?.[1];
const handoffOf = (html: string) => JSON.parse(/id="ringwise-ssr-data">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? 'null') as {
  remotes: string[];
  queries: { queryKey: unknown[]; data: unknown }[];
  builds?: Record<string, string>;
};
const headOf = (html: string) => html.slice(html.indexOf('<head>'), html.indexOf('</head>'));

describe('marketing pages rendered on the server', () => {
  test('the markup of the deployed builds, with the builds it came from for the browser', async () => {
    const html = bodyOf(await pagesWith(serverRender).country('/call/gb', 'gb'));
    expect(rootOf(html)).toBe('<main data-path="/call/gb">rendered with 1 queries</main>');
    expect(html).toContain('<div id="root" data-ssr>');
    expect(handoffOf(html)).toEqual({
      remotes: ['marketing/app'],
      queries: [{ queryKey: ['/api/countries', 'GB'], data: unitedKingdom }],
      builds: { shell: 'shell-1', 'marketing/app': 'marketing-1' },
    });
    // the JSON-LD is in the markup, not twice
    expect(headOf(html)).not.toContain('application/ld+json');
  });
});

describe('marketing pages when the server bundles cannot be used', () => {
  test('the landing page: full head, empty root, the data handoff without builds', async () => {
    const page = await pagesWith(null).landing('/');
    const html = bodyOf(page);
    expect(page.status).toBe(200);
    expect(rootOf(html)).toBe('');
    expect(html).toContain('<div id="root"></div>');
    expect(handoffOf(html)).toEqual({ remotes: ['marketing/app'], queries: [] });
    const head = headOf(html);
    expect(head).toContain('<title data-ssr-meta>Call Any Phone From Your Browser | Ringwise</title>');
    expect(head).toContain('<meta name="description" content="Call mobiles and landlines in 200+ countries');
    expect(head).toContain('<link rel="canonical" href="https://ringwise.example/" data-ssr-meta>');
    expect(head).toContain('<meta property="og:title" content="Call Any Phone From Your Browser | Ringwise" data-ssr-meta>');
    expect(head).toContain('<meta name="twitter:card" content="summary_large_image" data-ssr-meta>');
    expect(head).toContain('<link rel="stylesheet" href="https://cdn.example.com/marketing/app.1a2b3c4d.css" crossorigin="anonymous">');
    // without markup, the structured data comes in the head
    expect(head).toContain('<script type="application/ld+json" data-ssr-meta>[{"@context":"https://schema.org","@type":"Organization"');
  });

  test('a country page keeps its status, metadata and data', async () => {
    const page = await pagesWith(null).country('/call/gb', 'gb');
    const html = bodyOf(page);
    expect(page.status).toBe(200);
    expect(rootOf(html)).toBe('');
    expect(headOf(html)).toContain('<title data-ssr-meta>Call United Kingdom Online from $0.015/min | Ringwise</title>');
    expect(headOf(html)).toContain('"@type":"FAQPage"');
    expect(handoffOf(html).queries).toEqual([{ queryKey: ['/api/countries', 'GB'], data: unitedKingdom }]);
  });

  test('an unknown country is still a noindex 404', async () => {
    for (const code of ['zz', 'gbr']) {
      const page = await pagesWith(null).country(`/call/${code}`, code);
      expect(page.status).toBe(404);
      expect(page.headers['x-robots-tag']).toBe('noindex');
      expect(headOf(bodyOf(page))).toContain('<title data-ssr-meta>Country not found | Ringwise</title>');
      expect(headOf(bodyOf(page)).match(/<meta name="robots"[^>]*>/g)).toEqual(['<meta name="robots" content="noindex, nofollow" data-ssr-meta>']); // one
    }
  });

  test('a render that throws: the page is served for the browser to render, and that is said once', async () => {
    const warnings: unknown[] = [];
    const broken: ServerRender = {
      ...serverRender,
      renderAppBody: () => {
        throw new Error('render failed');
      },
    };
    const pages = pagesWith(broken, warnings);
    for (let i = 0; i < 2; i++) {
      const html = bodyOf(await pages.landing('/'));
      expect(rootOf(html)).toBe('');
      expect(handoffOf(html).builds).toBeUndefined();
      expect(headOf(html)).toContain('<title data-ssr-meta>Call Any Phone From Your Browser | Ringwise</title>');
    }
    expect(warnings).toEqual(['[ssr] the server render of builds shell-1 + marketing-1 failed, pages render in the browser']);
  });
});
