// Opening Recent Calls sees the missed calls (issue 36): each time the list has (re)loaded, what it shows is seen
// and the Calls tab's count (the shell's, the same query of the page's one QueryClient) is 0 at once. A count read
// while the mark was on its way would be from before it: it is cancelled, not shown. A mark that fails leaves the
// count as it was (the next load of the list tries again); it re-renders nothing, so the view does not either.
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { callQueries, callRequests } from '@ringwise/contract/calls';

export function useMissedCallsSeen(listLoadedAt: number | null): void {
  const client = useQueryClient();
  useEffect(() => {
    if (listLoadedAt === null) return;
    const { queryKey } = callQueries.unseen();
    callRequests
      .markSeen()
      .then(async () => {
        await client.cancelQueries({ queryKey, exact: true });
        client.setQueryData(queryKey, { missed: 0 });
      })
      .catch((error: unknown) => console.warn('Marking the missed calls seen failed', error));
  }, [listLoadedAt, client]);
}
