// What each build's first render loads, written by the build into its own mf-manifest.json (build-plugin.ts)
// and read by the api to name a route's files in the first HTML (resolve.ts). Files are relative to the build's
// public path; `shared` lists the share keys a part consumes, which the federation runtime loads before the part runs.

/** The field of mf-manifest.json that holds a FirstLoad; the federation runtime ignores fields it does not know. */
export const firstLoadField = 'ringwiseFirstLoad';

export interface FirstLoadPart {
  js: string[];
  css: string[];
  /** Share keys this part consumes. */
  shared: string[];
}

export interface FirstLoad {
  /** Exposed modules by name without './' ('app', 'widgets/call-overlay'). */
  exposes: Record<string, FirstLoadPart>;
  /** Chunk groups named in the source (`import(/* webpackChunkName: "view-dialer" *\/ …)`). */
  named: Record<string, FirstLoadPart>;
  /** What loading this build's copy of a shared module takes; empty files when it is in the entry already (eager). */
  provides: Record<string, FirstLoadPart>;
}

const isStringList = (value: unknown): value is string[] => Array.isArray(value) && value.every((v) => typeof v === 'string');

function isPartMap(value: unknown): value is Record<string, FirstLoadPart> {
  if (typeof value !== 'object' || value === null) return false;
  return Object.values(value).every(
    (part) => typeof part === 'object' && part !== null && isStringList(part.js) && isStringList(part.css) && isStringList(part.shared),
  );
}

/** Each parsed manifest is checked once: the api asks for the same one on every page until the remote is redeployed. */
const checked = new WeakMap<object, FirstLoad | null>();

/** The FirstLoad of a parsed mf-manifest.json; null when it has none or it is malformed (an older or foreign build). */
export function firstLoadOf(manifest: unknown): FirstLoad | null {
  if (typeof manifest !== 'object' || manifest === null) return null;
  if (!checked.has(manifest)) checked.set(manifest, readFirstLoad(manifest));
  return checked.get(manifest) ?? null;
}

function readFirstLoad(manifest: object): FirstLoad | null {
  const value = (manifest as Record<string, unknown>)[firstLoadField];
  if (typeof value !== 'object' || value === null) return null;
  const { exposes, named, provides } = value as Record<string, unknown>;
  return isPartMap(exposes) && isPartMap(named) && isPartMap(provides) ? { exposes, named, provides } : null;
}
