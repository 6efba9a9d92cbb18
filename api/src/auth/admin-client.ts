// The one way the api reaches Supabase Auth's admin API (ARCHITECTURE.md §4, STYLE.md "Provider stand-ins"): the
// official @supabase/auth-js `GoTrueAdminApi`, the same class as supabase-js's `createClient(url, key).auth.admin`,
// with the project's service_role key sent as supabase-js sends it. With SUPABASE_URL it talks to the hosted
// project (`SUPABASE_URL/auth/v1`, SUPABASE_SERVICE_ROLE_KEY); without it to the local stand-in under /auth/v1 over
// the app's own loopback origin, with the service_role key the stand-in issued at start-up (tests hand it
// `app.handle` as its fetch). Application code gets the same client either way.
import { GoTrueAdminApi } from '@supabase/auth-js';
import type { ApiConfig } from '../config.ts';
import { providerFetch, type FetchFunction } from '../lib/provider-fetch.ts';

export type AuthAdmin = GoTrueAdminApi;

/** How long one call to the Auth server may take before it counts as failed (auth-js sets no limit itself). */
export const authAdminTimeoutMs = 10_000;

export interface AuthAdminOptions {
  /** The Auth server's base URL, ending in /auth/v1, without a trailing slash. */
  url: string;
  /** The project's service_role (secret) key; never sent anywhere but to `url`. */
  serviceRoleKey: string;
  /** How requests are sent (default: the global fetch). */
  fetch?: FetchFunction;
  timeoutMs?: number;
}

/** The local stand-in's base over loopback: the api process listens on every interface at PORT. */
export function localAuthUrl(config: Pick<ApiConfig, 'port'>): string {
  return `http://127.0.0.1:${config.port}/auth/v1`;
}

export function createAuthAdmin(options: AuthAdminOptions): AuthAdmin {
  const timeoutMs = options.timeoutMs ?? authAdminTimeoutMs;
  // never with a transaction open, never past the request's deadline (provider-fetch.ts), and never past timeoutMs
  const send = providerFetch('Supabase Auth', options.fetch ?? ((input, init) => fetch(input, init)));
  const timed: FetchFunction = (input, init) => send(input, { ...init, signal: init?.signal ?? AbortSignal.timeout(timeoutMs) });
  return new GoTrueAdminApi({
    url: options.url.replace(/\/+$/, ''),
    // what supabase-js's auth client sends: the key as the API gateway's `apikey` and as GoTrue's bearer token
    headers: { apikey: options.serviceRoleKey, Authorization: `Bearer ${options.serviceRoleKey}` },
    // auth-js's parameter type is `typeof fetch`, whose Bun typing carries extras (preconnect) it never uses
    fetch: timed as typeof fetch,
  });
}
