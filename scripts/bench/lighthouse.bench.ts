// Lighthouse (mobile preset: slow 4G, 4x CPU slowdown) on the landing page and the UK country page of the
// production build, on Debian's Chromium. Prints the performance, accessibility and SEO scores and the
// main metrics of each run, then the median per page: on a shared 2-core machine one run's Total Blocking
// Time varies by ±100 ms, so the median of LIGHTHOUSE_RUNS (default 3) is the number to read.
// Targets (issue 4): SEO 100, performance 95 or more. Also /home signed in (a Chrome profile holding a session;
// goal: performance 90 or more).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { remoteBuilds } from '@ringwise/apps';
import { standIns } from '@ringwise/apps/stand-ins';
import { repoRoot } from '../runtime-env.ts';

// BENCH_PORT_BASE moves its ports (PORT..PORT+12), as it does the federation benchmark's
const PORT = Number(process.env.BENCH_PORT_BASE ?? 3500);
const origin = `http://localhost:${PORT}`;
const chromeFlags = '--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run';

const build = Bun.spawn(['bun', 'scripts/build.ts'], { cwd: repoRoot, stdout: 'ignore', stderr: 'inherit' });
if ((await build.exited) !== 0) process.exit(1);

const dataDir = mkdtempSync(path.join(tmpdir(), 'ringwise-lighthouse-'));
const env: Record<string, string> = { PORT: String(PORT), PUBLIC_URL: origin, DATA_DIR: dataDir, START_SKIP_BUILD: '1' };
remoteBuilds.forEach((b, i) => {
  if (b.urlEnv) env[b.urlEnv] = `http://localhost:${PORT + 1 + i}`;
});
// the stand-ins on ports of the benchmark's own, beside a running `bun run dev`
standIns.forEach((standIn, i) => {
  env[standIn.urlEnv] = `http://localhost:${PORT + 10 + i}`;
});
const server = Bun.spawn(['bun', 'scripts/start.ts'], { cwd: repoRoot, env: { ...process.env, ...env }, stdout: 'ignore', stderr: 'inherit' });

interface LighthouseReport {
  categories: Record<string, { score: number }>;
  audits: Record<string, { displayValue?: string; score: number | null; title: string }>;
}

/** A Chrome profile whose localStorage holds a signed-in session for the app (Lighthouse keeps it with --disable-storage-reset). */
async function signedInProfile(): Promise<string> {
  const { chromium } = await import('@playwright/test');
  const signUp = await fetch(`${env.AUTH_STAND_IN_URL}/auth/v1/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: `lighthouse-${Date.now()}@example.com`, password: 'correct horse battery' }),
  });
  const session = JSON.stringify(await signUp.json());
  const profile = mkdtempSync(path.join(tmpdir(), 'ringwise-lighthouse-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const page = await context.newPage();
  await page.goto(`${origin}/sign-in`);
  await page.evaluate((stored) => window.localStorage.setItem('ringwise-auth', stored), session);
  await context.close();
  return profile;
}

async function lighthouse(url: string, profile?: string): Promise<LighthouseReport | null> {
  const child = Bun.spawn(
    [
      'node',
      'node_modules/lighthouse/cli/index.js',
      url,
      '--output=json',
      '--output-path=stdout',
      '--quiet',
      '--only-categories=performance,accessibility,seo',
      `--chrome-flags=${chromeFlags}${profile ? ` --user-data-dir=${profile}` : ''}`,
      ...(profile ? ['--disable-storage-reset'] : []),
    ],
    { cwd: repoRoot, env: { ...process.env, CHROME_PATH: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' }, stdout: 'pipe', stderr: 'pipe' },
  );
  const [out, code] = await Promise.all([new Response(child.stdout).text(), child.exited]);
  if (code !== 0) {
    console.log(`${url}: lighthouse failed (${code}): ${(await new Response(child.stderr).text()).slice(-500)}`);
    return null;
  }
  return JSON.parse(out) as LighthouseReport;
}

try {
  for (let i = 0; ; i++) {
    const ok = await fetch(`${origin}/api/health`).then((r) => r.ok, () => false);
    if (ok) break;
    if (i > 150) throw new Error('the app did not start');
    await Bun.sleep(200);
  }

  const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
  // /home signed in (goal, issue: calling: performance 90 or more, mobile)
  const profile = await signedInProfile();
  // LIGHTHOUSE_ROUTES=/home runs one page; LIGHTHOUSE_SAVE=<dir> keeps each full report there to read.
  const routes = process.env.LIGHTHOUSE_ROUTES?.split(',') ?? ['/', '/call/gb', '/home'];
  for (const route of routes) {
    const scores: Record<string, number[]> = { performance: [], accessibility: [], seo: [] };
    for (let run = 1; run <= runs; run++) {
      const report = await lighthouse(`${origin}${route}`, route === '/home' ? profile : undefined);
      if (!report) continue;
      if (process.env.LIGHTHOUSE_SAVE) {
        await Bun.write(path.join(process.env.LIGHTHOUSE_SAVE, `${route.replaceAll('/', '_') || '_'}-${run}.json`), JSON.stringify(report));
      }
      const score = (name: string) => Math.round((report.categories[name]?.score ?? 0) * 100);
      const metric = (id: string) => report.audits[id]?.displayValue ?? '?';
      for (const name of Object.keys(scores)) scores[name]!.push(score(name));
      console.log(
        `${route} run ${run}: performance ${score('performance')}, accessibility ${score('accessibility')}, SEO ${score('seo')} ` +
          `(FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, ` +
          `CLS ${metric('cumulative-layout-shift')}, Speed Index ${metric('speed-index')})`,
      );
      // what keeps the scores down, worst first
      const weak = Object.values(report.audits)
        .filter((a) => a.score !== null && a.score < 0.9)
        .sort((a, b) => (a.score ?? 0) - (b.score ?? 0));
      for (const audit of weak.slice(0, 8)) console.log(`  - ${audit.title}${audit.displayValue ? `: ${audit.displayValue}` : ''}`);
    }
    const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor((values.length - 1) / 2)] ?? 0;
    const range = (values: number[]) => `${Math.min(...values)}-${Math.max(...values)}`;
    if (scores.performance!.length > 0) {
      console.log(
        `${route}: median of ${scores.performance!.length}: performance ${median(scores.performance!)} (${range(scores.performance!)}), ` +
          `accessibility ${median(scores.accessibility!)}, SEO ${median(scores.seo!)}`,
      );
    }
  }
} finally {
  server.kill('SIGTERM');
  await server.exited;
  rmSync(dataDir, { recursive: true, force: true });
}
