// The one way the api reaches Supabase Auth's admin API (ARCHITECTURE.md §4, STYLE.md "Provider stand-ins"): the
// official @supabase/auth-js `GoTrueAdminApi`, the same class as supabase-js's `createClient(url, key).auth.admin`,
// with the project's service_role key sent as supabase-js sends it. With SUPABASE_URL it talks to the hosted
// project (`SUPABASE_URL/auth/v1`, SUPABASE_SERVICE_ROLE_KEY); without it to the local stand-in's process
// (`AUTH_STAND_IN_URL/auth/v1`), with the service_role key the stand-in left in DATA_DIR/auth (read when first
// needed: the stand-in may start after the api). Application code gets the same client either way.
import { GoTrueAdminApi } from '@supabase/auth-js';
import { providerFetch, type FetchFunction } from '../lib/provider-fetch.ts';

export type AuthAdmin = GoTrueAdminApi;

/** How long one call to the Auth server may take before it counts as failed (auth-js sets no limit itself). */
export const authAdminTimeoutMs = 10_000;

export interface AuthAdminOptions {
  /** The Auth server's base URL, ending in /auth/v1, without a trailing slash. */
  url: string;
  /** The project's service_role (secret) key, or where to read it when a request needs it; never sent anywhere but
   *  to `url`. */
  serviceRoleKey: string | (() => Promise<string>);
  /** How requests are sent (default: the global fetch). */
  fetch?: FetchFunction;
  timeoutMs?: number;
}

export function createAuthAdmin(options: AuthAdminOptions): AuthAdmin {
  const timeoutMs = options.timeoutMs ?? authAdminTimeoutMs;
  // never with a transaction open, never past the request's deadline (provider-fetch.ts), and never past timeoutMs
  const send = providerFetch('Supabase Auth', options.fetch ?? ((input, init) => fetch(input, init)));
  const { serviceRoleKey } = options;
  const keyOf = typeof serviceRoleKey === 'string' ? async () => serviceRoleKey : serviceRoleKey;
  const timed: FetchFunction = async (input, init) => {
    const key = await keyOf();
    const headers = new Headers(init?.headers);
    // what supabase-js's auth client sends: the key as the API gateway's `apikey` and as GoTrue's bearer token
    headers.set('apikey', key);
    headers.set('authorization', `Bearer ${key}`);
    return send(input, { ...init, headers, signal: init?.signal ?? AbortSignal.timeout(timeoutMs) });
  };
  return new GoTrueAdminApi({
    url: options.url.replace(/\/+$/, ''),
    // auth-js's parameter type is `typeof fetch`, whose Bun typing carries extras (preconnect) it never uses
    fetch: timed as typeof fetch,
  });
}
