// The marketing remote's stylesheets, read from its federation manifest, so a server-rendered page is
// styled before any script runs. The manifest is re-read at most once a minute (a redeployed remote
// brings new file names); when it cannot be read the page is served without them (content still complete).
import { manifestUrl } from '../../config.ts';

interface Manifest {
  metaData?: { publicPath?: string };
  exposes?: { path?: string; name?: string; assets?: { css?: { sync?: string[] } } }[];
}

export interface RemoteStylesheets {
  /** Absolute URLs of the stylesheets of the remote's `./app`. */
  get(): Promise<string[]>;
}

export function remoteStylesheets(remoteUrl: string, options: { ttlMs?: number; fetch?: typeof fetch } = {}): RemoteStylesheets {
  const ttlMs = options.ttlMs ?? 60_000;
  const doFetch = options.fetch ?? fetch;
  let cached: { at: number; urls: string[] } | null = null;

  async function load(): Promise<string[]> {
    const res = await doFetch(manifestUrl(remoteUrl), { signal: AbortSignal.timeout(2000) });
    if (!res.ok) throw new Error(`${manifestUrl(remoteUrl)} answered ${res.status}`);
    const manifest = (await res.json()) as Manifest;
    const app = manifest.exposes?.find((e) => e.path === './app' || e.name === 'app');
    return (app?.assets?.css?.sync ?? []).map((file) => new URL(file, `${remoteUrl}/`).href);
  }

  return {
    async get() {
      if (cached && Date.now() - cached.at < ttlMs) return cached.urls;
      try {
        cached = { at: Date.now(), urls: await load() };
      } catch (error) {
        console.warn('[marketing] the remote stylesheets could not be read', error);
        cached = { at: Date.now() - ttlMs + 5_000, urls: cached?.urls ?? [] };
      }
      return cached.urls;
    },
  };
}
