// Which release of a remote is live: the pointer `bun run release` writes at `<REMOTE_*_URL>/releases/live.json`,
// read on demand at most once a second (one read at a time, the last answer served meanwhile), so a release or a
// rollback reaches every api process within about a second, without a restart. An origin without a pointer (404)
// serves its root build, as before releases; an origin that cannot be read keeps the last answer.
import { liveBaseUrl, livePointerFile, parseLivePointer, releasesFolder, type LivePointer } from '@ringwise/releases';
import { remoteKeys, type RemoteKey } from '@ringwise/routes';
import { manifestUrl } from '../config.ts';
import { revalidatedRead, type RemoteReadOptions } from './revalidation.ts';

export interface LiveRelease {
  /** Where the remote is served, as configured (REMOTE_*_URL, no trailing slash). */
  readonly remoteUrl: string;
  /** The pointer (null: none), and the folder URL of the live build. The first call waits for the first read. */
  get(): Promise<{ pointer: LivePointer | null; base: string }>;
}

/** Defaults: read again at most every 1 s, each read 1.5 s at most. */
export type LiveReleaseOptions = RemoteReadOptions;

export function liveRelease(remoteUrl: string, options: LiveReleaseOptions = {}): LiveRelease {
  const doFetch = options.fetch ?? fetch;
  const warn = options.warn ?? ((message, error) => console.warn(message, error));
  const url = `${remoteUrl}/${releasesFolder}/${livePointerFile}`;
  const read = async (): Promise<LivePointer | null> => {
    const res = await doFetch(url, { signal: AbortSignal.timeout(options.timeoutMs ?? 1500), headers: { 'cache-control': 'no-cache' } });
    if (res.status === 404) return null;
    if (!res.ok) throw new Error(`${url} answered ${res.status}`);
    return parseLivePointer(await res.json());
  };
  const pointer = revalidatedRead(read, null, {
    intervalMs: options.revalidateMs ?? 1000,
    now: options.now,
    warn: (error) => warn(`[releases] ${url} could not be read`, error),
  });
  return {
    remoteUrl,
    async get() {
      const live = await pointer.get();
      return { pointer: live, base: liveBaseUrl(remoteUrl, live) };
    },
  };
}

export type LiveReleases = Record<RemoteKey, LiveRelease>;

/** Each remote's live manifest URL (what /remotes.json names, and what a page preloads). */
export async function liveManifestUrls(releases: LiveReleases): Promise<Record<RemoteKey, string>> {
  const bases = await Promise.all(remoteKeys.map(async (key) => [key, manifestUrl((await releases[key].get()).base)] as const));
  return Object.fromEntries(bases) as Record<RemoteKey, string>;
}

/** One pointer reader per remote, shared by /remotes.json, the pages' hints and the server render. */
export function liveReleases(remotes: Record<RemoteKey, string>, options: LiveReleaseOptions = {}): LiveReleases {
  return Object.fromEntries(remoteKeys.map((key) => [key, liveRelease(remotes[key], options)])) as LiveReleases;
}
