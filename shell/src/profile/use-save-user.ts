// After a profile change the api answers the updated user: the page and the header's avatar and menu (the same
// current-user query) show it at once, and the query is read again behind it.
import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { userQueries, type CurrentUser } from '@ringwise/contract/users';

export function useShowUpdatedUser(): (user: CurrentUser) => Promise<void> {
  const client = useQueryClient();
  return useCallback(
    async (user: CurrentUser) => {
      const { queryKey } = userQueries.current();
      client.setQueryData(queryKey, user);
      await client.invalidateQueries({ queryKey });
    },
    [client],
  );
}
