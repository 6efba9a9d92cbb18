// The api's health for the browser (status pages, start-up checks).
import { queryOptions } from '@tanstack/react-query';
import { apiQueryKey, callApi } from '@ringwise/api-client';
import { routes } from '../routes.ts';

export type { HealthCheckResult, HealthReport } from './schema.ts';

export const healthQueries = {
  report: () =>
    queryOptions({
      queryKey: apiQueryKey(routes.health, {}),
      queryFn: ({ signal }) => callApi(routes.health, {}, { signal }),
    }),
};
