// The signed-in user for the browser: its type, the preference options, its query and the one-preference change.
import { queryOptions } from '@tanstack/react-query';
import { apiQueryKey, callApi } from '@ringwise/api-client';
import { routes } from '../routes.ts';
import type { PreferenceChange } from './schema.ts';

export type { CurrentUser, PreferenceChange } from './schema.ts';
export * from './preferences.ts';

export const userQueries = {
  /** GET /api/auth/user: balance, names, preferences (spec §7 Account). */
  current: () =>
    queryOptions({
      queryKey: apiQueryKey(routes.currentUser, {}),
      queryFn: ({ signal }) => callApi(routes.currentUser, {}, { signal }),
    }),
};

export const userRequests = {
  /** PATCH /api/user/preferences with exactly one key; answers the updated user. */
  updatePreference: (change: PreferenceChange) => callApi(routes.updatePreference, { body: change }),
};
