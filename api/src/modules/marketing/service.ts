// The marketing pages for crawlers and first visits: the landing page and every country page rendered on
// the server (complete HTML: content, rates, FAQ, metadata, JSON-LD, styles), plus the sitemap and
// robots.txt. The browser then takes the same page over (shell/src/server-handoff.ts). The render comes
// from the server bundles of the deployed builds (server-render.ts); without one, a page is still served
// complete for the browser to render: its head, its data and its status, with an empty root.
import { escapeHtml } from '@ringwise/html';
import type { CountryDetail, RateCountry } from '@ringwise/contract/rates';
import { countryPage, landingPage, type MarketingPage, type PageOptions, type PageQuery } from '@ringwise/marketing-content/pages';
import type { ApiConfig } from '../../config.ts';
import { HttpError } from '../../plugins/errors.ts';
import type { WebResponse } from '@ringwise/static-files';
import { shellPageResponse, type ShellTemplate } from '../web/service.ts';
import { liveManifestUrls, type LiveReleases } from '../../lib/live-release.ts';
import { headTagsHtml } from './head-tags.ts';
import type { RemoteStylesheets } from './remote-assets.ts';

/** The rates the pages show (the rates module's service). */
export interface RatesReader {
  listCountries(search: string): Promise<RateCountry[]>;
  countryDetail(code: string): Promise<CountryDetail>;
}

/** How the pages are described: by the marketing remote's server bundle, or by the api's own copy. */
export interface PageDescriber {
  landingPage(options: PageOptions): MarketingPage;
  countryPage(detail: CountryDetail | null, code: string, options: PageOptions): MarketingPage;
}

/**
 * The server render of the deployed builds: the marketing remote describes the page and provides its
 * component, the shell renders its own tree around it, the very tree the browser then hydrates.
 */
export interface ServerRender extends PageDescriber {
  /** The builds the markup comes from, by part ('shell', 'marketing/app'): the browser hydrates only the same. */
  builds: Record<string, string>;
  renderAppBody(input: { path: string; origin: string; queries: PageQuery[] }): string;
}

export interface MarketingRenderer {
  /** The render of the builds deployed now, or null when their server bundles cannot be used. */
  current(): Promise<ServerRender | null>;
}

export interface MarketingPagesOptions {
  config: Pick<ApiConfig, 'publicUrl' | 'remotes' | 'supabase' | 'authStandInUrl'> & Partial<Pick<ApiConfig, 'twilio'>>;
  template: ShellTemplate;
  rates: RatesReader;
  renderer: MarketingRenderer;
  stylesheets: RemoteStylesheets;
  /** The remotes' live releases, for the page's preloads (default: REMOTE_*_URL). */
  releases?: LiveReleases;
  /** Where a failed render is reported (default: console.warn), once per build. */
  warn?: (message: string, error: unknown) => void;
}

const MARKETING_APP = 'marketing/app';

/** The api's own copy of the page descriptions: a page it cannot render still gets its head, data and status. */
const apiPages: PageDescriber = { landingPage, countryPage };

export function createMarketingPages({ config, template, rates, renderer, stylesheets, releases, warn }: MarketingPagesOptions) {
  const origin = config.publicUrl;
  const warnedBuilds = new Set<string>();
  const report = warn ?? ((message, error) => console.warn(message, error));

  async function head(meta: MarketingPage['meta'], structuredData: boolean): Promise<string> {
    const links = (await stylesheets.get()).map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}" crossorigin="anonymous">`);
    return headTagsHtml(meta, origin, { structuredData }) + links.join('');
  }

  /** The page described and rendered by the deployed builds; null when they cannot (render in the browser). */
  function serverRender(server: ServerRender, pathname: string, describe: (pages: PageDescriber) => MarketingPage) {
    try {
      const page = describe(server);
      return { page, root: server.renderAppBody({ path: pathname, origin, queries: page.queries }) };
    } catch (error) {
      const builds = Object.values(server.builds).join(' + ');
      if (!warnedBuilds.has(builds)) {
        warnedBuilds.add(builds);
        report(`[ssr] the server render of builds ${builds} failed, pages render in the browser`, error);
      }
      return null;
    }
  }

  async function render(pathname: string, describe: (pages: PageDescriber) => MarketingPage): Promise<WebResponse> {
    const server = await renderer.current();
    const rendered = server ? serverRender(server, pathname, describe) : null;
    const page = rendered?.page ?? describe(apiPages);
    const queries = page.queries.map((q) => ({ queryKey: [...q.queryKey], data: q.data }));
    return shellPageResponse(config, template, pathname, {
      status: page.status,
      noindex: page.status === 404,
      // without markup, the page's JSON-LD (otherwise in its body) goes into the head
      head: await head(page.meta, rendered === null),
      root: rendered?.root ?? '',
      handoff: { remotes: [MARKETING_APP], queries, ...(rendered && server ? { builds: server.builds } : {}) },
    }, [], releases ? await liveManifestUrls(releases) : {});
  }

  async function countryOrNull(code: string): Promise<CountryDetail | null> {
    if (!/^[a-z]{2}$/i.test(code)) return null;
    try {
      return await rates.countryDetail(code);
    } catch (error) {
      if (error instanceof HttpError && error.status === 404) return null;
      throw error;
    }
  }

  return {
    async landing(pathname: string): Promise<WebResponse> {
      return render(pathname, (pages) => pages.landingPage({ origin }));
    },

    async country(pathname: string, code: string): Promise<WebResponse> {
      // an unknown country is rendered (and handed over) as null: the browser shows the same 'Country not found'
      const detail = await countryOrNull(code);
      return render(pathname, (pages) => pages.countryPage(detail, code, { origin }));
    },

    async sitemap(): Promise<WebResponse> {
      const countries = await rates.listCountries('');
      const urls = ['/', ...countries.map((c) => `/call/${c.countryCode.toLowerCase()}`)];
      const body =
        '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
        urls.map((path) => `  <url><loc>${escapeHtml(`${origin}${path}`)}</loc></url>`).join('\n') +
        '\n</urlset>\n';
      return { status: 200, headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=60' }, body };
    },

    robots(): WebResponse {
      const body = [
        'User-agent: *',
        'Allow: /',
        'Disallow: /home',
        'Disallow: /admin',
        'Disallow: /checkout',
        'Disallow: /profile-settings',
        'Disallow: /api/',
        '',
        `Sitemap: ${origin}/sitemap.xml`,
        '',
      ].join('\n');
      return { status: 200, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=3600' }, body };
    },
  };
}

export type MarketingPages = ReturnType<typeof createMarketingPages>;
