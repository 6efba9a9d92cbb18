// The one Supabase Auth client of the page. The api names the Auth server in the page (<meta
// name="ringwise:supabase-url">): the hosted project with SUPABASE_URL, else the local stand-in on its own origin
// (AUTH_STAND_IN_URL). Either way this is the official client talking the same protocol.
import type { GoTrueClient } from '@supabase/auth-js';
import { setAccessTokenGetter } from '@ringwise/api-client';
import { AUTH_STORAGE_KEY, liveStoredSession, mayHaveSession } from './stored-session.ts';

function meta(name: string): string | undefined {
  return document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content || undefined;
}

function project() {
  return {
    url: meta('ringwise:supabase-url') ?? window.location.origin,
    anonKey: meta('ringwise:supabase-anon-key') ?? 'local',
  };
}

let client: Promise<GoTrueClient> | null = null;

/**
 * The client, downloaded and made on first use (never during a server render, where there is no page to
 * read). Its ~90 KB are not part of the page's start: a visitor without a session never needs them.
 */
export function loadAuthClient(): Promise<GoTrueClient> {
  if (!client) {
    const loading = import(/* webpackChunkName: "auth-client" */ '@supabase/auth-js').then(({ AuthClient }) => {
      const { url, anonKey } = project();
      return new AuthClient({
        url: `${url}/auth/v1`,
        headers: { apikey: anonKey, Authorization: `Bearer ${anonKey}` },
        storageKey: AUTH_STORAGE_KEY,
        persistSession: true,
        autoRefreshToken: true,
        detectSessionInUrl: true,
      });
    });
    // a failed download may be tried again
    loading.catch(() => {
      if (client === loading) client = null;
    });
    client = loading;
  }
  return client;
}

// Every API request (shell and remotes share the API client) carries the session's access token.
// Until the client is loaded, a stored token with life left is used as it is (the client refreshes it later).
setAccessTokenGetter(async () => {
  if (!client) {
    const live = liveStoredSession();
    if (live) return live.access_token;
    if (!mayHaveSession()) return null;
  }
  const { data, error } = await (await loadAuthClient()).getSession();
  if (error) throw error;
  return data.session?.access_token ?? null;
});

/** The social providers the hosted project enables (none in local mode), for icon-only buttons. */
export async function enabledSocialProviders(): Promise<string[]> {
  const { url, anonKey } = project();
  const res = await fetch(`${url}/auth/v1/settings`, { headers: { apikey: anonKey } });
  if (!res.ok) return [];
  const settings = (await res.json()) as { external?: Record<string, boolean> };
  return Object.entries(settings.external ?? {})
    .filter(([provider, enabled]) => enabled && provider !== 'email' && provider !== 'phone' && provider !== 'anonymous_users')
    .map(([provider]) => provider);
}
