// What is live, as the running app tells it (the way a remote team sees production): /remotes.json names each
// remote's live manifest and release, and the shell's own manifest is served beside its page.
import type { AppBuild } from '@ringwise/apps';
import type { RemotesDocument } from '@ringwise/releases';
import { ReleaseError } from '@ringwise/releases/store';

const readTimeoutMs = 5000;

async function readJson(url: string): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(url, { signal: AbortSignal.timeout(readTimeoutMs), headers: { 'cache-control': 'no-cache' } });
  } catch (error) {
    throw new ReleaseError(`cannot read ${url} (${error instanceof Error ? error.message : String(error)}): is the app running there? Set PUBLIC_URL to its address.`);
  }
  if (!res.ok) throw new ReleaseError(`${url} answered ${res.status}`);
  return await res.json();
}

export interface LiveSystem {
  remotes: RemotesDocument;
  shellManifest: unknown;
  /** The live manifests of the remotes, by key (those that could be read). */
  remoteManifests: Record<string, unknown>;
}

export async function readLiveSystem(publicUrl: string, keys: readonly string[]): Promise<LiveSystem> {
  const [remotes, shellManifest] = await Promise.all([readJson(`${publicUrl}/remotes.json`) as Promise<RemotesDocument>, readJson(`${publicUrl}/mf-manifest.json`)]);
  const remoteManifests: Record<string, unknown> = {};
  await Promise.all(
    keys.map(async (key) => {
      const url = remotes[key];
      if (typeof url === 'string') remoteManifests[key] = await readJson(url).catch(() => undefined);
    }),
  );
  return { remotes, shellManifest, remoteManifests };
}

/** Waits until /remotes.json names `releaseId` for the remote (every api process reads the pointer within ~1 s); the seconds it took. */
export async function untilServed(publicUrl: string, build: AppBuild, releaseId: string, timeoutMs = 10_000): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    const doc = (await readJson(`${publicUrl}/remotes.json`).catch(() => null)) as RemotesDocument | null;
    if (doc?.live?.[build.key!]?.release?.id === releaseId) return (performance.now() - started) / 1000;
    await Bun.sleep(100);
  }
  throw new ReleaseError(`${publicUrl}/remotes.json still does not name ${releaseId} after ${timeoutMs / 1000} s: does the remote's origin serve RELEASES_DIR as /releases/?`);
}
