// The marketing pages for crawlers and first visits: the landing page and every country page rendered on
// the server (complete HTML: content, rates, FAQ, metadata, JSON-LD, styles), plus the sitemap and
// robots.txt. The browser then takes the same page over (shell/src/server-handoff.ts).
import type { CountryDetail, RateCountry } from '@ringwise/api-client/rates';
import type { PageMetaProps } from '@ringwise/ui/page-meta';
import type { ApiConfig } from '../../config.ts';
import { HttpError } from '../../plugins/errors.ts';
import { shellPageResponse, type ShellTemplate, type WebResponse } from '../web/service.ts';
import { escapeHtml, headTagsHtml } from './head-tags.ts';
import type { RemoteStylesheets } from './remote-assets.ts';

/** The rates the pages show (the rates module's service). */
export interface RatesReader {
  listCountries(search: string): Promise<RateCountry[]>;
  countryDetail(code: string): Promise<CountryDetail>;
}

interface RenderedPage {
  html: string;
  meta: PageMetaProps;
  queries: { queryKey: readonly unknown[]; data: unknown }[];
}

/** The marketing remote's server render (mfe-marketing/src/server/render.tsx). */
export interface MarketingRenderer {
  renderLandingPage(options: { origin?: string }): RenderedPage;
  renderCountryPage(detail: CountryDetail | null, code: string, options: { origin?: string }): RenderedPage & { status: 200 | 404 };
}

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
      const { html, meta, queries } = renderer.renderLandingPage({ origin });
      return shellPageResponse(config, template, pathname, {
        status: 200,
        head: await head(meta),
        root: html,
        handoff: { remotes: [MARKETING_APP], queries: queries.map((q) => ({ queryKey: [...q.queryKey], data: q.data })) },
      });
    },

    async country(pathname: string, code: string): Promise<WebResponse> {
      const detail = await countryOrNull(code);
      const { html, meta, status, queries } = renderer.renderCountryPage(detail, code, { origin });
      return shellPageResponse(config, template, pathname, {
        status,
        noindex: status === 404,
        head: await head(meta),
        root: html,
        // exactly what the page was rendered with (an unknown country as null), so the browser shows the same
        handoff: { remotes: [MARKETING_APP], queries: queries.map((q) => ({ queryKey: [...q.queryKey], data: q.data })) },
      });
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
