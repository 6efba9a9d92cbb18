// The marketing pages rendered to HTML by this remote alone, inside the providers the browser has (a
// QueryClient seeded with the page's data and a wouter Router at the page's path): its tests check the
// markup and that the browser hydrates it without a mismatch. The api renders the pages through this
// remote's server bundle (./index.ts), inside the shell's tree.
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Router } from 'wouter';
import { queryDefaults } from '@ringwise/api-client';
import type { CountryDetail } from '@ringwise/contract/rates';
import { countryPage, landingPage, type PageQuery } from '@ringwise/marketing-content/pages';
import type { PageMetaProps } from '@ringwise/ui/page-meta';
import MarketingApp, { type MarketingAppProps } from '../exposed/app.tsx';

export type { PageMetaProps };

export interface RenderOptions {
  /**
   * The site's origin ("https://ringwise.app"): makes the URLs in the JSON-LD absolute. The browser must
   * then render the remote with the same `origin` prop for identical markup; without it they stay
   * root-relative on both sides.
   */
  origin?: string;
}

/** A query the page was rendered with: seed the browser's QueryClient with it before its first render. */
export type RenderedQuery = PageQuery;

export interface RenderedPage {
  /**
   * The page's markup, for the element the shell renders into. Holds the page's JSON-LD <script> but not
   * its <title>, <meta> and <link> tags: write those into <head> from `meta`
   * (`pageMetaTags(meta, origin)`).
   */
  html: string;
  /** The page's metadata, exactly what its <PageMeta> renders. */
  meta: PageMetaProps;
  /** The data the page was rendered with (empty for the landing page). */
  queries: RenderedQuery[];
}

export interface RenderedCountryPage extends RenderedPage {
  /** 404 for an unknown country or a code that is not 2 letters (the page then says 'Country not found'). */
  status: 200 | 404;
}

/** What a full-document render puts between <body> and </body>. */
function bodyOf(document: string): string {
  const start = document.indexOf('<body>');
  const end = document.lastIndexOf('</body>');
  if (start < 0 || end < start) throw new Error('the server render produced no <body>');
  return document.slice(start + '<body>'.length, end);
}

function renderPage(path: string, props: MarketingAppProps, queries: RenderedQuery[]): string {
  // gcTime Infinity: no garbage-collection timers left running on the server; the cache is dropped below
  const queryClient = new QueryClient({ defaultOptions: { queries: { ...queryDefaults, gcTime: Infinity } } });
  for (const { queryKey, data } of queries) queryClient.setQueryData(queryKey, data);
  try {
    // Rendered as a document so React hoists <title>, <meta> and <link> into <head> and the body keeps only
    // the page. <html><body> (no explicit <head>) leaves React's ids (useId) as they are for a render of
    // the app alone, which is what the browser does.
    const page: ReactNode = (
      <QueryClientProvider client={queryClient}>
        <Router ssrPath={path}>
          <MarketingApp {...props} />
        </Router>
      </QueryClientProvider>
    );
    return bodyOf(
      renderToString(
        <html lang="en">
          <body>{page}</body>
        </html>,
      ),
    );
  } finally {
    queryClient.clear();
  }
}

/** The landing page (/) rendered on its own. */
export function renderLandingPage(options: RenderOptions = {}): RenderedPage {
  const page = landingPage(options);
  return { html: renderPage(page.path, page.props, page.queries), meta: page.meta, queries: page.queries };
}

/** A country page rendered on its own (see countryPage). */
export function renderCountryPage(
  detail: CountryDetail | null,
  code: string,
  options: RenderOptions = {},
): RenderedCountryPage {
  const page = countryPage(detail, code, options);
  return { html: renderPage(page.path, page.props, page.queries), meta: page.meta, queries: page.queries, status: page.status };
}
