// The site's origin, for absolute URLs in pages (structured data, canonical links). In the browser it is
// the page's own; a server render passes the public URL, so both renders produce the same markup.
import { createContext, useContext } from 'react';

const SiteOriginContext = createContext<string>('');

export const SiteOriginProvider = SiteOriginContext.Provider;

export function useSiteOrigin(): string {
  return useContext(SiteOriginContext);
}
