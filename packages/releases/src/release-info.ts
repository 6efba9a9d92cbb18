// What a build says about itself for a release, in its mf-manifest.json (field `ringwiseRelease`, written by
// rspack.config.ts): its id, its commit, and the fingerprint of the props of each exposed module it was compiled with
// (@ringwise/apps/props-fingerprint): for a remote the modules it exposes, for the shell every module it loads.

export const releaseInfoField = 'ringwiseRelease';

export interface ReleaseInfo {
  buildId: string;
  commit: string;
  /** Exposed module id ('dialer/app') → fingerprint of its props. */
  props: Record<string, string>;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The release info of a parsed mf-manifest.json; null for a build made before builds carried one. */
export function releaseInfoOf(manifest: unknown): ReleaseInfo | null {
  const info = isRecord(manifest) ? manifest[releaseInfoField] : undefined;
  if (!isRecord(info) || typeof info.buildId !== 'string' || typeof info.commit !== 'string' || !isRecord(info.props)) return null;
  const props = Object.fromEntries(Object.entries(info.props).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  return { buildId: info.buildId, commit: info.commit, props };
}

/** The federation plugin's version a build was made with (its manifest's `metaData.pluginVersion`). */
export function federationVersionOf(manifest: unknown): string | null {
  const meta = isRecord(manifest) ? manifest.metaData : undefined;
  return isRecord(meta) && typeof meta.pluginVersion === 'string' ? meta.pluginVersion : null;
}
