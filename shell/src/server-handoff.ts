// Pages the api rendered on the server (the marketing pages, for crawlers) arrive with the shell's tree
// rendered in #root and the data it was rendered from in <script id="ringwise-ssr-data">, with the builds
// that rendered it. The shell seeds its query cache with that data and, once the page's remote is loaded,
// hydrates when it runs those very builds, so its first render is the server's markup. When the api
// rendered with other builds (a remote redeployed in between) or sent no markup (its server render was
// unavailable), the shell renders the page itself instead: a different build's markup would not match.
// React adopts the page's head tags when it hydrates (they are the ones its <PageMeta> renders); when it
// renders afresh, the page's <PageMeta> brings its own, so the server's (`data-ssr-meta`) are dropped.
import type { QueryClient } from '@tanstack/react-query';
import { buildId as shellBuildId } from './build-id.ts';
import { isFailedRemoteModule } from './federation/failed-remote.ts';
import { loadRemoteComponent, loadedRemoteBuildId } from './federation/remotes.ts';

export interface ServerRenderData {
  /** The remote modules the page needs for its first render, e.g. ["marketing/app"]. */
  remotes: string[];
  /** Query results the server rendered with. */
  queries: { queryKey: unknown[]; data: unknown }[];
  /** The builds of the markup, by part ('shell', 'marketing/app'); absent when the server sent no markup. */
  builds?: Record<string, string>;
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
 * Whether the browser may hydrate the server's markup: only when the server rendered it with the builds the
 * browser runs, the shell and every remote of the page (a remote that did not load has no build here).
 */
export function mayHydrate(data: Pick<ServerRenderData, 'remotes' | 'builds'>, browserBuilds: Record<string, string | undefined>): boolean {
  const { builds } = data;
  if (!builds) return false;
  return ['shell', ...data.remotes].every((part) => builds[part] !== undefined && builds[part] === browserBuilds[part]);
}

/**
 * Seeds the cache and waits for the page's remotes. True when the page was rendered on the server by the
 * builds the browser runs and its remotes are here, so it can be hydrated; otherwise the shell renders it
 * afresh (a remote that failed renders its fallback).
 */
export async function takeOverServerRender(queryClient: QueryClient): Promise<boolean> {
  const data = readServerRenderData();
  if (!data) return false;
  for (const { queryKey, data: value } of data.queries) queryClient.setQueryData(queryKey, value);
  const results = await Promise.all(data.remotes.map((id) => loadRemoteComponent(id)));
  // the remote's fallback renders no metadata: the server's stays
  if (results.some((result) => isFailedRemoteModule(result))) return false;
  const browserBuilds = Object.fromEntries([['shell', shellBuildId], ...data.remotes.map((id) => [id, loadedRemoteBuildId(id)])]);
  if (mayHydrate(data, browserBuilds)) return true;
  for (const tag of document.head.querySelectorAll('[data-ssr-meta]')) tag.remove();
  return false;
}
