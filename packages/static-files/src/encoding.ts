// Content codings: which one a browser takes (Accept-Encoding), and compressing a body with it. Brotli is preferred
// over gzip: on the shell's scripts it is ~15 % smaller at its best quality.
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import { promisify } from 'node:util';

export type Encoding = 'br' | 'gzip';

/** The codings the servers send, best first; each a file of its own beside a build's text asset. */
export const encodings: readonly Encoding[] = ['br', 'gzip'];

/** The precompressed file's suffix for a coding: `main.1a2b3c4d.js.br`, `main.1a2b3c4d.js.gz`. */
export const encodingSuffix: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

/** The q-value of each coding an Accept-Encoding header names (`x-gzip` is gzip); `*` stands for any other. */
function qualities(acceptEncoding: string): Map<string, number> {
  const found = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((s) => s.trim());
    if (!name) continue;
    const q = params.find((p) => p.startsWith('q='));
    const value = q === undefined ? 1 : Number(q.slice(2));
    const coding = name === 'x-gzip' ? 'gzip' : name;
    found.set(coding, Number.isFinite(value) ? value : 0);
  }
  return found;
}

/**
 * The coding to answer with among `offered` (default br, gzip): the one the header rates highest, the server's order
 * breaking ties; none that the header refuses (`q=0`, or `*;q=0` for codings it does not name). Null: identity.
 */
export function preferredEncoding(acceptEncoding: string | null, offered: readonly Encoding[] = encodings): Encoding | null {
  if (!acceptEncoding) return null;
  const q = qualities(acceptEncoding);
  let best: Encoding | null = null;
  let bestQ = 0;
  for (const coding of offered) {
    const value = q.get(coding) ?? q.get('*') ?? 0;
    if (value > bestQ) {
      best = coding;
      bestQ = value;
    }
  }
  return best;
}

/** Whether an Accept-Encoding header allows gzip (honours `q=0`, and `*`). */
export function acceptsGzip(acceptEncoding: string | null): boolean {
  return preferredEncoding(acceptEncoding, ['gzip']) === 'gzip';
}

/**
 * How hard to compress. `build`: once per release, so the smallest (brotli quality 11, gzip level 9: ~1 s for the
 * shell's scripts). `live`: a body made per request or a file compressed on its first request (a development build
 * has no precompressed files): brotli quality 5 and gzip level 6, a few milliseconds for a page.
 */
export type Effort = 'build' | 'live';

function brotliOptions(size: number, effort: Effort) {
  return {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: effort === 'build' ? constants.BROTLI_MAX_QUALITY : 5,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: size,
    },
  };
}

const gzipLevel = (effort: Effort) => (effort === 'build' ? 9 : 6);

export function compressSync(body: string | Uint8Array, encoding: Encoding, effort: Effort = 'live'): Uint8Array<ArrayBuffer> {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  const out = encoding === 'br' ? brotliCompressSync(bytes, brotliOptions(bytes.length, effort)) : gzipSync(bytes, { level: gzipLevel(effort) });
  return new Uint8Array(out.buffer as ArrayBuffer, out.byteOffset, out.byteLength);
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** As compressSync, on libuv's thread pool (a build compresses its files in parallel; a server keeps serving). */
export async function compress(bytes: Uint8Array, encoding: Encoding, effort: Effort = 'live'): Promise<Uint8Array<ArrayBuffer>> {
  const out = encoding === 'br' ? await brotliAsync(bytes, brotliOptions(bytes.length, effort)) : await gzipAsync(bytes, { level: gzipLevel(effort) });
  return new Uint8Array(out.buffer as ArrayBuffer, out.byteOffset, out.byteLength);
}
