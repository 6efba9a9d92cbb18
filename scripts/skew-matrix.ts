// `bun run skew`: do builds from different commits fit together, as remote teams ship out of step? Builds the
// previous release (.ci/skew-base) in a worktree of its own, then runs the skew browser spec twice: this checkout's
// api and shell with the base's remotes (A), and the base's shell with this checkout's remotes (B). This checkout's
// production build must exist (`bun run build`). Prints each run's builds, result and time; exits 1 if any failed.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { appBuilds } from '@ringwise/apps';
import { repoRoot } from './runtime-env.ts';
import { buildBase, type BaseBuild } from './skew/base-build.ts';
import { skewBaseCommit } from './skew/skew-base.ts';
import { skewRuns, type SkewRun } from './skew/skew-runs.ts';

const shortCommit = (commit: string) => commit.slice(0, 7);
const seconds = (since: number) => Math.round((performance.now() - since) / 1000);

/** HEAD, marked when tracked files differ from it (the builds then are not exactly that commit's). */
function currentLabel(): string {
  const head = Bun.spawnSync(['git', 'rev-parse', 'HEAD'], { cwd: repoRoot }).stdout.toString().trim();
  const changed = Bun.spawnSync(['git', 'diff', '--quiet', 'HEAD'], { cwd: repoRoot }).exitCode !== 0;
  return `${shortCommit(head)}${changed ? '+changes' : ''}`;
}

function missingBuilds(root: string): string[] {
  return appBuilds.map((build) => path.join(build.dir, 'dist', build.kind === 'host' ? 'index.html' : 'mf-manifest.json')).filter((file) => !existsSync(path.join(root, file)));
}

/** The browser run under way: stopped first when this process is, so that its servers do not outlive it. */
let running: ReturnType<typeof Bun.spawn> | undefined;

async function browserRun(run: SkewRun): Promise<boolean> {
  console.log(`\n── skew run ${run.name}: ${run.describe}`);
  const output = path.join('test-results', 'skew', run.name.toLowerCase());
  const child = Bun.spawn(['node', 'node_modules/@playwright/test/cli.js', 'test', '-c', 'e2e/playwright.skew.config.ts', '--output', output], {
    cwd: repoRoot,
    env: { ...process.env, ...run.env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  running = child;
  const code = await child.exited;
  running = undefined;
  return code === 0;
}

const missing = missingBuilds(repoRoot);
if (missing.length > 0) {
  console.error(`skew matrix: this checkout's production build is missing (${missing.join(', ')}): run \`bun run build\` first`);
  process.exit(1);
}

const started = performance.now();
const baseCommit = skewBaseCommit();
const temp = mkdtempSync(path.join(tmpdir(), 'ringwise-skew-'));
let base: BaseBuild | undefined;
const cleanUp = () => {
  base?.remove();
  rmSync(temp, { recursive: true, force: true });
};
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, async () => {
    // Playwright stops its web server on SIGINT
    running?.kill('SIGINT');
    await running?.exited;
    cleanUp();
    process.exit(1);
  });
}

const report: string[] = [];
let failed = false;
try {
  base = await buildBase(baseCommit, temp);
  report.push(`base ${shortCommit(baseCommit)} checked out, installed and built in ${seconds(started)} s`);
  const runs = skewRuns({ label: currentLabel(), root: repoRoot }, { label: shortCommit(baseCommit), root: base.root }, temp);
  for (const run of runs) {
    const runStarted = performance.now();
    const ok = await browserRun(run);
    failed ||= !ok;
    report.push(`run ${run.name}: ${run.describe}: ${ok ? 'passed' : 'FAILED'} in ${seconds(runStarted)} s`);
  }
} catch (error) {
  failed = true;
  report.push(`skew matrix stopped: ${error instanceof Error ? error.message : String(error)}`);
} finally {
  cleanUp();
}

console.log(`\n── skew matrix (base ${shortCommit(baseCommit)}, .ci/skew-base)`);
for (const line of report) console.log(`  ${line}`);
console.log(`  total ${seconds(started)} s`);
process.exit(failed ? 1 : 0);
