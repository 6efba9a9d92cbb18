// Serving a build folder as a CDN would: traversal-safe file lookup, cache headers (hashed assets forever,
// everything else revalidated), each text file in the best coding the browser takes: the build's precompressed
// copy beside it (`.br`, `.gz`, precompress.ts), else compressed here once per file version. Shared by the api (the
// shell's build, flags) and the local remote servers, so every origin behaves the same.
import { lstat, realpath, stat } from 'node:fs/promises';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { compress, compressSync, encodingSuffix, preferredEncoding, type Encoding } from './encoding.ts';

export { acceptsGzip, compress, compressSync, encodings, encodingSuffix, preferredEncoding, type Effort, type Encoding } from './encoding.ts';

export const immutableCache = 'public, max-age=31536000, immutable';
export const revalidateCache = 'no-cache';

/** `name.1a2b3c4d.js` / `.css`: the rspack production output, safe to cache forever. */
const hashedAsset = /\.[0-9a-f]{8}\.(?:m?js|css)$/;
const compressibleType =
  /^(?:text\/|application\/(?:javascript|json|xml|wasm|manifest\+json)|image\/svg\+xml)|\+(?:json|xml)(?:;|$)/;

export interface StaticFile {
  path: string;
  size: number;
  mtimeMs: number;
}

export interface WebResponse {
  status: number;
  headers: Record<string, string>;
  body: string | Uint8Array | Blob | null;
}

/** True when the last path segment has a file extension (`/main.1a2b3c4d.js`, `/favicon.ico`). */
export function hasFileExtension(pathname: string): boolean {
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  return /.\.[^./]+$/.test(last);
}

export function isHashedAsset(filePath: string): boolean {
  return hashedAsset.test(filePath);
}

export function isCompressible(contentType: string): boolean {
  return compressibleType.test(contentType.toLowerCase());
}

/**
 * Maps a URL pathname to a path inside `dist`, or null when it could point anywhere else.
 * Rejects encoded separators, `.`/`..` segments, hidden files and NUL bytes before touching the disk.
 */
export function resolveDistPath(dist: string, pathname: string): string | null {
  const segments: string[] = [];
  for (const raw of pathname.split('/')) {
    if (raw === '') continue;
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return null;
    }
    if (segment.startsWith('.') || /[/\\\0]/.test(segment)) return null;
    segments.push(segment);
  }
  if (segments.length === 0) return null;
  const root = resolve(dist);
  const target = resolve(root, ...segments);
  const rel = relative(root, target);
  if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) return null;
  return target;
}

/** Finds a regular file of the dist for a pathname, following symlinks only if they stay inside the dist. */
export async function findStaticFile(dist: string, pathname: string): Promise<StaticFile | null> {
  const candidate = resolveDistPath(dist, pathname);
  if (candidate === null) return null;
  try {
    const [realRoot, realFile] = await Promise.all([realpath(dist), realpath(candidate)]);
    if (!realFile.startsWith(realRoot + sep)) return null;
    const info = await stat(realFile);
    if (!info.isFile()) return null;
    return { path: realFile, size: info.size, mtimeMs: info.mtimeMs };
  } catch {
    return null;
  }
}

/**
 * Compressed bodies of files that have no precompressed copy (a development build), made once per file version and
 * coding and kept in memory (keyed by path, checked against mtime and size).
 */
export class CompressionCache {
  readonly #entries = new Map<string, { mtimeMs: number; size: number; body: Promise<Uint8Array> }>();

  get(file: StaticFile, encoding: Encoding): Promise<Uint8Array> {
    const key = `${encoding}:${file.path}`;
    const cached = this.#entries.get(key);
    if (cached && cached.mtimeMs === file.mtimeMs && cached.size === file.size) return cached.body;
    const body = Bun.file(file.path)
      .bytes()
      .then((bytes) => compress(bytes, encoding));
    this.#entries.set(key, { mtimeMs: file.mtimeMs, size: file.size, body });
    body.catch(() => this.#entries.delete(key));
    return body;
  }

  get size(): number {
    return this.#entries.size;
  }
}

/**
 * The build's compressed copy of a file (`<file>.br`, `<file>.gz`): a regular file (not a link) at least as new as
 * the file, so a copy left from an earlier build of an unhashed name (remoteEntry.js, index.html) is never served.
 */
export async function precompressedCopy(file: StaticFile, encoding: Encoding): Promise<StaticFile | null> {
  const path = file.path + encodingSuffix[encoding];
  try {
    const info = await lstat(path);
    if (!info.isFile() || info.mtimeMs < file.mtimeMs) return null;
    return { path, size: info.size, mtimeMs: info.mtimeMs };
  } catch {
    return null;
  }
}

/**
 * A generated text body (an HTML page, the sitemap, JSON) compressed when the client takes a coding: brotli before
 * gzip. A country page is ~30 KB of HTML, ~6 KB in brotli, which a phone on a slow network waits for before anything
 * shows. Bodies under 1 KB are left as they are (the coding's framing would eat most of the gain).
 */
export function compressTextResponse(response: WebResponse, acceptEncoding: string | null): WebResponse {
  const contentType = response.headers['content-type'] ?? '';
  if (typeof response.body !== 'string' || response.body.length < 1024 || !isCompressible(contentType)) return response;
  const headers = { ...response.headers, vary: 'Accept-Encoding' };
  const encoding = preferredEncoding(acceptEncoding);
  if (!encoding) return { ...response, headers };
  return { ...response, headers: { ...headers, 'content-encoding': encoding }, body: compressSync(response.body, encoding) };
}

/**
 * The response for a static file, in the best coding the client accepts: the build's precompressed copy, else the
 * file compressed once here. `range` requests get the identity body so Elysia can slice it.
 */
export async function staticFileResponse(
  file: StaticFile,
  request: { acceptEncoding: string | null; range: string | null },
  cache: CompressionCache,
): Promise<WebResponse> {
  const blob = Bun.file(file.path);
  const contentType = blob.type || 'application/octet-stream';
  const headers: Record<string, string> = {
    'content-type': contentType,
    'cache-control': isHashedAsset(file.path) ? immutableCache : revalidateCache,
  };
  if (!isCompressible(contentType)) return { status: 200, headers, body: blob };
  headers.vary = 'Accept-Encoding';
  const encoding = request.range === null ? preferredEncoding(request.acceptEncoding) : null;
  if (encoding === null) return { status: 200, headers, body: blob };
  headers['content-encoding'] = encoding;
  const copy = await precompressedCopy(file, encoding);
  const body = copy ? Bun.file(copy.path) : await cache.get(file, encoding);
  headers['content-length'] = String(copy ? copy.size : (body as Uint8Array).byteLength);
  return { status: 200, headers, body };
}

export function notFoundText(): WebResponse {
  return {
    status: 404,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': revalidateCache },
    body: 'Not found',
  };
}
