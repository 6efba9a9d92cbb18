import { QueryCache, QueryClient } from '@tanstack/react-query';
import { queryDefaults } from '@ringwise/api-client';
import { toast } from '@ringwise/ui/toast';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { /** Set when the query's own UI explains a failure, so no error toast is shown. */ silent?: boolean };
  }
}

/** The page's only QueryClient (spec §9 'Data fetching'); remotes use it through the shared context. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError(error, query) {
        if (query.meta?.silent) return;
        toast({ variant: 'destructive', title: 'Error', description: error.message });
      },
    }),
    defaultOptions: { queries: { ...queryDefaults } },
  });
}
