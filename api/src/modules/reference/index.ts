// The /api reference, built once from the contract (@ringwise/contract/openapi), no sign-in:
//   GET /api/openapi.json → the OpenAPI 3.1 document (JSON)
//   GET /api/docs         → the same reference as one HTML page: no scripts, no assets from anywhere, its one
//                           stylesheet inline and allowed by its hash in the page's own (stricter) CSP
// Both are the same for every request until the next deploy: built and compressed (brotli, gzip) once, cacheable
// (5 minutes) with a strong ETag (weak for a compressed answer).
import { createHash } from 'node:crypto';
import { Elysia } from 'elysia';
import { compressSync, preferredEncoding, type Encoding } from '@ringwise/static-files';
import { openApiDocument } from '@ringwise/contract/openapi';
import { routes } from '@ringwise/contract/routes';
import { routeSchemas } from '@ringwise/contract/schemas';
import type { ApiConfig } from '../../config.ts';
import { renderReferencePage } from './page.ts';

export const referenceCacheControl = 'public, max-age=300';

const etagOf = (body: string) => `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

interface Answer {
  body: string;
  compressed: Record<Encoding, Uint8Array<ArrayBuffer>>;
  etag: string;
  headers: Record<string, string>;
}

const prepared = (body: string, headers: Record<string, string>): Answer => ({
  body,
  compressed: { br: compressSync(body, 'br', 'build'), gzip: compressSync(body, 'gzip', 'build') },
  etag: etagOf(body),
  headers,
});

/** The answer as a Response: the body is serialised once, so Elysia neither re-encodes nor re-validates it. */
function answer({ body, compressed, etag, headers }: Answer, request: Request): Response {
  const encoding = preferredEncoding(request.headers.get('accept-encoding'));
  const tag = encoding ? `W/${etag}` : etag;
  const common = { ...headers, 'cache-control': referenceCacheControl, etag: tag, vary: 'Accept-Encoding' };
  const ifNoneMatch = request.headers.get('if-none-match');
  if (ifNoneMatch === etag || ifNoneMatch === `W/${etag}`) return new Response(null, { status: 304, headers: common });
  if (encoding) return new Response(compressed[encoding], { status: 200, headers: { ...common, 'content-encoding': encoding } });
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
