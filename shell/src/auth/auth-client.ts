// The one Supabase Auth client of the page. With SUPABASE_URL set, the api names the hosted project in the
// page (<meta name="ringwise:supabase-url">); without it, the api itself serves the same Auth endpoints
// under /auth/v1 on this origin. Either way this is the official client talking the same protocol.
import { AuthClient, type GoTrueClient } from '@supabase/auth-js';
import { setAccessTokenGetter } from '@ringwise/api-client';

function meta(name: string): string | undefined {
  return document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content || undefined;
}

function project() {
  return {
    url: meta('ringwise:supabase-url') ?? window.location.origin,
    anonKey: meta('ringwise:supabase-anon-key') ?? 'local',
  };
}

let client: GoTrueClient | null = null;

/** The client, made on first use (never during a server render, where there is no page to read). */
export function authClient(): GoTrueClient {
  if (!client) {
    const { url, anonKey } = project();
    client = new AuthClient({
      url: `${url}/auth/v1`,
      headers: { apikey: anonKey, Authorization: `Bearer ${anonKey}` },
      storageKey: 'ringwise-auth',
      persistSession: true,
      autoRefreshToken: true,
      detectSessionInUrl: true,
    });
  }
  return client;
}

// Every API request (shell and remotes share the API client) carries the session's access token.
setAccessTokenGetter(async () => {
  const { data, error } = await authClient().getSession();
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
