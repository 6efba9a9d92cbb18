// The early lookup's user (early-user.ts) into the page's query, unless the query has data of its own by then.
import type { QueryClient } from '@tanstack/react-query';
import { userQueries } from '@ringwise/contract/users';
import { earlyUser } from './early-user.ts';

export async function seedEarlyUser(queryClient: QueryClient): Promise<void> {
  const user = await earlyUser();
  const { queryKey } = userQueries.current();
  if (user && queryClient.getQueryData(queryKey) === undefined) queryClient.setQueryData(queryKey, user);
}
