// `bun run release <remote>` / `rollback <remote>`: the remote by key ('dialer') or folder ('mfe-dialer'), and the
// settings both read.
import { remoteBuilds, type AppBuild } from '@ringwise/apps';
import { releasesDirOf } from '../runtime-env.ts';

export function remoteFromArgs(argv: string[], command: string): { build: AppBuild; rest: string[] } {
  const [name, ...rest] = argv;
  const build = remoteBuilds.find((b) => b.key === name || b.dir === name);
  if (!build) {
    console.error(`usage: bun run ${command} <remote>   (one of ${remoteBuilds.map((b) => b.key).join(', ')})`);
    process.exit(2);
  }
  return { build, rest };
}

export function releaseSettings(build: AppBuild, env: NodeJS.ProcessEnv = process.env) {
  const keep = Number(env.RELEASES_KEEP ?? 5);
  if (!Number.isInteger(keep) || keep < 2) throw new Error(`RELEASES_KEEP must be a whole number of 2 or more, not ${JSON.stringify(env.RELEASES_KEEP)}`);
  return {
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT ?? 3000}`).replace(/\/+$/, ''),
    releasesDir: releasesDirOf(build, env),
    keep,
  };
}

export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
