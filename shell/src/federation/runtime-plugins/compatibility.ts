// Refuses a remote whose mf-manifest.json says it was built with another federation plugin major than this shell,
// or against another react / react-dom major: the remote's area then shows its fallback (with Retry) instead of
// crashing on shared singletons that resolve to nothing. The reason is logged once per manifest, with both versions.
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { IncompatibleRemoteError } from '../incompatible-remote.ts';

/** What the shell was built with (rspack.config.ts injects it). */
export interface HostVersions {
  federation: string;
  shared: Record<string, string>;
}

declare const RINGWISE_HOST_VERSIONS: HostVersions | undefined;
const builtHostVersions = (): HostVersions | undefined => (typeof RINGWISE_HOST_VERSIONS === 'object' ? RINGWISE_HOST_VERSIONS : undefined);

/** The shared singletons whose major must match: a remote compiled for another React major cannot run on this one. */
const majorBound = ['react', 'react-dom'];

/** The parts of a remote's mf-manifest.json the check reads. */
export interface ManifestVersions {
  metaData?: { pluginVersion?: string };
  shared?: Array<{ name: string; version?: string }>;
}

export interface Mismatch {
  what: string;
  remoteVersion: string;
  hostVersion: string;
  /** The remote's major is above the shell's. */
  newer: boolean;
}

const majorOf = (version: string | undefined) => (version ? Number.parseInt(version.replace(/^\D*/, ''), 10) : Number.NaN);

/** The first version in `manifest` whose major differs from the shell's, if any. A version a manifest leaves out is not checked. */
export function mismatchOf(manifest: ManifestVersions, host: HostVersions): Mismatch | undefined {
  const versions: [string, string | undefined, string | undefined][] = [
    ['federation plugin', manifest.metaData?.pluginVersion, host.federation],
    ...majorBound.map((name): [string, string | undefined, string | undefined] => [name, manifest.shared?.find((e) => e.name === name)?.version, host.shared[name]]),
  ];
  for (const [what, remoteVersion, hostVersion] of versions) {
    const remoteMajor = majorOf(remoteVersion);
    const hostMajor = majorOf(hostVersion);
    // a version left out or unreadable is not compared
    if (Number.isNaN(remoteMajor) || Number.isNaN(hostMajor)) continue;
    if (remoteMajor !== hostMajor) return { what, remoteVersion: remoteVersion!, hostVersion: hostVersion!, newer: remoteMajor > hostMajor };
  }
  return undefined;
}

export default function compatibilityPlugin(host: HostVersions | undefined = builtHostVersions()): ModuleFederationRuntimePlugin {
  return {
    name: 'ringwise-compatibility',
    // The one hook that sees the manifest as fetched (the snapshot made from it drops pluginVersion), and it runs
    // before the remote's entry script is loaded: the snapshot plugin preloads that entry right after. The runtime
    // keeps the rejection for the manifest's URL, so every later load of the remote is refused without a new fetch
    // (and without a second log) until the remote is registered anew; each reaches errorLoadRemote, the fallback.
    loadRemoteSnapshot(args) {
      const { manifestJson, manifestUrl, moduleInfo } = args;
      const mismatch = host && manifestJson ? mismatchOf(manifestJson as ManifestVersions, host) : undefined;
      if (!mismatch) return args;
      console.error(
        `[federation] ${moduleInfo.name} is not loaded: its ${mismatch.what} is ${mismatch.remoteVersion}, this shell's is ${mismatch.hostVersion} (${manifestUrl ?? 'no manifest URL'})`,
      );
      throw new IncompatibleRemoteError(moduleInfo.name, mismatch.newer);
    },
  };
}
