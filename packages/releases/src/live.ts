// What a remote's origin says is live: `releases/live.json` beside the versioned release folders
// (`releases/<id>/mf-manifest.json`, …). Written by `bun run release` / `bun run rollback` (scripts/release), read by
// the api for /remotes.json and by the admin console. Browser-safe: no Node or Bun APIs here.

/** The folder of a remote's origin that holds its releases and the pointer. */
export const releasesFolder = 'releases';
/** The pointer's file, in the releases folder: replaced whole (written aside, then renamed), never edited in place. */
export const livePointerFile = 'live.json';

export interface ReleaseRecord {
  /** The release's folder name: `<UTC time>-<commit>`, e.g. `20261202T183005Z-70f55f2`. */
  id: string;
  /** When it was published (ISO 8601). */
  publishedAt: string;
  /** The commit it was built from ('unknown' outside a git checkout). */
  commit: string;
  /** The build's id (the `buildId` its exposed modules export). */
  buildId: string;
}

export interface LivePointer {
  remote: string;
  /** The live release and since when it is live; null: none yet (the origin's root build is served). */
  live: (ReleaseRecord & { since: string }) | null;
  /** The releases that were live before, the most recent first: what a rollback goes back to. */
  history: (ReleaseRecord & { since: string })[];
  /** Every release still served (kept for pages opened before a switch), the newest first. */
  releases: ReleaseRecord[];
}

/** Release ids are folder names: never a path, a dot segment or anything a URL would need to escape. */
export const releaseIdPattern = /^[0-9]{8}T[0-9]{6}Z-[0-9a-z]{1,40}(-[0-9]+)?$/;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function parseRecord(value: unknown): ReleaseRecord {
  if (!isRecord(value)) throw new Error('a release is not an object');
  const { id, publishedAt, commit, buildId } = value;
  if (typeof id !== 'string' || !releaseIdPattern.test(id)) throw new Error(`a release has an invalid id: ${JSON.stringify(id)}`);
  if (typeof publishedAt !== 'string' || Number.isNaN(Date.parse(publishedAt))) throw new Error(`release ${id} has no publishedAt`);
  if (typeof commit !== 'string' || typeof buildId !== 'string') throw new Error(`release ${id} has no commit or buildId`);
  return { id, publishedAt, commit, buildId };
}

function parseLive(value: unknown): ReleaseRecord & { since: string } {
  const record = parseRecord(value);
  const since = (value as Record<string, unknown>).since;
  if (typeof since !== 'string' || Number.isNaN(Date.parse(since))) throw new Error(`release ${record.id} has no since`);
  return { ...record, since };
}

/** Checks a live.json's shape; throws an Error naming what is wrong. */
export function parseLivePointer(value: unknown): LivePointer {
  if (!isRecord(value) || typeof value.remote !== 'string') throw new Error('live.json is not a release pointer');
  if (!Array.isArray(value.history) || !Array.isArray(value.releases)) throw new Error('live.json has no history or releases');
  return {
    remote: value.remote,
    live: value.live === null ? null : parseLive(value.live),
    history: value.history.map(parseLive),
    releases: value.releases.map(parseRecord),
  };
}

/** The folder URL a remote's live build is served from: its release folder, or the origin's root without one. */
export function liveBaseUrl(remoteUrl: string, pointer: LivePointer | null): string {
  return pointer?.live ? `${remoteUrl}/${releasesFolder}/${pointer.live.id}` : remoteUrl;
}

/** What /remotes.json says about one remote beside its manifest URL (shown in the admin console). */
export interface LiveRemote {
  manifest: string;
  /** The live release; null: the origin's root build (no release made with `bun run release` yet). */
  release: { id: string; since: string; commit: string } | null;
}

/**
 * /remotes.json: each remote key → its live manifest's URL (what every shell reads: an older shell ignores the rest),
 * and `live`: the same per key with the release and since when it is live.
 */
export type RemotesDocument<Key extends string = string> = Record<Key, string> & { live: Record<Key, LiveRemote> };
