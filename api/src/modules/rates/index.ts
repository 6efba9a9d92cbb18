// Public rate endpoints (spec §7 Rates and countries), no sign-in:
//   GET /api/rates/lookup?number=   → RateLookup (404 when no prefix matches, 400 when it is not a number)
//   GET /api/rates/countries?search= → RateCountry[]
//   GET /api/countries/{CODE}        → CountryDetail (404 for an unknown code or a country without rates)
// Every answer is cacheable for a minute (Cache-Control: public, max-age=60) with a strong ETag derived from
// the deck the index serves and the request, so If-None-Match gets a 304. Each client IP may make
// `rateLimit.limit` requests per `rateLimit.windowMs` (default 120 per 10 s), then gets a 429 with Retry-After.
import { createHash } from 'node:crypto';
import { Elysia } from 'elysia';
import { routes } from '@ringwise/contract/routes';
import { routeSchemas } from '@ringwise/contract/schemas';
import { HttpError } from '../../plugins/errors.ts';
import type { RateService } from './service.ts';

export interface RateLimit {
  limit: number;
  windowMs: number;
}

export const defaultRateLimit: RateLimit = { limit: 120, windowMs: 10_000 };

export interface RatesOptions {
  service: RateService;
  /** Requests per window per client IP; null turns the limit off (benchmarks). */
  rateLimit?: RateLimit | null;
  /** The limiter's clock in ms (tests). */
  now?: () => number;
}

/**
 * Fixed-window request counts per client IP. Kept in memory per api process: with N replicas a client may
 * make up to N times the limit, which is acceptable for public, cacheable reads (a shared store such as
 * auth.rate_limits would cost a database write per request). Expired windows are swept as the map grows.
 */
export function createRateLimiter(rule: RateLimit, now: () => number = Date.now) {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let nextSweep = 0;
  return {
    /** Counts one request; the seconds to wait when over the limit, else null. */
    hit(client: string): number | null {
      const at = now();
      if (windows.size > 10_000 && at >= nextSweep) {
        for (const [key, w] of windows) if (w.resetAt <= at) windows.delete(key);
        nextSweep = at + rule.windowMs;
      }
      let w = windows.get(client);
      if (!w || w.resetAt <= at) {
        w = { count: 0, resetAt: at + rule.windowMs };
        windows.set(client, w);
      }
      w.count++;
      return w.count > rule.limit ? Math.max(1, Math.ceil((w.resetAt - at) / 1000)) : null;
    },
  };
}

interface RequestIpServer {
  requestIP(request: Request): { address: string } | null;
}

/** X-Forwarded-For's first hop (the app runs behind one proxy), else the socket address. */
export function clientIp(request: Request, server: RequestIpServer | null | undefined): string {
  const forwarded = request.headers.get('x-forwarded-for')?.split(',')[0]?.trim();
  return (forwarded || server?.requestIP(request)?.address || 'unknown').slice(0, 64);
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
  const limiter = options.rateLimit === null ? null : createRateLimiter(options.rateLimit ?? defaultRateLimit, options.now);

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
      const wait = limiter.hit(clientIp(request, server));
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
        answer(context, `lookup\n${context.query.number ?? ''}`, (index) => {
          const { rate, country, countryCode, numberType } = index.match(context.query.number ?? '');
          return { rate, country, countryCode, numberType };
        }),
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
