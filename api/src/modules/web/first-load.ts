// The files a page's first render loads, named in its HTML as preloads, so they are all asked for with the page
// (one wave) instead of one after another as each script runs and asks for the next: the shell's start-up chunks, and
// for each remote module of the route its remoteEntry.js, its chunks and the shared modules it will take. Read from
// the builds' manifests (the shell's dist, the remotes' deployed mf-manifest.json, see @ringwise/first-load): a remote's
// redeploy changes the hints within ~10 s without the shell.
import { escapeHtml } from '@ringwise/html';
import { firstLoadOf, resolveFirstLoad, type BuildFirstLoad, type FirstLoadRequest, type PreloadAsset } from '@ringwise/first-load';
import { remoteKeys, remoteModulesForRoute, type RemoteKey, type RouteMatch } from '@ringwise/routes';
import type { LiveReleases } from '../../lib/live-release.ts';
import { remoteManifest, type RemoteManifest, type RemoteManifestOptions } from '../../lib/remote-manifest.ts';
import { ShellTemplate } from './service.ts';

export type RemoteManifests = Record<RemoteKey, RemoteManifest>;

export function remoteManifests(releases: LiveReleases, options: RemoteManifestOptions = {}): RemoteManifests {
  return Object.fromEntries(remoteKeys.map((key) => [key, remoteManifest(releases[key], options)])) as RemoteManifests;
}

export interface RouteFirstLoad {
  /** The preload tags of a page the browser renders (not of a server-rendered one: it has its markup already). */
  tags(match: RouteMatch | null): Promise<string[]>;
}

/** The view a route shows, whose lazily loaded part a build may name `view-<view>`. */
function viewOf(match: RouteMatch): string | null {
  if (match.name === 'home') return match.view;
  return match.name === 'checkout' ? 'checkout' : null;
}

interface ManifestMeta {
  metaData?: { remoteEntry?: { path?: unknown; name?: unknown } };
}

/** The remote's container script (remoteEntry.js), from its manifest. */
function remoteEntryOf(manifest: unknown, base: string): string | null {
  const entry = (manifest as ManifestMeta | null)?.metaData?.remoteEntry;
  if (typeof entry?.name !== 'string' || !entry.name) return null;
  const dir = typeof entry.path === 'string' && entry.path ? `${entry.path.replace(/^\/+|\/+$/g, '')}/` : '';
  return `${base}${dir}${entry.name}`;
}

export interface RouteFirstLoadOptions {
  shellDist: string;
  /** The page's origin: a file from elsewhere is preloaded as the chunk loader will ask for it (crossorigin). */
  publicUrl: string;
  manifests: RemoteManifests;
}

export function routeFirstLoad({ shellDist, publicUrl, manifests }: RouteFirstLoadOptions): RouteFirstLoad {
  const shellManifest = new ShellTemplate(shellDist, 'mf-manifest.json');
  const pageOrigin = new URL(publicUrl).origin;
  let parsed: { text: string; shell: BuildFirstLoad | null } | null = null;

  async function shellBuild(): Promise<BuildFirstLoad | null> {
    const text = await shellManifest.read();
    if (text === null) return null;
    if (parsed?.text !== text) {
      let firstLoad = null;
      try {
        firstLoad = firstLoadOf(JSON.parse(text));
      } catch {
        // a half-written dist: no hints until it is complete
      }
      parsed = { text, shell: firstLoad && { firstLoad, base: '/' } };
    }
    return parsed.shell;
  }

  // the chunk loader asks for another origin's file with crossorigin="anonymous", and a preload must match it to be used
  const crossOrigin = (href: string) => (new URL(href, publicUrl).origin === pageOrigin ? '' : ' crossorigin="anonymous"');
  const preload = ({ href, as }: PreloadAsset) => `<link rel="preload" href="${escapeHtml(href)}" as="${as}"${crossOrigin(href)}>`;

  return {
    async tags(match) {
      if (match === null) return [];
      const shell = await shellBuild();
      if (!shell) return [];
      const view = viewOf(match);
      // not the Auth client: a live stored session starts the page without it (shell/src/auth/auth-context.tsx)
      const shellParts = ['react-dom-client', 'bootstrap', `view-${view}`];
      const shellRequests: FirstLoadRequest[] = shellParts.flatMap((name) => {
        const part = shell.firstLoad.named[name];
        return part ? [{ build: shell, part }] : [];
      });
      const entries: string[] = [];
      const remoteRequests: FirstLoadRequest[] = [];
      const refs = remoteModulesForRoute(match);
      const read = await Promise.all(refs.map((ref) => manifests[ref.remote].get()));
      refs.forEach((ref, i) => {
        const firstLoad = firstLoadOf(read[i]!.manifest);
        const base = `${read[i]!.base}/`;
        const entry = remoteEntryOf(read[i]!.manifest, base);
        // a remote whose manifest cannot be read (or has no hints) loads as it would without them
        if (!firstLoad || !entry) return;
        if (!entries.includes(entry)) entries.push(entry);
        const build = { firstLoad, base };
        for (const part of [firstLoad.exposes[ref.module], firstLoad.named[`view-${view}`]]) if (part) remoteRequests.push({ build, part });
      });
      // the shell's own chunks first, then each remote's entry, then what the remotes' modules load
      const shellAssets = resolveFirstLoad(shell, shellRequests);
      const remoteAssets = resolveFirstLoad(shell, [...shellRequests, ...remoteRequests]).slice(shellAssets.length);
      return [...shellAssets, ...entries.map((href) => ({ href, as: 'script' as const })), ...remoteAssets].map(preload);
    },
  };
}
