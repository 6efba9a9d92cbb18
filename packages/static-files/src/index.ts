// Serving a build folder as a CDN would: traversal-safe file lookup, cache headers (hashed assets forever,
// everything else revalidated), gzip once per file version. Shared by the api (the shell's build, flags) and
// the local remote servers, so every origin behaves the same.
import { realpath, stat } from 'node:fs/promises';
import { isAbsolute, relative, resolve, sep } from 'node:path';

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

/** Whether an Accept-Encoding header allows gzip (honours `q=0`, and `*`). */
export function acceptsGzip(acceptEncoding: string | null): boolean {
  if (!acceptEncoding) return false;
  let wildcard = false;
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [coding = '', ...params] = part.split(';').map((s) => s.trim());
    const q = params.find((p) => p.startsWith('q='));
    const allowed = q === undefined || Number(q.slice(2)) > 0;
    if (coding === 'gzip' || coding === 'x-gzip') return allowed;
    if (coding === '*') wildcard = allowed;
  }
  return wildcard;
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

/** Gzipped bodies, compressed once per file version and kept in memory (keyed by path, checked against mtime). */
export class GzipCache {
  readonly #entries = new Map<string, { mtimeMs: number; size: number; gzip: Promise<Uint8Array> }>();

  get(file: StaticFile): Promise<Uint8Array> {
    const cached = this.#entries.get(file.path);
    if (cached && cached.mtimeMs === file.mtimeMs && cached.size === file.size) return cached.gzip;
    const gzip = Bun.file(file.path)
      .bytes()
      .then((bytes) => Bun.gzipSync(bytes));
    this.#entries.set(file.path, { mtimeMs: file.mtimeMs, size: file.size, gzip });
    gzip.catch(() => this.#entries.delete(file.path));
    return gzip;
  }

  get size(): number {
    return this.#entries.size;
  }
}

/**
 * A generated text body (an HTML page, the sitemap) gzipped when the client accepts it: a country page is
 * ~30 KB of HTML, ~7 KB gzipped, which a phone on a slow network waits for before anything shows.
 */
export function gzipTextResponse(response: WebResponse, acceptEncoding: string | null): WebResponse {
  const contentType = response.headers['content-type'] ?? '';
  if (typeof response.body !== 'string' || response.body.length < 1024 || !isCompressible(contentType)) return response;
  const headers = { ...response.headers, vary: 'Accept-Encoding' };
  if (!acceptsGzip(acceptEncoding)) return { ...response, headers };
  return { ...response, headers: { ...headers, 'content-encoding': 'gzip' }, body: Bun.gzipSync(response.body) };
}

/** The response for a static file; `range` requests get the identity body so Elysia can slice it. */
export async function staticFileResponse(
  file: StaticFile,
  request: { acceptEncoding: string | null; range: string | null },
  gzipCache: GzipCache,
): Promise<WebResponse> {
  const blob = Bun.file(file.path);
  const contentType = blob.type || 'application/octet-stream';
  const headers: Record<string, string> = {
    'content-type': contentType,
    'cache-control': isHashedAsset(file.path) ? immutableCache : revalidateCache,
  };
  if (!isCompressible(contentType)) return { status: 200, headers, body: blob };
  headers.vary = 'Accept-Encoding';
  if (request.range === null && acceptsGzip(request.acceptEncoding)) {
    headers['content-encoding'] = 'gzip';
    return { status: 200, headers, body: await gzipCache.get(file) };
  }
  return { status: 200, headers, body: blob };
}

export function notFoundText(): WebResponse {
  return {
    status: 404,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': revalidateCache },
    body: 'Not found',
  };
}
