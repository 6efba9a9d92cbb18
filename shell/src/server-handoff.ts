// Pages the api rendered on the server (the marketing pages, for crawlers) arrive with their markup in
// #root, the data it was rendered from in <script id="ringwise-ssr-data">, and their head tags marked
// data-ssr. The shell seeds its query cache with that data and renders only once the page's remote is
// loaded, so its first render produces the same markup and replaces the server's without a flash.
import type { QueryClient } from '@tanstack/react-query';
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

/** Seeds the cache and waits for the page's remotes (a failure just renders the fallback as usual). */
export async function takeOverServerRender(queryClient: QueryClient): Promise<void> {
  const data = readServerRenderData();
  if (!data) return;
  for (const { queryKey, data: value } of data.queries) queryClient.setQueryData(queryKey, value);
  await Promise.all(data.remotes.map((id) => loadRemoteComponent(id)));
}

/** After the first client render the page's own head tags are in place; the server's copies go. */
export function removeServerHeadTags(): void {
  for (const element of document.head.querySelectorAll('[data-ssr]')) element.remove();
}
