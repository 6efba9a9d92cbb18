// Public rate endpoints (spec §7 Rates and countries), no sign-in:
//   GET /api/rates/lookup?number=   → RateLookup (404 when no prefix matches, 400 when it is not a number)
//   GET /api/rates/countries?search= → RateCountry[]
//   GET /api/countries/{CODE}        → CountryDetail (404 for an unknown code or a country without rates)
// Every answer is cacheable for a minute (Cache-Control: public, max-age=60) with a strong ETag derived from
// the deck the index serves and the request, so If-None-Match gets a 304. Each client address may make
// RATES_LIMIT requests per RATES_WINDOW_SECONDS (default 120 per 10 s, counted in the store all api processes
// share: api/src/limits), then gets a 429 with Retry-After.
import { createHash } from 'node:crypto';
import { Elysia } from 'elysia';
import { routes } from '@ringwise/contract/routes';
import { routeSchemas } from '@ringwise/contract/schemas';
import { HttpError } from '../../plugins/errors.ts';
import { clientAddress } from '@ringwise/rate-limits/client-address';
import { defaultLimits } from '../../limits/config.ts';
import type { Limiter, WindowRule } from '@ringwise/rate-limits/limiter';
import { lookupOf, type RateService } from './service.ts';

export interface RatesOptions {
  service: RateService;
  /** The api's shared limiter (api/src/limits); null or absent: no limit (benchmarks). */
  limiter?: Limiter | null;
  /** Requests per client address (default: LimitsConfig's, 120 per 10 s). */
  rule?: WindowRule;
  /** TRUSTED_PROXY_HOPS (api/src/limits/client-address.ts); default 0. */
  trustedProxyHops?: number;
}

interface RequestIpServer {
  requestIP(request: Request): { address: string } | null;
}

/** A strong ETag: the deck key of the index and the request, hashed. */
export function rateEtag(deckKey: string, request: string): string {
  return `"${createHash('sha256').update(`${deckKey}\n${request}`).digest('base64url').slice(0, 32)}"`;
}

/** If-None-Match holds the tag (weak comparison, as RFC 9110 asks for If-None-Match) or `*`. */
export function etagMatches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag;
  });
}

export const cacheControl = 'public, max-age=60';

interface Set {
  status?: number | string;
  headers: Record<string, string | number>;
}

export const rates = (options: RatesOptions) => {
  const { service } = options;
  const limiter = options.limiter ?? null;
  const rule = options.rule ?? defaultLimits.rates;
  const hops = options.trustedProxyHops ?? 0;

  /**
   * The common path: rate limit, answer from the index, then 304 or the body with cache headers. The body
   * is returned as it is, so the route's response schema checks it (and Elysia writes the JSON).
   */
  async function answer<T>(
    context: { request: Request; server: RequestIpServer | null; set: Set },
    requestKey: string,
    build: (index: Awaited<ReturnType<RateService['index']>>) => T,
  ): Promise<T> {
    const { request, server, set } = context;
    set.headers['cache-control'] = 'no-store';
    if (limiter) {
      const wait = await limiter.hit('rates', rule, clientAddress(request, server, hops) ?? 'unknown');
      if (wait !== null) {
        set.headers['retry-after'] = String(wait);
        throw new HttpError(429, 'too_many_requests', `Too many rate requests. Try again in ${wait} s.`);
      }
    }
    const index = await service.index();
    const body = build(index);
    const etag = rateEtag(index.key, requestKey);
    set.headers['cache-control'] = cacheControl;
    set.headers.etag = etag;
    if (etagMatches(request.headers.get('if-none-match'), etag)) {
      set.status = 304;
      // a 304 has no body; its status has no schema, so nothing is checked or written
      return undefined as T;
    }
    return body;
  }

  return new Elysia({ name: 'module.rates' })
    .get(
      routes.lookupRate.path,
      (context) =>
        answer(context, `lookup\n${context.query.number ?? ''}`, (index) => lookupOf(index.match(context.query.number ?? ''))),
      routeSchemas.lookupRate,
    )
    .get(
      routes.listRateCountries.path,
      (context) => answer(context, `countries\n${context.query.search ?? ''}`, (index) => index.listCountries(context.query.search)),
      routeSchemas.listRateCountries,
    )
    .get(
      routes.getCountry.path,
      (context) => answer(context, `country\n${context.params.code.toUpperCase()}`, (index) => index.countryDetail(context.params.code)),
      routeSchemas.getCountry,
    );
};
