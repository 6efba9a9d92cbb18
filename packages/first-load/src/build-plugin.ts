// Writes a build's FirstLoad (first-load.ts) into its mf-manifest.json, after the federation plugin wrote the
// manifest: the files and consumed share keys of each exposed module, of each chunk group named in the source, and
// of each shared module this build provides. The api reads it from the deployed manifest, so a remote's redeploy
// brings its new file names without the shell.
import type { Chunk, ChunkGroup, Compilation, Compiler, Module } from '@rspack/core';
import { generateExposeFilename } from '@module-federation/sdk';
import { firstLoadField, type FirstLoad, type FirstLoadPart } from './first-load.ts';

const manifestFile = 'mf-manifest.json';
const exposePrefix = '__federation_expose_';

/** The share key in a provide or consume module's identifier ('consume shared module (default) @ringwise/ui/cn@* (strict) …'). */
export function shareKeyOf(identifier: string): { kind: 'provide' | 'consume'; key: string } | null {
  const match = /^(provide|consume) shared module \([^)]*\) (\S+)/.exec(identifier);
  if (!match) return null;
  const spec = match[2]!;
  const at = spec.lastIndexOf('@');
  return { kind: match[1] as 'provide' | 'consume', key: at > 0 ? spec.slice(0, at) : spec };
}

/** The chunk group name the federation plugin gives an exposed module ('./widgets/call-overlay' → '__federation_expose_widgets__call_overlay'). */
export const exposeGroupName = (exposePath: string): string => generateExposeFilename(exposePath, false);

function partOf(compilation: Compilation, chunks: readonly Chunk[]): FirstLoadPart {
  const files = chunks.flatMap((chunk) => [...chunk.files]);
  const shared = new Set<string>();
  for (const chunk of chunks) {
    for (const module of compilation.chunkGraph.getChunkModules(chunk)) {
      const share = shareKeyOf(module.identifier());
      if (share?.kind === 'consume') shared.add(share.key);
    }
  }
  const unique = (list: string[]) => [...new Set(list)].sort();
  return { js: unique(files.filter((f) => f.endsWith('.js'))), css: unique(files.filter((f) => f.endsWith('.css'))), shared: [...shared].sort() };
}

export function firstLoadOfCompilation(compilation: Compilation, exposes: Record<string, string>): FirstLoad {
  const result: FirstLoad = { exposes: {}, named: {}, provides: {} };
  const exposeByGroup = new Map(Object.keys(exposes).map((path) => [exposeGroupName(path), path.replace(/^\.\//, '')]));
  const groupsByOrigin = new Map<string, ChunkGroup>();
  for (const group of compilation.chunkGroups) {
    for (const origin of group.origins) {
      const id = (origin.module as Module | undefined)?.identifier();
      if (id) groupsByOrigin.set(id, group);
    }
    if (!group.name || group.isInitial()) continue;
    const expose = exposeByGroup.get(group.name);
    if (expose !== undefined) result.exposes[expose] = partOf(compilation, group.chunks);
    else if (!group.name.startsWith(exposePrefix)) result.named[group.name] = partOf(compilation, group.chunks);
  }
  for (const module of compilation.modules) {
    const share = shareKeyOf(module.identifier());
    if (share?.kind !== 'provide') continue;
    // an eager shared module is in the entry: nothing more to load
    const group = groupsByOrigin.get(module.identifier());
    result.provides[share.key] = group ? partOf(compilation, group.chunks) : { js: [], css: [], shared: [] };
  }
  return result;
}

/**
 * Adds one field to the build's mf-manifest.json once the federation plugin has written it (a build without one is
 * left alone): `value` is computed from the compilation.
 */
export class ManifestFieldPlugin {
  constructor(
    private readonly field: string,
    private readonly value: (compilation: Compilation) => unknown,
  ) {}

  apply(compiler: Compiler) {
    const { Compilation: Stages, sources } = compiler.webpack;
    const name = `ManifestFieldPlugin(${this.field})`;
    compiler.hooks.thisCompilation.tap(name, (compilation) => {
      compilation.hooks.processAssets.tap({ name, stage: Stages.PROCESS_ASSETS_STAGE_REPORT }, () => {
        const asset = compilation.getAsset(manifestFile);
        if (!asset) return;
        const manifest = JSON.parse(asset.source.source().toString()) as Record<string, unknown>;
        manifest[this.field] = this.value(compilation);
        compilation.updateAsset(manifestFile, new sources.RawSource(JSON.stringify(manifest, null, 2)));
      });
    });
  }
}

/** Adds the FirstLoad to mf-manifest.json. */
export class FirstLoadManifestPlugin extends ManifestFieldPlugin {
  constructor(exposes: Record<string, string> = {}) {
    super(firstLoadField, (compilation) => firstLoadOfCompilation(compilation, exposes));
  }
}
