// Public rates for the browser and the marketing server render: the types, the number types, and one
// queryOptions factory per endpoint.
import { queryOptions } from '@tanstack/react-query';
import { apiQueryKey, callApi } from '@ringwise/api-client';
import { routes } from '../routes.ts';

export type { CountryDetail, CountryPrefixRate, RateCountry, RateLookup } from './schema.ts';
export * from './number-types.ts';

const lookupRequest = (number: string) => ({ query: { number } });
const countriesRequest = (search: string) => ({ query: search ? { search } : {} });
const countryRequest = (code: string) => ({ params: { code: code.toUpperCase() } });

export const rateQueries = {
  /** GET /api/rates/lookup?number= (404: no rate; spec §5: only for 8+ characters). */
  lookup: (number: string) =>
    queryOptions({
      queryKey: apiQueryKey(routes.lookupRate, lookupRequest(number)),
      queryFn: ({ signal }) => callApi(routes.lookupRate, lookupRequest(number), { signal }),
    }),
  /** GET /api/rates/countries, or ?search= (trimmed; blank is every country). */
  countries: (search = '') =>
    queryOptions({
      queryKey: apiQueryKey(routes.listRateCountries, countriesRequest(search.trim())),
      queryFn: ({ signal }) => callApi(routes.listRateCountries, countriesRequest(search.trim()), { signal }),
    }),
  /** GET /api/countries/{CODE} (the code upper-cased, so "gb" and "GB" share one cache entry). */
  country: (code: string) =>
    queryOptions({
      queryKey: apiQueryKey(routes.getCountry, countryRequest(code)),
      queryFn: ({ signal }) => callApi(routes.getCountry, countryRequest(code), { signal }),
    }),
};
