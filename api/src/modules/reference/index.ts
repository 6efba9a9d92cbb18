// The /api reference, built once from the contract (@ringwise/contract/openapi), no sign-in:
//   GET /api/openapi.json → the OpenAPI 3.1 document (JSON)
//   GET /api/docs         → the same reference as one HTML page: no scripts, no assets from anywhere, its one
//                           stylesheet inline and allowed by its hash in the page's own (stricter) CSP
// Both are the same for every request until the next deploy: built and gzipped once, cacheable (5 minutes)
// with a strong ETag.
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { Elysia } from 'elysia';
import { openApiDocument } from '@ringwise/contract/openapi';
import { routes } from '@ringwise/contract/routes';
import { routeSchemas } from '@ringwise/contract/schemas';
import type { ApiConfig } from '../../config.ts';
import { renderReferencePage } from './page.ts';

export const referenceCacheControl = 'public, max-age=300';

const etagOf = (body: string) => `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

interface Answer {
  body: string;
  gzipped: Uint8Array<ArrayBuffer>;
  etag: string;
  headers: Record<string, string>;
}

const prepared = (body: string, headers: Record<string, string>): Answer => ({
  body,
  gzipped: new Uint8Array(gzipSync(body)),
  etag: etagOf(body),
  headers,
});

const acceptsGzip = (request: Request) => /\bgzip\b/i.test(request.headers.get('accept-encoding') ?? '');

/** The answer as a Response: the body is serialised once, so Elysia neither re-encodes nor re-validates it. */
function answer({ body, gzipped, etag, headers }: Answer, request: Request): Response {
  const common = { ...headers, 'cache-control': referenceCacheControl, etag, vary: 'Accept-Encoding' };
  if (request.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers: common });
  if (acceptsGzip(request)) return new Response(gzipped, { status: 200, headers: { ...common, 'content-encoding': 'gzip' } });
  return new Response(body, { status: 200, headers: common });
}

export const reference = (config: Pick<ApiConfig, 'publicUrl'>) => {
  const document = openApiDocument({ serverUrl: config.publicUrl });
  const page = renderReferencePage(document);
  const json = prepared(JSON.stringify(document), { 'content-type': 'application/json; charset=utf-8' });
  const html = prepared(page.html, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': page.contentSecurityPolicy });
  return new Elysia({ name: 'module.reference', seed: config.publicUrl })
    .get(routes.openApiDocument.path, ({ request }) => answer(json, request), routeSchemas.openApiDocument)
    .get(routes.apiReference.path, ({ request }) => answer(html, request), routeSchemas.apiReference);
};
