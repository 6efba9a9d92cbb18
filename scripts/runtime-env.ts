// Where every part listens, from the environment (ARCHITECTURE.md §3), shared by dev, start, tests and bench.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { remoteBuilds, type AppBuild } from '@ringwise/apps';
import { standIns, standInUrl, type StandInKey } from '@ringwise/apps/stand-ins';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function remoteUrl(build: AppBuild, env: NodeJS.ProcessEnv = process.env): string {
  return (build.urlEnv && env[build.urlEnv]) || `http://localhost:${build.port}`;
}

/** The variable naming the folder a local remote is served from: REMOTE_<KEY>_DIST. */
export function remoteDistVariable(build: AppBuild): string {
  return build.urlEnv?.replace(/_URL$/, '_DIST') ?? '';
}

/**
 * Where `bun run release` publishes a remote on this machine and its server serves it as /releases/: the folder
 * RELEASES_DIR (default .releases in the checkout) holds one per remote, named as the remote's package folder.
 */
export function releasesDirOf(build: AppBuild, env: NodeJS.ProcessEnv = process.env): string {
  return path.join(env.RELEASES_DIR || path.join(repoRoot, '.releases'), build.dir);
}

/**
 * The remotes this machine serves itself: those whose URL points at a local port. Each serves its build,
 * or the folder named by REMOTE_<KEY>_DIST (a deploy target, as the redeploy test uses).
 */
export function localRemotes(env: NodeJS.ProcessEnv = process.env) {
  return remoteBuilds.flatMap((build) => {
    const url = new URL(remoteUrl(build, env));
    const local = url.hostname === 'localhost' || url.hostname === '127.0.0.1';
    const distEnv = remoteDistVariable(build);
    const dir = env[distEnv] || path.join(repoRoot, build.dir, 'dist');
    return local ? [{ build, port: Number(url.port || 80), dir, releasesDir: releasesDirOf(build, env) }] : [];
  });
}

/** The provider stand-ins this machine runs: those whose provider is not configured (ARCHITECTURE.md §4). */
export function localStandIns(env: NodeJS.ProcessEnv = process.env) {
  const configured: Record<StandInKey, boolean> = {
    auth: Boolean(env.SUPABASE_URL?.trim()),
    twilio: Boolean(env.TWILIO_ACCOUNT_SID?.trim() || env.TWILIO_AUTH_TOKEN?.trim()),
    stripe: Boolean(env.STRIPE_SECRET_KEY?.trim()),
  };
  return standIns.filter((standIn) => !configured[standIn.key]).map((standIn) => ({ standIn, url: standInUrl(standIn.key, env) }));
}
