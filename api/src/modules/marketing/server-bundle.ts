// A build's server bundle, loaded by URL: `<base>/ssr-manifest.json` names the bundle's file, its build id
// and the shared modules it requires; the bundle is one CommonJS file that gets the api's own instances of
// those modules (shared-modules.ts) and nothing else. The manifest is revalidated on demand (at most every
// ~10 s for a remote, one read at a time, the current bundle served meanwhile), so a redeployed remote is
// rendered with its own code within seconds and without a restart; a new bundle is loaded only when the
// manifest names another build. A bundle that cannot be used (unreachable, broken, built against shared
// versions the api does not have) is never replaced by the previous deployment's: its pages are rendered in
// the browser, and the api says so once per build.
//
// Why not @module-federation/node: it would put a second federation runtime into the api (its own share
// scope negotiation, remote-entry chunk loading over HTTP with vm, a cache of loaded containers that has to
// be flushed for a redeploy to show), to get what this file does with a fixed list of host singletons, one
// file per build and a build id: the module-federation idea (the host provides the singletons, the remote
// brings its code) without a runtime to keep compatible with the browser's.
//
// The `require` restriction keeps one React (and one QueryClient context) per page; it is no sandbox: the
// bundle is code we built and deployed, run with the api's rights, like the remote's code in the browser.
import { fileURLToPath } from 'node:url';
import { runInThisContext } from 'node:vm';
import { describeConflict, parseSsrManifest, sharedConflicts, type SsrManifest } from '@ringwise/shared-versions';
import { Revalidation } from '../../lib/revalidation.ts';
import { providedVersions, type ProvidedModules } from './shared-modules.ts';

/** A bundle that will not work whatever the network does: not tried again for the same build. */
export class BundleError extends Error {
  override readonly name = 'BundleError';
}

/** Runs CommonJS code; its `require` answers only with `modules`, anything else throws. */
export function evaluateCommonJs(code: string, filename: string, modules: ReadonlyMap<string, unknown>): Record<string, unknown> {
  const module: { exports: Record<string, unknown> } = { exports: {} };
  const require = (request: string): unknown => {
    if (modules.has(request)) return modules.get(request);
    throw new BundleError(`${filename} requires "${request}", which is not a module the api provides to it`);
  };
  // runInThisContext (not a new context): the bundle's objects are this realm's, so the elements it creates
  // are the ones the api's React renders; the filename shows in stack traces
  const run = runInThisContext(`(function (module, exports, require) {${code}\n})`, { filename }) as (
    module: { exports: Record<string, unknown> },
    exports: Record<string, unknown>,
    require: (request: string) => unknown,
  ) => void;
  run(module, module.exports, require);
  return module.exports;
}

export interface LoadedBundle<T> {
  buildId: string;
  exports: T;
}

export interface ServerBundle<T> {
  /** The bundle of the deployment the manifest names now, or null when there is none to use (render in the browser). */
  current(): Promise<LoadedBundle<T> | null>;
}

export interface ServerBundleOptions<T> {
  /** The build, for messages ('marketing'). */
  name: string;
  /** Where ssr-manifest.json and the bundle live: an http(s) or file URL ending in '/' (or where they live now: a remote's live release). */
  baseUrl: string | (() => Promise<string>);
  /** What the bundle may require. */
  modules: ProvidedModules;
  /** Checks the bundle's exports and returns them typed; throws a BundleError when they are not usable. */
  validate(exports: Record<string, unknown>): T;
  /** How often the manifest is read again at most (default 10 s). */
  revalidateMs?: number;
  /** For each read of the manifest and of the bundle (default 2 s). */
  timeoutMs?: number;
  fetch?: typeof fetch;
  now?: () => number;
  warn?: (message: string, error?: unknown) => void;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function serverBundle<T>(options: ServerBundleOptions<T>): ServerBundle<T> {
  const { name, modules } = options;
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 2000;
  const warn = options.warn ?? ((message, error) => console.warn(message, error ?? ''));
  const manifestUrlNow = async () => new URL('ssr-manifest.json', typeof options.baseUrl === 'string' ? options.baseUrl : await options.baseUrl()).href;

  /** The deployment the manifest named last ("<buildId>:<file>"); null until it has been read. */
  let deployed: string | null = null;
  let loaded: (LoadedBundle<T> & { key: string }) | null = null;
  /** Deployments whose bundle failed for good: not fetched again. */
  const unusable = new Set<string>();
  const warnedBuilds = new Set<string>();
  let manifestFailing = false;
  let attempted = false;

  async function read(url: string): Promise<string> {
    if (url.startsWith('file:')) return await Bun.file(fileURLToPath(url)).text();
    const res = await doFetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { 'cache-control': 'no-cache' } });
    if (!res.ok) throw new Error(`${url} answered ${res.status}`);
    return await res.text();
  }

  async function load(manifest: SsrManifest, manifestUrl: string): Promise<T> {
    const missing = Object.keys(manifest.shared).filter((key) => !Object.hasOwn(modules, key));
    if (missing.length > 0) throw new BundleError(`it requires ${missing.join(', ')}, which the api does not provide`);
    const conflicts = sharedConflicts([
      { name: 'the api', shared: providedVersions(modules) },
      { name: `the ${name} server bundle`, shared: manifest.shared },
    ]);
    if (conflicts.length > 0) throw new BundleError(`its shared modules do not fit the api's: ${conflicts.map(describeConflict).join('; ')}`);
    const fileUrl = new URL(manifest.file, manifestUrl).href;
    const code = await read(fileUrl);
    const required = new Map(await Promise.all(Object.keys(manifest.shared).map(async (key) => [key, await modules[key]!.load()] as const)));
    let exports: Record<string, unknown>;
    try {
      exports = evaluateCommonJs(code, fileUrl, required);
    } catch (error) {
      throw new BundleError(`it failed to run: ${messageOf(error)}`, { cause: error });
    }
    if (exports.buildId !== manifest.buildId) {
      throw new BundleError(`it is build ${String(exports.buildId)}, its manifest says ${manifest.buildId}`);
    }
    return options.validate(exports);
  }

  async function refresh(): Promise<void> {
    let manifest: SsrManifest;
    const manifestUrl = await manifestUrlNow();
    try {
      manifest = parseSsrManifest(JSON.parse(await read(manifestUrl)));
      manifestFailing = false;
    } catch (error) {
      // the last bundle stays (the deployment is not known to have changed); said once per outage
      if (!manifestFailing) warn(`[ssr] ${name}: ${manifestUrl} could not be read`, error);
      manifestFailing = true;
      return;
    } finally {
      attempted = true;
    }
    const key = `${manifest.buildId}:${manifest.file}`;
    deployed = key;
    if (loaded?.key === key || unusable.has(key)) return;
    try {
      loaded = { key, buildId: manifest.buildId, exports: await load(manifest, manifestUrl) };
    } catch (error) {
      if (error instanceof BundleError) unusable.add(key);
      if (!warnedBuilds.has(manifest.buildId)) {
        warnedBuilds.add(manifest.buildId);
        warn(`[ssr] ${name}: the server bundle of build ${manifest.buildId} cannot be used, its pages render in the browser: ${messageOf(error)}`, error);
      }
    }
  }

  const revalidation = new Revalidation(refresh, { intervalMs: options.revalidateMs ?? 10_000, now: options.now });
  const usable = () => (loaded !== null && loaded.key === deployed ? { buildId: loaded.buildId, exports: loaded.exports } : null);
  /** A bundle for the named deployment may be on its way. */
  const pending = () => deployed !== null && loaded?.key !== deployed && !unusable.has(deployed);

  return {
    async current() {
      const running = revalidation.due();
      // Stale-while-revalidate: the bundle of the known deployment is served at once. A request waits (a few
      // seconds at most) only for the first read and for the bundle of a deployment it has no bundle for.
      if (running && usable() === null && (!attempted || pending())) await running;
      return usable();
    },
  };
}
