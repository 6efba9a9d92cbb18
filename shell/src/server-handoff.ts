// Pages the api rendered on the server (the marketing pages, for crawlers) arrive with the shell's tree
// rendered in #root and the data it was rendered from in <script id="ringwise-ssr-data">. The shell seeds
// its query cache with that data and hydrates once the page's remote is loaded, so its first render is
// the server's markup. (React adopts the page's head tags, which are the same ones its <PageMeta> renders.)
import type { QueryClient } from '@tanstack/react-query';
import { isFailedRemoteModule } from './federation/failed-remote.ts';
import { loadRemoteComponent } from './federation/remotes.ts';

interface ServerRenderData {
  /** The remote modules the page needs for its first render, e.g. ["marketing/app"]. */
  remotes: string[];
  /** Query results the server rendered with. */
  queries: { queryKey: unknown[]; data: unknown }[];
}

function readServerRenderData(): ServerRenderData | null {
  const script = document.getElementById('ringwise-ssr-data');
  if (!script?.textContent) return null;
  try {
    return JSON.parse(script.textContent) as ServerRenderData;
  } catch (error) {
    console.warn('The server render data could not be read', error);
    return null;
  }
}

/**
 * Seeds the cache and waits for the page's remotes. True when the page was rendered on the server and
 * its remotes are here, so it can be hydrated; a remote that failed renders its fallback instead.
 */
export async function takeOverServerRender(queryClient: QueryClient): Promise<boolean> {
  const data = readServerRenderData();
  if (!data) return false;
  for (const { queryKey, data: value } of data.queries) queryClient.setQueryData(queryKey, value);
  const results = await Promise.all(data.remotes.map((id) => loadRemoteComponent(id)));
  return results.every((result) => !isFailedRemoteModule(result));
}
