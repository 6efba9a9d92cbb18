// Serves a remote's build from its own origin, as a CDN would: CORS for any page that loads it, the
// manifest and entry revalidated on every load (a redeploy shows on reload), hashed chunks cached for
// good, brotli or gzip (the precompressed copies of the build). The file handling is the api's own (@ringwise/static-files), so both origins behave the same.
import path from 'node:path';
import { CompressionCache, findStaticFile, hasFileExtension, notFoundText, staticFileResponse, type WebResponse } from '@ringwise/static-files';

const corsHeaders = { 'access-control-allow-origin': '*' };

function toResponse(result: WebResponse, method: string): Response {
  return new Response(method === 'HEAD' ? null : (result.body as BodyInit | null), {
    status: result.status,
    headers: { ...result.headers, ...corsHeaders },
  });
}

export function createRemoteHandler(dir: string) {
  const compressionCache = new CompressionCache();
  return async (request: Request): Promise<Response> => {
    if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: corsHeaders });
    const { pathname } = new URL(request.url);
    // the standalone dev page is a single-page app; a missing asset stays a 404
    const file =
      (await findStaticFile(dir, pathname)) ??
      (hasFileExtension(pathname) ? null : await findStaticFile(dir, '/index.html'));
    if (!file) return toResponse(notFoundText(), request.method);
    const headers = { acceptEncoding: request.headers.get('accept-encoding'), range: request.headers.get('range') };
    return toResponse(await staticFileResponse(file, headers, compressionCache), request.method);
  };
}

export function startRemoteServer(dir: string, port: number, hostname = '127.0.0.1') {
  return Bun.serve({ port, hostname, fetch: createRemoteHandler(path.resolve(dir)) });
}
