import { afterAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { compressSync } from './encoding.ts';
import { CompressionCache, findStaticFile, immutableCache, revalidateCache, staticFileResponse, type StaticFile, type WebResponse } from './index.ts';
import { isPrecompressible, precompressFiles } from './precompress.ts';

const dist = mkdtempSync(join(tmpdir(), 'ringwise-static-'));
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const script = `console.log(${JSON.stringify('ringwise '.repeat(300))});\n`;
const write = (name: string, body: string | Uint8Array, mtime?: Date) => {
  writeFileSync(join(dist, name), body);
  if (mtime) utimesSync(join(dist, name), mtime, mtime);
};
const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

async function fileOf(name: string): Promise<StaticFile> {
  const file = await findStaticFile(dist, `/${name}`);
  if (!file) throw new Error(`${name} is not in the dist`);
  return file;
}

/** The response as the browser gets it: its headers and its body bytes, decoded by its Content-Encoding. */
async function served(response: WebResponse) {
  const raw = new Uint8Array(await new Response(response.body as BodyInit).arrayBuffer());
  const encoding = response.headers['content-encoding'];
  const decoded = encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw;
  return { headers: response.headers, raw, text: new TextDecoder().decode(decoded) };
}

const ask = (acceptEncoding: string | null, range: string | null = null) => ({ acceptEncoding, range });

describe('staticFileResponse with the build’s precompressed copies', () => {
  // the copies say which file they were read from, so a test sees which one was sent
  write('main.1a2b3c4d.js', script, minutesAgo(2));
  write('main.1a2b3c4d.js.br', compressSync('from the .br file', 'br', 'build'), minutesAgo(1));
  write('main.1a2b3c4d.js.gz', compressSync('from the .gz file', 'gzip', 'build'), minutesAgo(1));

  test('brotli for a browser that takes it, the file as it is, with its length; immutable for a hashed name', async () => {
    const cache = new CompressionCache();
    const br = await served(await staticFileResponse(await fileOf('main.1a2b3c4d.js'), ask('gzip, deflate, br, zstd'), cache));
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.text).toBe('from the .br file');
    expect(br.headers['content-length']).toBe(String(br.raw.byteLength));
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(br.headers['cache-control']).toBe(immutableCache);
    expect(br.headers['content-type']).toStartWith('text/javascript');
    expect(cache.size).toBe(0);
  });

  test('gzip when brotli is not taken (or refused), identity when neither is', async () => {
    const cache = new CompressionCache();
    const file = await fileOf('main.1a2b3c4d.js');
    for (const header of ['gzip, deflate', 'br;q=0, gzip', 'br;q=0.2, gzip;q=0.9']) {
      const gzip = await served(await staticFileResponse(file, ask(header), cache));
      expect(gzip.headers['content-encoding'], header).toBe('gzip');
      expect(gzip.text).toBe('from the .gz file');
      expect(gzip.headers['content-length']).toBe(String(gzip.raw.byteLength));
    }
    for (const header of [null, 'identity', 'deflate', 'br;q=0, gzip;q=0', '*;q=0']) {
      const plain = await served(await staticFileResponse(file, ask(header), cache));
      expect(plain.headers['content-encoding'], String(header)).toBeUndefined();
      expect(plain.text).toBe(script);
      expect(plain.headers.vary).toBe('Accept-Encoding');
    }
  });

  test('a range request gets the identity body, to be sliced', async () => {
    const ranged = await served(await staticFileResponse(await fileOf('main.1a2b3c4d.js'), ask('br, gzip', 'bytes=0-9'), new CompressionCache()));
    expect(ranged.headers['content-encoding']).toBeUndefined();
    expect(ranged.text).toBe(script);
  });

  test('a copy older than its file (left by an earlier build of an unhashed name) is not sent: compressed here instead', async () => {
    write('remoteEntry.js.br', compressSync('the previous release', 'br'), minutesAgo(10));
    write('remoteEntry.js', script, minutesAgo(1));
    const cache = new CompressionCache();
    const res = await served(await staticFileResponse(await fileOf('remoteEntry.js'), ask('br'), cache));
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.text).toBe(script);
    expect(res.headers['cache-control']).toBe(revalidateCache);
    expect(cache.size).toBe(1);
  });

  test('a copy that is a link is not followed', async () => {
    write('linked.js', script, minutesAgo(5));
    write('elsewhere.br', compressSync('not this build', 'br'));
    symlinkSync(join(dist, 'elsewhere.br'), join(dist, 'linked.js.br'));
    const res = await served(await staticFileResponse(await fileOf('linked.js'), ask('br'), new CompressionCache()));
    expect(res.text).toBe(script);
  });

  test('without copies (a development build): compressed once per file version and coding, kept in memory', async () => {
    write('dev.js', script, minutesAgo(3));
    const cache = new CompressionCache();
    const file = await fileOf('dev.js');
    const first = await served(await staticFileResponse(file, ask('br, gzip'), cache));
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.text).toBe(script);
    expect(first.raw.byteLength).toBeLessThan(script.length / 5);
    expect(first.headers['content-length']).toBe(String(first.raw.byteLength));
    await staticFileResponse(file, ask('br'), cache);
    expect(cache.size).toBe(1);
    expect((await served(await staticFileResponse(file, ask('gzip'), cache))).text).toBe(script);
    expect(cache.size).toBe(2);
    write('dev.js', 'console.log("v2");', minutesAgo(1));
    expect((await served(await staticFileResponse(await fileOf('dev.js'), ask('br'), cache))).text).toBe('console.log("v2");');
  });

  test('files that are not text are sent as they are, with no Vary', async () => {
    write('logo.png', new Uint8Array([0x89, 0x50, 0x4e, 0x47]));
    const res = await staticFileResponse(await fileOf('logo.png'), ask('br, gzip'), new CompressionCache());
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toBeUndefined();
  });
});

describe('precompressFiles', () => {
  test('writes brotli and gzip copies of each text file, which decode to it; leaves other files alone', async () => {
    const manifest = JSON.stringify({ name: 'dialer', exposes: Array.from({ length: 50 }, (_, i) => `./part-${i}`) });
    write('mf-manifest.json', manifest);
    write('app.4b3c2d1e.css', `.dl\\:grid{display:grid}${'.x{color:red}'.repeat(100)}`);
    write('index.html', '<!doctype html><title>Ringwise</title>');
    write('flag.svg', '<svg xmlns="http://www.w3.org/2000/svg"></svg>');
    write('photo.png', new Uint8Array([1, 2, 3]));
    const names = ['mf-manifest.json', 'app.4b3c2d1e.css', 'index.html', 'flag.svg', 'photo.png'];
    const written = await precompressFiles(names.map((name) => join(dist, name)));
    expect(written.map((f) => f.slice(dist.length + 1)).sort()).toEqual(
      ['mf-manifest.json', 'app.4b3c2d1e.css', 'index.html', 'flag.svg'].flatMap((n) => [`${n}.br`, `${n}.gz`]).sort(),
    );
    const manifestBr = await Bun.file(join(dist, 'mf-manifest.json.br')).bytes();
    expect(brotliDecompressSync(manifestBr).toString()).toBe(manifest);
    expect(gunzipSync(await Bun.file(join(dist, 'mf-manifest.json.gz')).bytes()).toString()).toBe(manifest);
    expect(manifestBr.byteLength).toBeLessThan(manifest.length / 3);
    // and the server sends them
    const res = await served(await staticFileResponse(await fileOf('mf-manifest.json'), ask('br'), new CompressionCache()));
    expect(res.raw).toEqual(new Uint8Array(manifestBr));
  });

  test.each([
    ['main.1a2b3c4d.js', true],
    ['remoteEntry.js', true],
    ['mf-manifest.json', true],
    ['main.1a2b3c4d.css', true],
    ['index.html', true],
    ['logo.svg', true],
    ['og-image.png', false],
    ['tone.wav', false],
    ['main.js.br', false],
    ['main.js.gz', false],
  ])('isPrecompressible(%s) → %p', (name, expected) => expect(isPrecompressible(name)).toBe(expected));
});
