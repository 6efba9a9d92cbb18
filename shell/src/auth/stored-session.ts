// What the page can tell about a session without loading the Auth client.

/** Where the client keeps the session in localStorage. */
export const AUTH_STORAGE_KEY = 'ringwise-auth';

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
