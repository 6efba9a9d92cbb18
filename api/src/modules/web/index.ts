// The shell's build: static files and, for every other GET path, the shell's index.html.
// Routes registered by other modules are more specific than `/*` and win: a later marketing module can take
// `/`, `/call/:country`, `/sitemap.xml` and `/robots.txt` (and reuse `shellPageResponse` as its fallback).
import { Elysia } from 'elysia';
import { matchRoute } from '@ringwise/routes';
import type { ApiConfig } from '../../config.ts';
import { CompressionCache, findStaticFile, hasFileExtension, notFoundText, staticFileResponse, type WebResponse } from '@ringwise/static-files';
import { ShellTemplate, sendWebResponse, shellPageResponse } from './service.ts';
import { routeFirstLoad, type RemoteManifests } from './first-load.ts';
import { liveManifestUrls, type LiveReleases } from '../../lib/live-release.ts';

export const web = (config: ApiConfig, manifests: RemoteManifests, releases: LiveReleases) => {
  const template = new ShellTemplate(config.shellDist);
  const compressionCache = new CompressionCache();
  const firstLoad = routeFirstLoad({ shellDist: config.shellDist, publicUrl: config.publicUrl, manifests });
  // the hints only speed a page up: whatever goes wrong reading them, the page is served without them
  const preloadsOf = (pathname: string) =>
    firstLoad.tags(matchRoute(pathname)).catch((error: unknown) => {
      console.warn('[web] the first-load hints could not be made', error);
      return [];
    });
  const page = async (pathname: string) => {
    const [preloads, liveManifests] = await Promise.all([preloadsOf(pathname), liveManifestUrls(releases)]);
    return shellPageResponse(config, template, pathname, undefined, preloads, liveManifests);
  };

  const respond = async (request: Request, pathname: string): Promise<WebResponse> => {
    if (!hasFileExtension(pathname)) return page(pathname);
    const file = await findStaticFile(config.shellDist, pathname);
    if (file) {
      const headers = { acceptEncoding: request.headers.get('accept-encoding'), range: request.headers.get('range') };
      return staticFileResponse(file, headers, compressionCache);
    }
    // A dotted path of the route table (`/call/x.y`) is still a page; any other missing file is a plain 404.
    return matchRoute(pathname) === null ? notFoundText() : page(pathname);
  };

  // HEAD is answered by Elysia from this GET route (same status and headers, no body).
  return new Elysia({ name: 'module.web', seed: config }).get('/*', async ({ request, set }) =>
    sendWebResponse(set, request, await respond(request, new URL(request.url).pathname)),
  );
};
