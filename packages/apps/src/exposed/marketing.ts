// The props of the module the marketing remote (mfe-marketing) exposes, listed by id in ../exposed-modules.ts.
// Types only: the remote, its server render and the shell import them with `import type`.

/** './app': the landing page (default), a country page (/call/{cc}) or the rates view (/home/rates). */
export type MarketingAppProps = (
  | { page?: 'landing' }
  | { page: 'country'; country: string }
  | { page: 'rates' }
) & {
  /**
   * The site's origin for absolute URLs in structured data; give the server render the same one (or
   * neither) so both render the same markup.
   */
  origin?: string;
  /**
   * Whether the visitor is signed in (the host's auth). The public pages then show the way into the app
   * (Open Dialer, Call {country} now) instead of signing up. The server renders signed out, whatever this
   * says: while the browser hydrates that markup the page stays signed out, and turns signed in right after.
   */
  signedIn?: boolean;
};
