// Bundle budgets and the request waterfall of the production build (issue: foundation).
// Prints: gzip bytes of the shell's initial JS and of each remote's entry, and the requests made
// between navigation and the first remote's render, with the time that took (median of 5 loads).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createApp } from '../../api/src/app.ts';
import { loadConfig } from '../../api/src/config.ts';
import { createTestDatabase } from '../../api/src/db/testing.ts';
import { createAuthServices } from '../../api/src/services.ts';
import { createServerRenderer } from '../../api/src/modules/marketing/server-render.ts';
import { apiSharedModules } from '../../api/src/modules/marketing/shared-modules.ts';
import { seedRateDeck } from '../../api/src/modules/rates/seed.ts';
import { createRateService } from '../../api/src/modules/rates/service.ts';
import { remoteBuilds } from '@ringwise/apps';
import { startStandIn } from '@ringwise/simulator-common/processes';
import { repoRoot } from '../runtime-env.ts';
import { startRemoteServer } from '../remote-server.ts';
import { wavesOf } from './waves.ts';

const BASE_PORT = 3300;
const origin = `http://localhost:${BASE_PORT}`;
const gzipSize = (file: string) => Bun.gzipSync(readFileSync(file), { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

// always a fresh production build: `bun run dev` leaves development builds in the same folders
{
  const build = Bun.spawn(['bun', 'scripts/build.ts'], { cwd: repoRoot, stdout: 'ignore', stderr: 'inherit' });
  if ((await build.exited) !== 0) process.exit(1);
}

const env: Record<string, string> = { PORT: String(BASE_PORT), PUBLIC_URL: origin };
const servers = remoteBuilds.map((build, i) => {
  const port = BASE_PORT + 1 + i;
  if (build.urlEnv) env[build.urlEnv] = `http://localhost:${port}`;
  return startRemoteServer(path.join(repoRoot, build.dir, 'dist'), port);
});
const dataDir = mkdtempSync(path.join(tmpdir(), 'ringwise-bench-'));
const database = await createTestDatabase();
await seedRateDeck(database.db);
// the sign-in server, its own process as in production: it keeps its users in the same database
const auth = await startStandIn('auth', { PUBLIC_URL: origin, DATA_DIR: dataDir, DATABASE_URL: database.url });
env.AUTH_STAND_IN_URL = auth.url;
const config = loadConfig({ ...process.env, ...env, DATA_DIR: dataDir });
const api = createApp(config, {
  services: { db: database.db, auth: await createAuthServices(config, { ...env, DATA_DIR: dataDir }), rates: createRateService({ db: database.db }) },
  marketingRenderer: createServerRenderer({ config, modules: apiSharedModules() }),
}).listen(BASE_PORT);

// the signed-in views need a session: one user, stored the way the auth client stores it
const signUp = await fetch(`${auth.url}/auth/v1/signup`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: `bench-${Date.now()}@example.com`, password: 'correct horse battery' }),
});
if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
const storedSession = JSON.stringify(await signUp.json());

console.log('\nRemote entries (remoteEntry.js, gzip -9; budget 10 KB each)');
for (const build of remoteBuilds) {
  const size = gzipSize(path.join(repoRoot, build.dir, 'dist/remoteEntry.js'));
  console.log(`  ${build.dir.padEnd(14)} ${kb(size).padStart(8)}  ${size <= 10 * 1024 ? 'within budget' : 'OVER budget'}`);
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});

interface Load {
  renderMs: number;
  requests: { url: string; startTime: number; responseEnd: number; wave: number }[];
  /** Serial waves of requests before the first remote rendered (waves.ts). */
  waves: number;
  /** App-origin JS requested before the first remote rendered: what the shell needs to show it. */
  startupScripts: string[];
  /** All app-origin JS of the page, including kit modules the shell provides to the remote. */
  shellScripts: string[];
}

async function measure(route: string, signedIn: boolean): Promise<Load> {
  const context = await browser.newContext();
  if (signedIn) await context.addInitScript((session) => window.localStorage.setItem('ringwise-auth', session), storedSession);
  const page = await context.newPage();
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (document.querySelector('[data-remote]')) {
        (window as unknown as { __firstRemote: number }).__firstRemote = performance.now();
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
  });
  const response = await page.goto(`${origin}${route}`);
  // what the served HTML names (its script, stylesheets and preloads): the parser asks for these as it arrives
  const html = (await response?.text()) ?? '';
  const namedInDocument = new Set([...html.matchAll(/<(?:link|script)\b[^>]*?\b(?:href|src)="([^"]+)"/g)].map((m) => new URL(m[1]!, `${origin}${route}`).href));
  await page.locator('[data-remote]').first().waitFor();
  const load = await page.evaluate(() => {
    const renderMs = (window as unknown as { __firstRemote: number }).__firstRemote;
    const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const appScripts = entries.filter((e) => e.name.startsWith(location.origin) && e.name.endsWith('.js'));
    return {
      renderMs,
      requests: [
        { url: location.href, startTime: 0, responseEnd: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).responseEnd },
        ...entries.filter((e) => e.startTime < renderMs).map((e) => ({ url: e.name, startTime: e.startTime, responseEnd: e.responseEnd })),
      ],
      startupScripts: appScripts.filter((e) => e.startTime < renderMs).map((e) => e.name),
      shellScripts: appScripts.map((e) => e.name),
    };
  });
  await context.close();
  const waves = wavesOf(load.requests, namedInDocument);
  const requests = load.requests.map((r, i) => ({ ...r, wave: waves[i] ?? 0 }));
  return { ...load, requests, waves: Math.max(...waves) };
}

function describe(url: string): string {
  const u = new URL(url);
  const remote = remoteBuilds.find((b) => b.urlEnv && env[b.urlEnv] === u.origin);
  const where = remote ? remote.key : u.origin === origin ? 'app' : u.origin;
  return `${where}${u.pathname}`;
}

// the signed-in views with a session; the landing page as a visitor (a session would send it to /home)
for (const [route, signedIn] of [['/home', true], ['/home/contacts', true], ['/', false]] as const) {
  const loads: Load[] = [];
  for (let i = 0; i < 5; i++) loads.push(await measure(route, signedIn));
  loads.sort((a, b) => a.renderMs - b.renderMs);
  const median = loads[2]!;
  console.log(
    `\n${route}: first remote rendered after ${median.renderMs.toFixed(0)} ms (median of 5), ${median.requests.length} requests in ${median.waves} serial waves before it (goal on signed-in routes: 3 waves):`,
  );
  for (const r of median.requests) console.log(`  ${r.startTime.toFixed(0).padStart(5)} ms  wave ${r.wave}  ${describe(r.url)}`);
  if (route === '/home') {
    const sizes = (urls: string[]) => urls.map((url) => path.join(repoRoot, 'shell/dist', new URL(url).pathname)).map((file) => ({ file, size: gzipSize(file) }));
    const startup = sizes(median.startupScripts);
    const total = (list: { size: number }[]) => list.reduce((sum, f) => sum + f.size, 0);
    console.log(`\nShell JS on /home before the dialer rendered (React, router, query, kit, federation runtime; gzip -9): ${kb(total(startup))} in ${startup.length} files`);
    for (const { file, size } of startup) console.log(`  ${path.basename(file).padEnd(28)} ${kb(size).padStart(8)}`);
    const all = sizes(median.shellScripts);
    console.log(`All JS from the app origin on /home, incl. kit modules the shell provides to the dialer: ${kb(total(all))} in ${all.length} files`);
  }
}

// The dialer stays light (issue: calling): every JS file (any origin, each once) whose fetch started on /home before
// the keypad was in the page (a key then answers a click, checked), gzip -9, and whether the Twilio Voice SDK was among them (it must not be: it loads only for a Twilio
// device, and these builds use the simulator's). Goal: within the shell's 150 KB plus 30 KB for the dialer.
{
  const fileOf = (url: string): string | null => {
    const u = new URL(url);
    if (u.origin === origin) return path.join(repoRoot, 'shell/dist', u.pathname);
    const remote = remoteBuilds.find((b) => b.urlEnv && env[b.urlEnv] === u.origin);
    return remote ? path.join(repoRoot, remote.dir, 'dist', u.pathname) : null;
  };
  const runs: { ms: number; bytes: number; files: number; twilioSdk: boolean; list: { file: string; size: number }[] }[] = [];
  for (let i = 0; i < 5; i++) {
    const context = await browser.newContext();
    await context.addInitScript((session) => window.localStorage.setItem('ringwise-auth', session), storedSession);
    // the moment the keypad is in the page: React handles a click on a committed button from then on (checked below)
    await context.addInitScript(() => {
      const seen = () => document.querySelector('[role="group"][aria-label="Keypad"] button') !== null;
      new MutationObserver((_, observer) => {
        if (!seen()) return;
        (window as { keypadAt?: number }).keypadAt = performance.now();
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    const page = await context.newPage();
    await page.goto(`${origin}/home`);
    const key = page.getByRole('button', { name: /^5 JKL$/ });
    await key.waitFor();
    await key.click();
    await page.waitForFunction(() => (document.querySelector('input[inputmode="tel"]') as HTMLInputElement | null)?.value.includes('5'));
    const { ms, scripts } = await page.evaluate(() => {
      const at = (window as { keypadAt?: number }).keypadAt ?? performance.now();
      const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const js = entries.filter((e) => e.startTime <= at && e.name.split('?')[0]!.endsWith('.js')).map((e) => e.name);
      return { ms: at, scripts: [...new Set(js)] };
    });
    const files = scripts.map(fileOf).filter((f): f is string => f !== null);
    const list = files.map((file) => ({ file: path.relative(repoRoot, file), size: gzipSize(file) })).sort((a, b) => b.size - a.size);
    runs.push({ ms, bytes: list.reduce((sum, f) => sum + f.size, 0), files: files.length, twilioSdk: files.some((f) => readFileSync(f, 'utf8').includes('chunderw')), list });
    await context.close();
  }
  runs.sort((a, b) => a.ms - b.ms);
  const median = runs[2]!;
  console.log(
    `\n/home until the keypad answers (median of 5): ${median.ms.toFixed(0)} ms, ${kb(median.bytes)} of JS in ${median.files} files (goal: 150 KB, shell and dialer together); Twilio Voice SDK loaded: ${median.twilioSdk ? 'YES' : 'no'}`,
  );
  for (const { file, size } of median.list.slice(0, 15)) console.log(`  ${file.padEnd(48)} ${kb(size).padStart(8)}`);
}

await browser.close();
await api.stop();
await auth.stop();
for (const server of servers) server.stop();
await database.drop();
rmSync(dataDir, { recursive: true, force: true });
