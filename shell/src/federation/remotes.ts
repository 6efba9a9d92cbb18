// Where the remotes live is decided at run time: /remotes.json (preloaded by the page) names each remote's
// manifest, and the host's own federation instance registers them. Moving or redeploying a remote never
// needs a new shell build.
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { remoteKeys, type RemoteKey } from '@ringwise/routes';
import type { ComponentType } from 'react';
import { failedRemoteModule, isFailedRemoteModule, type FailedRemoteModule } from './failed-remote.ts';

export type RemoteMap = Record<RemoteKey, string>;

let registration: Promise<RemoteMap> | null = null;

async function fetchRemoteMap(): Promise<RemoteMap> {
  const res = await fetch('/remotes.json');
  if (!res.ok) throw new Error(`/remotes.json answered ${res.status}`);
  const body = (await res.json()) as Partial<Record<string, unknown>>;
  const map = {} as RemoteMap;
  for (const key of remoteKeys) {
    const entry = body[key];
    if (typeof entry !== 'string') throw new Error(`/remotes.json has no entry for "${key}"`);
    map[key] = entry;
  }
  return map;
}

const remoteOf = (key: RemoteKey, entry: string) => ({ name: `ringwise_${key}`, alias: key, entry });

/** Fetches the remote map once; a failed fetch is forgotten so Retry asks again. */
export function ensureRemotesRegistered(): Promise<RemoteMap> {
  registration ??= fetchRemoteMap().then(
    (map) => {
      registerRemotes(remoteKeys.map((key) => remoteOf(key, map[key])));
      return map;
    },
    (error: unknown) => {
      registration = null;
      throw error;
    },
  );
  return registration;
}

export type RemoteComponent = ComponentType<any>;
const loaded = new Map<string, RemoteComponent>();
/** The build of each loaded remote module, from its `buildId` export (a module without one has none). */
const loadedBuilds = new Map<string, string>();

export function loadedRemoteComponent(id: string): RemoteComponent | undefined {
  return loaded.get(id);
}

/** The build id a loaded remote module exports, e.g. to compare it with the build a page was rendered with. */
export function loadedRemoteBuildId(id: string): string | undefined {
  return loadedBuilds.get(id);
}

/** A server render has no federation runtime: it hands the remote's module in directly. */
export function provideLoadedRemote(id: string, Component: RemoteComponent): void {
  loaded.set(id, Component);
}

const inflight = new Map<string, Promise<RemoteComponent | FailedRemoteModule>>();

/**
 * Loads `<remote>/<module>`'s default export; failures come back as a marker, never as a throw.
 * Concurrent calls share one load, so a view can start loading its remotes before it renders.
 */
export function loadRemoteComponent(id: string): Promise<RemoteComponent | FailedRemoteModule> {
  let pending = inflight.get(id);
  if (!pending) {
    pending = load(id).finally(() => inflight.delete(id));
    inflight.set(id, pending);
  }
  return pending;
}

async function load(id: string): Promise<RemoteComponent | FailedRemoteModule> {
  try {
    await ensureRemotesRegistered();
  } catch (error) {
    console.warn('[federation] the remote map could not be loaded', error);
    return failedRemoteModule(id, error);
  }
  const mod = await loadRemote<{ default?: RemoteComponent; buildId?: unknown }>(id);
  if (isFailedRemoteModule(mod)) return mod;
  const Component = mod?.default;
  if (typeof Component !== 'function' && typeof Component !== 'object') {
    return failedRemoteModule(id, new Error(`${id} has no default export`));
  }
  loaded.set(id, Component);
  if (typeof mod?.buildId === 'string') loadedBuilds.set(id, mod.buildId);
  return Component;
}

/**
 * For a remote released while the page ran (its old lazy chunks are gone): asks /remotes.json where it lives now,
 * registers it there over the old one and forgets its loaded modules, so the next load runs the new release.
 */
export async function reloadRemote(key: RemoteKey): Promise<void> {
  const map = await fetchRemoteMap();
  for (const cache of [loaded, loadedBuilds, inflight]) {
    for (const id of cache.keys()) if (id.startsWith(`${key}/`)) cache.delete(id);
  }
  // The new entry's bundler runtime would take over the chunks the old release pushed to this global (same chunk
  // ids, other code) and never fetch its own.
  delete (globalThis as Record<string, unknown>)[`rspackChunkringwise_${key}`];
  registerRemotes([remoteOf(key, map[key])], { force: true });
}
