// `bun run release <remote>`: builds one remote, checks it against what is live (the federation runtime's major, the
// shared singletons and their versions, the modules the shell loads from it and their props), publishes it as a
// versioned folder beside the live one (RELEASES_DIR/<remote>/<id>/, served as <remote URL>/releases/<id>/) and
// switches live.json to it; the previous RELEASES_KEEP releases stay served for pages opened before. `--dist <folder>`
// releases a build made already instead of building.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { remoteBuilds } from '@ringwise/apps';
import { releaseInfoOf, releaseProblems } from '@ringwise/releases';
import { ReleaseError, ReleaseStore } from '@ringwise/releases/store';
import { rspackBin } from '../processes.ts';
import { repoRoot } from '../runtime-env.ts';
import { readLiveSystem, untilServed } from './live-system.ts';
import { releaseSettings, remoteFromArgs, seconds } from './remote-arg.ts';

const started = performance.now();
const { build, rest } = remoteFromArgs(process.argv.slice(2), 'release');
const distArg = rest.indexOf('--dist');
const givenDist = distArg >= 0 ? rest[distArg + 1] : undefined;
const { publicUrl, releasesDir, keep } = releaseSettings(build);
const countFiles = (dir: string): number => readdirSync(dir).reduce((n, name) => n + (statSync(path.join(dir, name)).isDirectory() ? countFiles(path.join(dir, name)) : 1), 0);

let workDir: string | null = null;
try {
  let dist: string;
  if (givenDist) {
    dist = path.resolve(givenDist);
    console.log(`release ${build.key}: the build in ${path.relative(repoRoot, dist) || dist}`);
  } else {
    workDir = mkdtempSync(path.join(tmpdir(), `release-${build.key}-`));
    dist = path.join(workDir, 'dist');
    const buildStart = performance.now();
    execFileSync(rspackBin[0]!, [...rspackBin.slice(1), 'build', '--mode', 'production', '-c', 'rspack.config.ts', '--env', `app=${build.dir}`, '--env', `outDir=${dist}`], {
      cwd: repoRoot,
      stdio: 'pipe',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    console.log(`release ${build.key}: built ${build.dir} in ${seconds(performance.now() - buildStart)}`);
  }
  const manifest = JSON.parse(readFileSync(path.join(dist, 'mf-manifest.json'), 'utf8')) as unknown;
  const info = releaseInfoOf(manifest);

  const live = await readLiveSystem(publicUrl, remoteBuilds.map((b) => b.key!));
  const others = Object.fromEntries(Object.entries(live.remoteManifests).filter(([key]) => key !== build.key));
  const problems = releaseProblems({ key: build.key!, federationName: build.federationName, label: `the new ${build.dir} build`, manifest }, { shell: live.shellManifest, remotes: others });
  if (problems.length > 0) {
    console.error(`release ${build.key}: refused, it does not fit what is live at ${publicUrl}:`);
    for (const problem of problems) console.error(`  - ${problem}`);
    console.error('Nothing was published; what is live is unchanged.');
    process.exit(1);
  }
  const exposes = Object.keys(info?.props ?? {});
  console.log(`  fits what is live at ${publicUrl}: module federation's major, the shared singletons, ${exposes.length} exposed modules and their props (${exposes.join(', ')})`);

  const store = new ReleaseStore(releasesDir, build.key!);
  const before = store.read().live;
  const record = store.publish(dist, { commit: info?.commit ?? 'unknown', buildId: info?.buildId ?? 'unknown' });
  console.log(`  published ${record.id} (${countFiles(path.join(releasesDir, record.id))} files) to ${path.relative(repoRoot, path.join(releasesDir, record.id))}`);
  const pointer = store.switchTo(record.id);
  console.log(`  live: ${record.id} since ${pointer.live!.since} (before: ${before ? before.id : 'the root build'})`);
  const servedAfter = await untilServed(publicUrl, build, record.id);
  console.log(`  ${publicUrl}/remotes.json names it after ${servedAfter.toFixed(1)} s`);
  const removed = store.prune(keep);
  const kept = store.read().releases.map((r) => r.id);
  console.log(`  kept ${kept.length} release${kept.length === 1 ? '' : 's'} served (at most ${keep}): ${kept.join(', ')}${removed.length ? `; removed ${removed.join(', ')}` : ''}`);
  console.log(`release ${build.key}: done in ${seconds(performance.now() - started)}`);
} catch (error) {
  if (!(error instanceof ReleaseError)) throw error;
  console.error(`release ${build.key}: ${error.message}`);
  process.exit(1);
} finally {
  if (workDir) rmSync(workDir, { recursive: true, force: true });
}
