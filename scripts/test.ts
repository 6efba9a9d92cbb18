// `bun run test`: everything CI runs, in order: typecheck, lint, unit tests, database tests (pgTAP), production build,
// the builds' shared singletons checked against each other, browser tests, the ledger of the browser tests' database,
// the skew matrix (the previous release's builds with these, `bun run skew`) and the browser test of the dev command
// (`bun run dev`, development builds).
// It first installs what a fresh machine lacks (Debian's chromium, pgtap, pg_prove and nginx) and starts PostgreSQL when it is
// installed but stopped. Ends with one line "tests: N passed, N failed".
import { existsSync } from 'node:fs';
import { repoRoot } from './runtime-env.ts';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

async function run(label: string, cmd: string[], env: Record<string, string> = {}): Promise<{ code: number; output: string }> {
  console.log(`\n── ${label}: ${cmd.join(' ')}`);
  const child = Bun.spawn(cmd, { cwd: repoRoot, env: { ...process.env, ...env }, stdout: 'pipe', stderr: 'pipe' });
  let output = '';
  const pump = async (stream: ReadableStream<Uint8Array>, sink: NodeJS.WriteStream) => {
    const decoder = new TextDecoder();
    for await (const chunk of stream) {
      const text = decoder.decode(chunk, { stream: true });
      output += text;
      sink.write(text);
    }
  };
  await Promise.all([pump(child.stdout, process.stdout), pump(child.stderr, process.stderr)]);
  return { code: await child.exited, output };
}

async function ensureMachine(): Promise<void> {
  if (!existsSync(chromium)) {
    if (process.getuid?.() !== 0) throw new Error(`${chromium} is missing: install Debian's chromium package`);
    const update = await run('install chromium', ['apt-get', 'update', '-qq']);
    const install = await run('install chromium', ['apt-get', 'install', '-y', '-qq', 'chromium'], {
      DEBIAN_FRONTEND: 'noninteractive',
    });
    if (update.code !== 0 || install.code !== 0) throw new Error('could not install chromium with apt-get');
  }
  if (!Bun.which('pg_prove')) {
    if (process.getuid?.() !== 0) throw new Error('pg_prove is missing: install postgresql-15-pgtap and libtap-parser-sourcehandler-pgtap-perl');
    const update = await run('install pgtap', ['apt-get', 'update', '-qq']);
    const install = await run('install pgtap', ['apt-get', 'install', '-y', '-qq', 'postgresql-15-pgtap', 'libtap-parser-sourcehandler-pgtap-perl'], {
      DEBIAN_FRONTEND: 'noninteractive',
    });
    if (update.code !== 0 || install.code !== 0) throw new Error('could not install pgtap with apt-get');
  }
  // the scale-out test puts Debian's nginx in front of two api processes
  if (!existsSync(process.env.NGINX_PATH ?? '/usr/sbin/nginx')) {
    if (process.getuid?.() !== 0) throw new Error('nginx is missing: install Debian\'s nginx package');
    const update = await run('install nginx', ['apt-get', 'update', '-qq']);
    const install = await run('install nginx', ['apt-get', 'install', '-y', '-qq', 'nginx-light'], { DEBIAN_FRONTEND: 'noninteractive' });
    if (update.code !== 0 || install.code !== 0) throw new Error('could not install nginx with apt-get');
  }
  if (Bun.which('pg_lsclusters')) {
    const clusters = Bun.spawnSync(['pg_lsclusters', '--no-header']).stdout.toString().trim().split('\n');
    for (const line of clusters.filter(Boolean)) {
      const [version, name, , status] = line.split(/\s+/);
      if (status !== 'online' && version && name) {
        await run('start postgresql', ['pg_ctlcluster', '--skip-systemctl-redirect', version, name, 'start']);
      }
    }
  }
}

function count(output: string, pattern: RegExp): number {
  return [...output.matchAll(pattern)].reduce((sum, m) => sum + Number(m[1]), 0);
}

await ensureMachine();
let passed = 0;
let failed = 0;
const failures: string[] = [];

const steps: [string, string[]][] = [
  ['typecheck', ['node', 'node_modules/typescript/bin/tsc', '-p', 'tsconfig.json', '--noEmit']],
  ['lint', ['node_modules/.bin/oxlint', '--deny-warnings', '.']],
];
for (const [label, cmd] of steps) {
  const { code } = await run(label, cmd);
  if (code !== 0) failures.push(label);
}

// tests check behaviour, not speed (speed is the benchmarks'): a test or hook that starts api processes or an
// embedded database gets 30 s, so a loaded 2-core machine does not fail it at Bun's default of 5 s (only the
// command line sets it for every file: bunfig has no such key, and setDefaultTimeout in a preload reaches the first file only)
const unit = await run('unit tests', ['bun', 'test', '--timeout', '30000']);
passed += count(unit.output, /^\s*(\d+) pass$/gm);
failed += count(unit.output, /^\s*(\d+) fail$/gm);
if (unit.code !== 0) failures.push('unit tests');

const pgtap = await run('database tests', ['bun', 'scripts/pgtap.ts']);
passed += count(pgtap.output, /^database tests: (\d+) passed/gm);
failed += count(pgtap.output, /^database tests: \d+ passed, (\d+) failed/gm);
if (pgtap.code !== 0) failures.push('database tests');

const build = await run('build', ['bun', 'scripts/build.ts']);
if (build.code !== 0) failures.push('build');
else {
  const shared = await run('shared singletons', ['bun', 'scripts/check-shared.ts']);
  if (shared.code !== 0) failures.push('shared singletons');
  const e2e = await run('browser tests', ['node', 'node_modules/@playwright/test/cli.js', 'test', '-c', 'e2e/playwright.config.ts']);
  passed += count(e2e.output, /^\s*(\d+) passed/gm);
  failed += count(e2e.output, /^\s*(\d+) failed/gm);
  if (e2e.code !== 0) failures.push('browser tests');
  // the browser tests' own database (their api has stopped): every balance still equals its ledger
  const ledger = await run('ledger', ['bun', 'scripts/ledger-verify.ts'], { DATA_DIR: '.e2e-tmp/data', DATABASE_URL: '' });
  if (ledger.code !== 0) failures.push('ledger');
  // the previous release's builds (.ci/skew-base) with this checkout's, both ways, on the production build above
  const skew = await run('skew matrix', ['bun', 'scripts/skew-matrix.ts']);
  passed += count(skew.output, /^\s*(\d+) passed/gm);
  failed += count(skew.output, /^\s*(\d+) failed/gm);
  if (skew.code !== 0) failures.push('skew matrix');
  // the README's dev command in the browser (its development builds replace the production ones in the dist folders,
  // so it comes after every test of those)
  const dev = await run('dev command browser test', ['node', 'node_modules/@playwright/test/cli.js', 'test', '-c', 'e2e/playwright.dev.config.ts']);
  passed += count(dev.output, /^\s*(\d+) passed/gm);
  failed += count(dev.output, /^\s*(\d+) failed/gm);
  if (dev.code !== 0) failures.push('dev command browser test');
}

if (failures.length > 0) console.log(`\nFailed steps: ${failures.join(', ')}`);
console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(failures.length > 0 ? 1 : 0);
