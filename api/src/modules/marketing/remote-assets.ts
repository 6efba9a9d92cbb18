// The marketing remote's stylesheets, read from its deployed federation manifest, so a server-rendered page is
// styled before any script runs. When the manifest cannot be read the page is served with the last list (or none:
// content still complete).
import type { RemoteManifest } from '../../lib/remote-manifest.ts';

interface Manifest {
  exposes?: { path?: string; name?: string; assets?: { css?: { sync?: string[] } } }[];
}

export interface RemoteStylesheets {
  /** Absolute URLs of the stylesheets of the remote's `./app`. */
  get(): Promise<string[]>;
}

export function remoteStylesheets(manifest: RemoteManifest): RemoteStylesheets {
  return {
    async get() {
      const read = await manifest.get();
      const exposes = (read.manifest as Manifest | null)?.exposes;
      const app = Array.isArray(exposes) ? exposes.find((e) => e.path === './app' || e.name === 'app') : undefined;
      const css = app?.assets?.css?.sync;
      return Array.isArray(css) ? css.filter((f) => typeof f === 'string').map((file) => new URL(file, `${read.base}/`).href) : [];
    },
  };
}
