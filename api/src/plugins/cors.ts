// CORS for the remotes: each remote origin may call the app origin (its api, /remotes.json); nobody else.
// Ours, not @elysiajs/cors: that plugin sends Access-Control-Allow-Headers/-Methods on every answer and to
// preflights from any origin, answers every OPTIONS itself, and has no pure decision the deadline's 503 can reuse.
import { Elysia } from 'elysia';
import { remoteOrigins, type ApiConfig } from '../config.ts';
import { appendVary } from '../lib/http.ts';

export const corsAllowMethods = 'GET, POST, PATCH, DELETE, OPTIONS';
export const corsAllowHeaders = 'Authorization, Content-Type';
export const corsMaxAge = '600';

export interface CorsDecision {
  /** Headers to add to the response. */
  headers: Record<string, string>;
  /** Set for a CORS preflight: answer it right away with this status. */
  preflight?: number;
}

/** What CORS says about a request, given the allowed origins (pure, unit-tested). */
export function corsFor(
  request: { method: string; origin: string | null; requestMethod: string | null },
  allowedOrigins: ReadonlySet<string>,
): CorsDecision {
  const allowed = request.origin !== null && allowedOrigins.has(request.origin);
  const headers: Record<string, string> = {};
  if (allowed) headers['access-control-allow-origin'] = request.origin as string;
  const isPreflight = request.method === 'OPTIONS' && request.origin !== null && request.requestMethod !== null;
  if (!isPreflight) return { headers };
  if (allowed) {
    headers['access-control-allow-methods'] = corsAllowMethods;
    headers['access-control-allow-headers'] = corsAllowHeaders;
    headers['access-control-max-age'] = corsMaxAge;
  }
  // A preflight from another origin gets 204 too, but without any Access-Control-* header: the browser refuses.
  return { headers, preflight: 204 };
}

/** What CORS adds to the answer to `request` (a preflight's status apart). */
export function corsOf(config: ApiConfig): (request: Request) => CorsDecision {
  const allowedOrigins: ReadonlySet<string> = new Set(remoteOrigins(config));
  return (request) =>
    corsFor(
      {
        method: request.method,
        origin: request.headers.get('origin'),
        requestMethod: request.headers.get('access-control-request-method'),
      },
      allowedOrigins,
    );
}

export const cors = (config: ApiConfig) => {
  const decide = corsOf(config);
  return new Elysia({ name: 'plugin.cors', seed: config }).onRequest(({ request, set }) => {
    const decision = decide(request);
    // Every response may differ by Origin, so shared caches must key on it.
    set.headers.vary = appendVary(set.headers.vary, 'Origin');
    Object.assign(set.headers, decision.headers);
    if (decision.preflight !== undefined) {
      return new Response(null, { status: decision.preflight });
    }
  });
};
