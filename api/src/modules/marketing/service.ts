// The marketing pages for crawlers and first visits: the landing page and every country page rendered on
// the server (complete HTML: content, rates, FAQ, metadata, JSON-LD, styles), plus the sitemap and
// robots.txt. The browser then takes the same page over (shell/src/server-handoff.ts).
import type { CountryDetail, RateCountry } from '@ringwise/contract/rates';
import type { PageMetaProps } from '@ringwise/ui/page-meta';
import type { ApiConfig } from '../../config.ts';
import { HttpError } from '../../plugins/errors.ts';
import type { WebResponse } from '@ringwise/static-files';
import { shellPageResponse, type ShellTemplate } from '../web/service.ts';
import { escapeHtml, headTagsHtml } from './head-tags.ts';
import type { RemoteStylesheets } from './remote-assets.ts';

/** The rates the pages show (the rates module's service). */
export interface RatesReader {
  listCountries(search: string): Promise<RateCountry[]>;
  countryDetail(code: string): Promise<CountryDetail>;
}

type Query = { queryKey: readonly unknown[]; data: unknown };

interface MarketingPage {
  path: string;
  props: object;
  meta: PageMetaProps;
  queries: Query[];
  status: 200 | 404;
}

/**
 * How a marketing page is rendered on the server: the remote describes the page
 * (mfe-marketing/src/server/render.tsx) and the shell renders its own tree around it
 * (shell/src/server/render-app.tsx), the very tree the browser then hydrates.
 */
export interface MarketingRenderer {
  landingPage(options: { origin?: string }): MarketingPage;
  countryPage(detail: CountryDetail | null, code: string, options: { origin?: string }): MarketingPage;
  renderAppBody(input: { path: string; origin: string; queries: Query[] }): string;
}

const handoffOf = (queries: Query[]) => ({ remotes: [MARKETING_APP], queries: queries.map((q) => ({ queryKey: [...q.queryKey], data: q.data })) });

export interface MarketingPagesOptions {
  config: Pick<ApiConfig, 'publicUrl' | 'remotes' | 'supabase'>;
  template: ShellTemplate;
  rates: RatesReader;
  renderer: MarketingRenderer;
  stylesheets: RemoteStylesheets;
}

const MARKETING_APP = 'marketing/app';

export function createMarketingPages({ config, template, rates, renderer, stylesheets }: MarketingPagesOptions) {
  const origin = config.publicUrl;

  async function head(meta: PageMetaProps): Promise<string> {
    const links = (await stylesheets.get()).map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}" crossorigin="anonymous">`);
    return headTagsHtml(meta, origin) + links.join('');
  }

  async function render(pathname: string, page: MarketingPage): Promise<WebResponse> {
    const root = renderer.renderAppBody({ path: pathname, origin, queries: page.queries });
    return shellPageResponse(config, template, pathname, {
      status: page.status,
      noindex: page.status === 404,
      head: await head(page.meta),
      root,
      handoff: handoffOf(page.queries),
    });
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
      return render(pathname, renderer.landingPage({ origin }));
    },

    async country(pathname: string, code: string): Promise<WebResponse> {
      // an unknown country is rendered (and handed over) as null: the browser shows the same 'Country not found'
      return render(pathname, renderer.countryPage(await countryOrNull(code), code, { origin }));
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
