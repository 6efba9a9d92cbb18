// Serves a remote's build from its own origin, as a CDN would: CORS for any page that loads it, the
// manifest and entry revalidated on every load (a redeploy shows on reload), hashed chunks cached for
// good, brotli or gzip (the precompressed copies of the build). The file handling is the api's own (@ringwise/static-files), so both origins behave the same.
import path from 'node:path';
import { releasesFolder } from '@ringwise/releases';
import { CompressionCache, findStaticFile, hasFileExtension, notFoundText, staticFileResponse, type WebResponse } from '@ringwise/static-files';

const corsHeaders = { 'access-control-allow-origin': '*' };

function toResponse(result: WebResponse, method: string): Response {
  return new Response(method === 'HEAD' ? null : (result.body as BodyInit | null), {
    status: result.status,
    headers: { ...result.headers, ...corsHeaders },
  });
}

const releasesPrefix = `/${releasesFolder}/`;

/**
 * `dir` at the origin's root (the build, or a same-URL upload) and, when given, `releasesDir` under /releases/: the
 * remote's versioned releases and their pointer, as `bun run release` publishes them (@ringwise/releases/store).
 */
export function createRemoteHandler(dir: string, releasesDir?: string) {
  const compressionCache = new CompressionCache();
  const find = async (pathname: string) => {
    if (pathname.startsWith(releasesPrefix)) return releasesDir ? findStaticFile(releasesDir, pathname.slice(releasesPrefix.length - 1)) : null;
    // the standalone dev page is a single-page app; a missing asset stays a 404
    return (await findStaticFile(dir, pathname)) ?? (hasFileExtension(pathname) ? null : await findStaticFile(dir, '/index.html'));
  };
  return async (request: Request): Promise<Response> => {
    if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: corsHeaders });
    const file = await find(new URL(request.url).pathname);
    if (!file) return toResponse(notFoundText(), request.method);
    const headers = { acceptEncoding: request.headers.get('accept-encoding'), range: request.headers.get('range') };
    return toResponse(await staticFileResponse(file, headers, compressionCache), request.method);
  };
}

export function startRemoteServer(dir: string, port: number, { hostname = '127.0.0.1', releasesDir }: { hostname?: string; releasesDir?: string } = {}) {
  return Bun.serve({ port, hostname, fetch: createRemoteHandler(path.resolve(dir), releasesDir && path.resolve(releasesDir)) });
}
