// Precompressed copies of a build's text assets, written beside each one (`main.1a2b3c4d.js.br` and `.gz`) at the
// build's best effort (brotli quality 11, gzip level 9), so the servers send them as they are (index.ts) instead of
// compressing on the fly at a lower level. `PrecompressPlugin` does it for every production browser build
// (rspack.config.ts); `precompressFiles` for any folder of files.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Compiler } from '@rspack/core';
import { compress, encodings, encodingSuffix } from './encoding.ts';

/** The text a build emits: scripts, styles, pages, JSON (mf-manifest.json among it), SVG, source maps. */
const precompressible = /\.(?:m?js|css|html|json|svg|txt|xml|map)$/i;

export function isPrecompressible(fileName: string): boolean {
  return precompressible.test(fileName);
}

/** Writes `<file>.br` and `<file>.gz` beside each file given (absolute paths) that is text; the files written. */
export async function precompressFiles(files: readonly string[]): Promise<string[]> {
  const written = await Promise.all(
    files.filter(isPrecompressible).map(async (file) => {
      const bytes = await readFile(file);
      return Promise.all(
        encodings.map(async (encoding) => {
          const out = `${file}${encodingSuffix[encoding]}`;
          await writeFile(out, await compress(bytes, encoding, 'build'));
          return out;
        }),
      );
    }),
  );
  return written.flat();
}

/** After a build has written its files, writes the precompressed copy of each text asset it emitted. */
export class PrecompressPlugin {
  apply(compiler: Compiler) {
    compiler.hooks.afterEmit.tapPromise('PrecompressPlugin', async (compilation) => {
      const outDir = compilation.outputOptions.path ?? compiler.outputPath;
      const names = compilation.getAssets().map((asset) => asset.name);
      await precompressFiles(names.map((name) => join(outDir, name)));
    });
  }
}
