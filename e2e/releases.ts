// What the redeploy tests share: a remote rebuilt as a new release with a visible change, and a CDN-like upload.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './e2e-env.ts';

/**
 * Copies a remote's package.json and src to `workDir`, keeps its exposed app as `src/exposed/app-release-1.tsx`,
 * puts `appSource` (which wraps it) in its place, and builds the copy with the usual recipe (browser and, for
 * remotes that have one, server bundle). `moreSources` are further files beside it (name → text), e.g. a part it
 * loads lazily. Returns the build's folder.
 */
export function buildRelease(app: string, workDir: string, appSource: string, moreSources: Record<string, string> = {}): string {
  rmSync(workDir, { recursive: true, force: true });
  mkdirSync(workDir, { recursive: true });
  for (const item of ['package.json', 'src']) cpSync(path.join(repoRoot, app, item), path.join(workDir, item), { recursive: true });
  const exposed = path.join(workDir, 'src/exposed');
  renameSync(path.join(exposed, 'app.tsx'), path.join(exposed, 'app-release-1.tsx'));
  writeFileSync(path.join(exposed, 'app.tsx'), appSource);
  for (const [name, source] of Object.entries(moreSources)) writeFileSync(path.join(exposed, name), source);
  const outDir = path.join(workDir, 'dist');
  execFileSync(
    'node',
    ['node_modules/@rspack/cli/bin/rspack.js', 'build', '--mode', 'production', '-c', 'rspack.config.ts', '--env', `app=${app}`, '--env', `appDir=${workDir}`, '--env', `outDir=${outDir}`],
    { cwd: repoRoot, stdio: 'pipe' },
  );
  return outDir;
}

export const filesOf = (dir: string, sub = ''): string[] =>
  readdirSync(path.join(dir, sub)).flatMap((name) => {
    const rel = path.join(sub, name);
    return statSync(path.join(dir, rel)).isDirectory() ? filesOf(dir, rel) : [rel];
  });

/** Uploads like a CDN deploy: chunks (and a server bundle) first, then the entry and the manifests that point at them (each with its .br and .gz copies). */
export function deploy(from: string, to: string): void {
  // each followed by its precompressed copies: a copy older than its file is not served
  const last = ['server/ssr-manifest.json', 'remoteEntry.js', 'mf-manifest.json'].flatMap((f) => [f, `${f}.br`, `${f}.gz`]);
  const files = filesOf(from);
  for (const file of [...files.filter((f) => !last.includes(f)), ...last.filter((f) => files.includes(f))]) {
    mkdirSync(path.dirname(path.join(to, file)), { recursive: true });
    cpSync(path.join(from, file), path.join(to, file));
  }
}
