// The marketing pages described before any rendering: where a page lives, the props of the marketing
// remote's `./app` for it, its metadata, the data it is rendered from and its status. Pure (no React, no
// DOM). The marketing remote's builds carry their own copy (their server bundle describes the pages it
// renders); the api keeps one so that a page it cannot render on the server still gets its full head,
// its data and its status.
import { rateQueries, type CountryDetail } from '@ringwise/contract/rates';
import type { PageMetaProps } from '@ringwise/ui/page-meta';
import { countryMeta, countryNotFoundMeta, normalizeCountryCode } from './country-content.ts';
import { landingMeta } from './landing-meta.ts';

/** The props of the marketing remote's `./app` for a page the server renders. */
export type MarketingPageProps = ({ page: 'landing' } | { page: 'country'; country: string }) & {
  /** The site's origin for absolute URLs in structured data (the browser renders with the same one). */
  origin?: string;
};

/** A query the page is rendered with: the browser seeds its QueryClient with it before its first render. */
export interface PageQuery {
  queryKey: readonly unknown[];
  data: unknown;
}

export interface MarketingPage {
  path: string;
  props: MarketingPageProps;
  meta: PageMetaProps;
  queries: PageQuery[];
  /** 404 for an unknown country or a code that is not 2 letters (the page then says 'Country not found'). */
  status: 200 | 404;
}

export interface PageOptions {
  /** The site's origin ("https://ringwise.app"); without it the JSON-LD URLs stay root-relative. */
  origin?: string;
}

/** The landing page (/). */
export function landingPage(options: PageOptions = {}): MarketingPage {
  const { origin } = options;
  return { path: '/', props: { page: 'landing', origin }, meta: landingMeta(origin), queries: [], status: 200 };
}

/**
 * A country page (/call/{code}) from the api's answer for the code: the detail, or null when the api knows
 * no such country. `code` is the route's segment as requested (any case); one that is not 2 letters is a 404
 * without data, as in the browser, which never fetches it.
 */
export function countryPage(detail: CountryDetail | null, code: string, options: PageOptions = {}): MarketingPage {
  const { origin } = options;
  const normalized = normalizeCountryCode(code);
  const queries: PageQuery[] = normalized === null ? [] : [{ queryKey: rateQueries.country(normalized).queryKey, data: detail }];
  const found = normalized !== null && detail !== null;
  return {
    path: `/call/${encodeURIComponent(code)}`,
    props: { page: 'country', country: code, origin },
    meta: found ? countryMeta(detail, origin) : countryNotFoundMeta(),
    queries,
    status: found ? 200 : 404,
  };
}
