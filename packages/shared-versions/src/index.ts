// What each build shares as a singleton, at which version and with which requirement, and whether the
// builds fit together. A singleton exists once per page (and once in the api for the server bundles):
// whichever build provides it, every other build that shares it must accept that version, or a page runs
// code built for React 19 on React 18. Read from the builds' own manifests: `mf-manifest.json` (browser)
// and `server/ssr-manifest.json` (server bundle). Runs under Bun (the api and the CI check).

export interface SharedVersion {
  /** The version the build was made with (the one it provides when it is the provider). */
  version: string;
  /** The range the build accepts from a provider; false accepts any version. */
  requiredVersion: string | false;
}

/** Share key ('react', 'react/jsx-runtime', '@ringwise/ui/button') → what the build declares. */
export type SharedVersions = Record<string, SharedVersion>;

/**
 * `dist/server/ssr-manifest.json`: the server bundle of a build, written by rspack.config.ts next to it.
 * `shared` lists exactly the modules the bundle requires from its host (the api).
 */
export interface SsrManifest {
  /** The build's id, the same in its browser output (see `buildId` of the exposed module). */
  buildId: string;
  /** The bundle's file name, relative to the manifest (content-hashed). */
  file: string;
  shared: SharedVersions;
}

export class ManifestError extends Error {
  override readonly name = 'ManifestError';
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function parseSharedVersion(key: string, value: unknown): SharedVersion {
  if (!isRecord(value) || typeof value.version !== 'string') throw new ManifestError(`shared "${key}" has no version`);
  const required = value.requiredVersion;
  if (required !== false && required !== null && required !== undefined && typeof required !== 'string') {
    throw new ManifestError(`shared "${key}" has an invalid requiredVersion`);
  }
  return { version: value.version, requiredVersion: typeof required === 'string' ? required : false };
}

/** Checks the shape of an ssr-manifest.json; throws a ManifestError when it is not one. */
export function parseSsrManifest(value: unknown): SsrManifest {
  if (!isRecord(value)) throw new ManifestError('the ssr manifest is not an object');
  const { buildId, file, shared } = value;
  if (typeof buildId !== 'string' || buildId === '') throw new ManifestError('the ssr manifest has no buildId');
  // a plain file name next to the manifest: never a path or a URL that leads elsewhere
  if (typeof file !== 'string' || !/^[\w.-]+\.c?js$/.test(file)) throw new ManifestError('the ssr manifest has no valid file');
  if (!isRecord(shared)) throw new ManifestError('the ssr manifest has no shared map');
  return {
    buildId,
    file,
    shared: Object.fromEntries(Object.entries(shared).map(([key, entry]) => [key, parseSharedVersion(key, entry)])),
  };
}

/** The singletons of a federation manifest (`mf-manifest.json`'s `shared` array). */
export function sharedOfMfManifest(manifest: unknown): SharedVersions {
  if (!isRecord(manifest) || !Array.isArray(manifest.shared)) throw new ManifestError('the federation manifest has no shared list');
  const shared: SharedVersions = {};
  for (const entry of manifest.shared as unknown[]) {
    if (!isRecord(entry) || typeof entry.name !== 'string') throw new ManifestError('a shared entry has no name');
    // a module that is not a singleton may exist in several versions at once
    if (entry.singleton !== true) continue;
    shared[entry.name] = parseSharedVersion(entry.name, entry);
  }
  return shared;
}

export interface BuildShares {
  /** How the build is named in messages ('shell', 'mfe-marketing (server)', 'api'). */
  name: string;
  shared: SharedVersions;
}

export interface SharedConflict {
  shareKey: string;
  /** The build whose version would be used... */
  provider: { build: string; version: string };
  /** ...by a build that does not accept it. */
  consumer: { build: string; requiredVersion: string };
}

/** Whether `version` is in `range` (npm semver, via Bun). A version that is not semver satisfies nothing. */
export function satisfies(version: string, range: string): boolean {
  try {
    return Bun.semver.satisfies(version, range);
  } catch {
    return false;
  }
}

/**
 * Every pair of builds that cannot share a singleton: with 'loaded-first' any build may provide it, so each
 * build's version must satisfy every other build's requiredVersion for the same key.
 */
export function sharedConflicts(builds: readonly BuildShares[]): SharedConflict[] {
  const conflicts: SharedConflict[] = [];
  for (const provider of builds) {
    for (const [shareKey, provided] of Object.entries(provider.shared)) {
      for (const consumer of builds) {
        if (consumer === provider) continue;
        const required = consumer.shared[shareKey]?.requiredVersion;
        if (typeof required !== 'string' || satisfies(provided.version, required)) continue;
        conflicts.push({
          shareKey,
          provider: { build: provider.name, version: provided.version },
          consumer: { build: consumer.name, requiredVersion: required },
        });
      }
    }
  }
  return conflicts;
}

export function describeConflict({ shareKey, provider, consumer }: SharedConflict): string {
  return `${shareKey}: ${provider.build} has ${provider.version}, ${consumer.build} requires ${consumer.requiredVersion}`;
}
