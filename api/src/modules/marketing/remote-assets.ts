// The marketing remote's stylesheets, read from its federation manifest, so a server-rendered page is
// styled before any script runs. The manifest is revalidated like the server bundle's (at most every ~10 s,
// on demand, one read at a time, the last list served meanwhile): a redeployed remote brings new file
// names. When it cannot be read the page is served with the last list (or none: content still complete).
import { manifestUrl } from '../../config.ts';
import { Revalidation } from '../../lib/revalidation.ts';

interface Manifest {
  metaData?: { publicPath?: string };
  exposes?: { path?: string; name?: string; assets?: { css?: { sync?: string[] } } }[];
}

export interface RemoteStylesheets {
  /** Absolute URLs of the stylesheets of the remote's `./app`. */
  get(): Promise<string[]>;
}

export interface RemoteStylesheetsOptions {
  /** How often the manifest is read again at most (default 10 s). */
  revalidateMs?: number;
  timeoutMs?: number;
  fetch?: typeof fetch;
  now?: () => number;
  warn?: (message: string, error: unknown) => void;
}

export function remoteStylesheets(remoteUrl: string, options: RemoteStylesheetsOptions = {}): RemoteStylesheets {
  const doFetch = options.fetch ?? fetch;
  const warn = options.warn ?? ((message, error) => console.warn(message, error));
  let urls: string[] = [];
  let read = false;
  let failing = false;

  async function load(): Promise<string[]> {
    const res = await doFetch(manifestUrl(remoteUrl), { signal: AbortSignal.timeout(options.timeoutMs ?? 2000) });
    if (!res.ok) throw new Error(`${manifestUrl(remoteUrl)} answered ${res.status}`);
    const manifest = (await res.json()) as Manifest;
    const app = manifest.exposes?.find((e) => e.path === './app' || e.name === 'app');
    return (app?.assets?.css?.sync ?? []).map((file) => new URL(file, `${remoteUrl}/`).href);
  }

  const revalidation = new Revalidation(
    async () => {
      try {
        urls = await load();
        failing = false;
      } catch (error) {
        // once per outage, not once per request
        if (!failing) warn('[marketing] the remote stylesheets could not be read', error);
        failing = true;
      }
      read = true;
    },
    { intervalMs: options.revalidateMs ?? 10_000, now: options.now },
  );

  return {
    async get() {
      const running = revalidation.due();
      // the first page waits for the first read; later ones get the last list at once
      if (!read && running) await running;
      return urls;
    },
  };
}
