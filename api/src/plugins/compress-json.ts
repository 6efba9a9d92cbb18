// The api's JSON answers compressed when they are large enough for it to pay (1 KB and more: a page of calls, of
// contacts, of transactions), brotli before gzip as the browser takes them. A compressed answer's strong ETag becomes
// weak (the bytes differ by coding; the rates' If-None-Match check reads both).
import { Elysia } from 'elysia';
import { compressSync, preferredEncoding } from '@ringwise/static-files';
import { appendVary } from '../lib/http.ts';

const minimumBytes = 1024;
// what Elysia sends with a JSON value
const jsonContentType = 'application/json;charset=utf-8';

/** A handler's plain value that Elysia would send as JSON (not a Response, a file, a stream or a status helper). */
function isPlainJson(value: unknown): value is object {
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return true;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/**
 * Always answers a JSON value with a Response of its own, compressed or not: Elysia (1.4) drops the body of an error
 * answered before any route (a 404, a refused token) when a global mapResponse leaves it to the default mapping.
 */
export const compressJson = () =>
  new Elysia({ name: 'plugin.compress-json' }).mapResponse({ as: 'global' }, ({ responseValue, request, set }) => {
    if (!isPlainJson(responseValue)) return undefined;
    const json = JSON.stringify(responseValue);
    const init = { status: typeof set.status === 'number' ? set.status : 200, headers: { 'content-type': jsonContentType } };
    // a small answer is the same whatever the browser takes
    if (json.length < minimumBytes) return new Response(json, init);
    set.headers.vary = appendVary(set.headers.vary, 'Accept-Encoding');
    const encoding = preferredEncoding(request.headers.get('accept-encoding'));
    if (!encoding) return new Response(json, init);
    set.headers['content-encoding'] = encoding;
    const etag = set.headers.etag;
    if (typeof etag === 'string' && etag.startsWith('"')) set.headers.etag = `W/${etag}`;
    return new Response(compressSync(json, encoding), init);
  });
