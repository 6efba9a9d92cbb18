import { useQuery } from '@tanstack/react-query';
import { rateQueries } from '@ringwise/contract/rates';
import { normalizeCountryCode } from '@ringwise/marketing-content/country-content';
import { CountryErrorView, CountryLoadingView, CountryNotFoundView, CountryView } from './country-view.tsx';

/** The api answers 404 for a country it does not know. */
function isNotFound(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'status' in error && error.status === 404;
}

/**
 * /call/{country}: fetches the country (only for a 2-letter code) and renders its view. The server render
 * seeds the same query (null for an unknown country: `query.data === null`), so this renders the server's
 * markup without a fetch.
 */
export function CountryPage({ country }: { country: string }) {
  const code = normalizeCountryCode(country);
  const query = useQuery({
    ...rateQueries.country(code ?? ''),
    enabled: code !== null,
    // the page explains a failure itself: no error toast
    meta: { handlesError: true },
  });

  if (code === null) return <CountryNotFoundView />;
  if (query.data) return <CountryView detail={query.data} />;
  if (query.data === null || isNotFound(query.error)) return <CountryNotFoundView />;
  if (query.isError) return <CountryErrorView code={code} onRetry={() => void query.refetch()} />;
  return <CountryLoadingView code={code} />;
}
