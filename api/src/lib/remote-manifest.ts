// A remote's deployed mf-manifest.json, as the api reads it to write a page (its stylesheets, the files a route's first
// render loads): the live release's (live-release.ts). Revalidated like the server bundles (at most every ~10 s, on
// demand, one read at a time, the last manifest served meanwhile): a redeployed remote brings new file names without
// the shell, and a release or rollback is read at once. While it cannot be read, the last one read (or none) is
// served: pages stay complete, only without the remote's hints.
import { manifestUrl } from '../config.ts';
import type { LiveRelease } from './live-release.ts';
import { revalidatedRead, type RemoteReadOptions } from './revalidation.ts';

export interface ReadManifest {
  /** The parsed manifest; null until one has been read. */
  manifest: unknown;
  /** The folder URL it was read from (no trailing slash): what its file names are relative to. */
  base: string;
}

export interface RemoteManifest {
  /** Where the remote is served, as configured (REMOTE_*_URL, no trailing slash). */
  readonly remoteUrl: string;
  /** The live build's manifest. The first call, and the first after a release or a rollback, waits for its read. */
  get(): Promise<ReadManifest>;
}

/** Defaults: read again at most every 10 s, each read 2 s at most. */
export type RemoteManifestOptions = RemoteReadOptions;

/** The manifest at one URL, revalidated. */
function manifestAt(url: string, options: RemoteManifestOptions): { get(): Promise<unknown> } {
  const doFetch = options.fetch ?? fetch;
  const warn = options.warn ?? ((message, error) => console.warn(message, error));
  const read = async (): Promise<unknown> => {
    const res = await doFetch(url, { signal: AbortSignal.timeout(options.timeoutMs ?? 2000) });
    if (!res.ok) throw new Error(`${url} answered ${res.status}`);
    return await res.json();
  };
  return revalidatedRead(read, null, {
    intervalMs: options.revalidateMs ?? 10_000,
    now: options.now,
    warn: (error) => warn(`[remotes] ${url} could not be read`, error),
  });
}

export function remoteManifest(release: LiveRelease, options: RemoteManifestOptions = {}): RemoteManifest {
  // a newly live release's manifest is a file of its own, read at once (the last release's names nothing of it)
  let current: { base: string; reader: { get(): Promise<unknown> } } | null = null;
  return {
    remoteUrl: release.remoteUrl,
    async get() {
      const { base } = await release.get();
      if (current?.base !== base) current = { base, reader: manifestAt(manifestUrl(base), options) };
      return { manifest: await current.reader.get(), base };
    },
  };
}
