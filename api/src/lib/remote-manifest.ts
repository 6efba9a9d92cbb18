// A remote's deployed mf-manifest.json, as the api reads it to write a page (its stylesheets, the files a route's first
// render loads). Revalidated like the server bundles (at most every ~10 s, on demand, one read at a time, the last
// manifest served meanwhile): a redeployed remote brings new file names without the shell. While it cannot be read,
// the last one read (or none) is served: pages stay complete, only without the remote's hints.
import { manifestUrl } from '../config.ts';
import { Revalidation } from './revalidation.ts';

export interface RemoteManifest {
  /** Where the remote is served, as configured (REMOTE_*_URL, no trailing slash). */
  readonly remoteUrl: string;
  /** The parsed manifest; null until one has been read. The first call waits for the first read. */
  get(): Promise<unknown>;
}

export interface RemoteManifestOptions {
  /** How often the manifest is read again at most (default 10 s). */
  revalidateMs?: number;
  /** How long one read may take (default 2 s): the first page after a start waits for it at most this long. */
  timeoutMs?: number;
  fetch?: typeof fetch;
  now?: () => number;
  warn?: (message: string, error: unknown) => void;
}

export function remoteManifest(remoteUrl: string, options: RemoteManifestOptions = {}): RemoteManifest {
  const doFetch = options.fetch ?? fetch;
  const warn = options.warn ?? ((message, error) => console.warn(message, error));
  const url = manifestUrl(remoteUrl);
  let manifest: unknown = null;
  let read = false;
  let failing = false;

  const revalidation = new Revalidation(
    async () => {
      try {
        const res = await doFetch(url, { signal: AbortSignal.timeout(options.timeoutMs ?? 2000) });
        if (!res.ok) throw new Error(`${url} answered ${res.status}`);
        manifest = await res.json();
        failing = false;
      } catch (error) {
        // once per outage, not once per request
        if (!failing) warn(`[remotes] ${url} could not be read`, error);
        failing = true;
      }
      read = true;
    },
    { intervalMs: options.revalidateMs ?? 10_000, now: options.now },
  );

  return {
    remoteUrl,
    async get() {
      const running = revalidation.due();
      if (!read && running) await running;
      return manifest;
    },
  };
}
