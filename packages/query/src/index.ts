// The part of TanStack Query the apps use: what the shell provides to every build as the shared module
// '@tanstack/react-query' (rspack.config.ts). A shared module is provided whole, whatever its users import, so
// providing the package itself put every hook of it into every page's first script. The apps keep importing
// '@tanstack/react-query'; one of them importing anything not listed here fails index.test.ts.
// (The path names the package's file itself: its own name is the share key, and would be resolved to this module.)
export {
  MutationCache,
  QueryCache,
  QueryClient,
  QueryClientProvider,
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '../../../node_modules/@tanstack/react-query/build/modern/index.js';
