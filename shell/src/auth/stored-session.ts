// What the page can tell about a session without loading the Auth client.

/** Where the client keeps the session in localStorage. */
export const AUTH_STORAGE_KEY = 'ringwise-auth';

/** A stored token this close to its expiry is left to the Auth client to refresh. */
const minimumLifeMs = 30_000;

/** The session as the Auth client stores it (the fields the page reads before the client is loaded). */
export interface StoredSession {
  access_token: string;
  expires_at: number;
  user: { id: string; email?: string };
  [field: string]: unknown;
}

/** Whether the browser may hold a session: one is stored, or the page is a sign-in redirect that carries one. */
export function mayHaveSession(): boolean {
  try {
    if (window.localStorage.getItem(AUTH_STORAGE_KEY)) return true;
  } catch {
    return true; // storage we cannot read: let the client decide
  }
  const { hash, search } = window.location;
  return /[#&](?:access_token|error_description)=/.test(hash) || /[?&](?:code|error_description)=/.test(search);
}

/**
 * The stored session while its access token has life left (over 30 s), else null: with it the signed-in page
 * starts, and calls the api, without the Auth client, which then comes after the page has loaded to keep it fresh.
 */
export function liveStoredSession(storage: Pick<Storage, 'getItem'> | null = browserStorage(), nowMs = Date.now()): StoredSession | null {
  try {
    const stored = JSON.parse(storage?.getItem(AUTH_STORAGE_KEY) ?? 'null') as Partial<StoredSession> | null;
    if (typeof stored?.access_token !== 'string' || typeof stored.expires_at !== 'number' || typeof stored.user?.id !== 'string') return null;
    return stored.expires_at * 1000 - nowMs > minimumLifeMs ? (stored as StoredSession) : null;
  } catch {
    return null;
  }
}

function browserStorage(): Pick<Storage, 'getItem'> | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}
