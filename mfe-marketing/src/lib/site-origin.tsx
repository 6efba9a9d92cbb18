// The site's origin ("https://ringwise.app") for the absolute URLs in structured data. The server render
// and the browser must be given the same one (or none: URLs then stay root-relative, "/call/gb"), so a page
// renders the same markup on both; nothing here reads `window`.
import { createContext, useContext, type ReactNode } from 'react';

const SiteOrigin = createContext<string | null>(null);

export function SiteOriginProvider({ origin, children }: { origin: string | null | undefined; children: ReactNode }) {
  return <SiteOrigin.Provider value={origin ? origin.replace(/\/+$/, '') : null}>{children}</SiteOrigin.Provider>;
}

export function useSiteOrigin(): string | null {
  return useContext(SiteOrigin);
}

