import type { LiveRemote, RemotesDocument } from '@ringwise/releases';
import { remoteKeys, type RemoteKey } from '@ringwise/routes';
import { manifestUrl } from '../../config.ts';
import type { LiveReleases } from '../../lib/live-release.ts';

/** The body of /remotes.json: each remote key → the URL of its live federation manifest, and what is live since when. */
export async function remotesDocument(releases: LiveReleases): Promise<RemotesDocument<RemoteKey>> {
  const live = await Promise.all(
    remoteKeys.map(async (key): Promise<[RemoteKey, LiveRemote]> => {
      const { pointer, base } = await releases[key].get();
      const release = pointer?.live ? { id: pointer.live.id, since: pointer.live.since, commit: pointer.live.commit } : null;
      return [key, { manifest: manifestUrl(base), release }];
    }),
  );
  const manifests = Object.fromEntries(live.map(([key, remote]) => [key, remote.manifest])) as Record<RemoteKey, string>;
  return { ...manifests, live: Object.fromEntries(live) as Record<RemoteKey, LiveRemote> };
}
