// Bundle budgets, the request waterfall and responsiveness of the production build (issues: foundation, calling, #34).
// Prints: each remote entry's size (gzip -9, the budget, and as sent); the requests made between navigation and the
// first remote's render, with the time that took (median of 5 loads); /home at 390 px, cold, until the keypad's "1" is
// visible: the JS as transferred (and the old gzip -9 figure), the time, the requests and serial waves (median of 5);
// during a connected call at 4x CPU throttling, the INP of the keypad (DTMF), mute and speaker presses.
// BENCH_PORT_BASE moves its ports (BASE..BASE+5; default 3300); the stand-ins take free ones.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createApp } from '../../api/src/app.ts';
import { loadConfig } from '../../api/src/config.ts';
import { createTestDatabase } from '../../api/src/db/testing.ts';
import { openServices } from '../../api/src/services.ts';
import { createServerRenderer } from '../../api/src/modules/marketing/server-render.ts';
import { apiSharedModules } from '../../api/src/modules/marketing/shared-modules.ts';
import { seedRateDeck } from '../../api/src/modules/rates/seed.ts';
import { remoteBuilds } from '@ringwise/apps';
import { startStandIn } from '@ringwise/simulator-common/processes';
import { repoRoot } from '../runtime-env.ts';
import { startRemoteServer } from '../remote-server.ts';
import { wavesOf } from './waves.ts';
import { median, recordTransfers, watchKeypadVisible } from './page-metrics.ts';
import { inCallInteractions, type Control, type Interaction } from './in-call.ts';
import { fundedUser } from '@ringwise/bench/calls-load';

const BASE_PORT = Number(process.env.BENCH_PORT_BASE ?? 3300);
const origin = `http://localhost:${BASE_PORT}`;
const gzipSize = (file: string) => Bun.gzipSync(readFileSync(file), { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

// FEDERATION_BENCH_ONLY=keypad,calls runs only those parts (waterfall, keypad, calls); BENCH_SKIP_BUILD=1 measures
// the builds already there (only right after `bun run build`)
const parts = process.env.FEDERATION_BENCH_ONLY?.split(',') ?? ['waterfall', 'keypad', 'calls'];
// always a fresh production build: `bun run dev` leaves development builds in the same folders
if (process.env.BENCH_SKIP_BUILD !== '1') {
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
// the provider stand-ins, each its own process as in production: the sign-in server (its users in the same database),
// the carrier simulator (calls, whose test destinations answer) and the payment simulator (top-ups)
const standInEnv = { PUBLIC_URL: origin, DATA_DIR: dataDir, DATABASE_URL: database.url };
const [auth, carrier, payments] = await Promise.all((['auth', 'twilio', 'stripe'] as const).map((key) => startStandIn(key, standInEnv)));
env.AUTH_STAND_IN_URL = auth!.url;
env.TWILIO_SIMULATOR_URL = carrier!.url;
env.STRIPE_SIMULATOR_URL = payments!.url;
const apiEnv = { ...process.env, ...env, DATA_DIR: dataDir, DATABASE_URL: database.url };
const config = loadConfig(apiEnv);
const services = await openServices(config, apiEnv);
const api = createApp(config, { services, marketingRenderer: createServerRenderer({ config, modules: apiSharedModules() }) }).listen(BASE_PORT);

// the signed-in views need a session: one user, stored the way the auth client stores it
const signUp = await fetch(`${auth!.url}/auth/v1/signup`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: `bench-${Date.now()}@example.com`, password: 'correct horse battery' }),
});
if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
const storedSession = JSON.stringify(await signUp.json());

console.log('\nRemote entries (remoteEntry.js; budget 10 KB each at gzip -9): gzip -9, and as the remote server sends it to Chromium');
for (const [i, build] of remoteBuilds.entries()) {
  const size = gzipSize(path.join(repoRoot, build.dir, 'dist/remoteEntry.js'));
  // the bytes on the wire (Bun's fetch would decode them), asked as Chromium asks
  const served = await fetch(`http://localhost:${BASE_PORT + 1 + i}/remoteEntry.js`, { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' }, decompress: false } as RequestInit);
  const sent = `${kb((await served.arrayBuffer()).byteLength)} ${served.headers.get('content-encoding') ?? 'identity'}`;
  console.log(`  ${build.dir.padEnd(14)} ${kb(size).padStart(8)}  ${size <= 10 * 1024 ? 'within budget' : 'OVER budget'}   sent: ${sent}`);
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  // calls: a fake microphone (a tone), allowed without a prompt
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
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
for (const [route, signedIn] of parts.includes('waterfall') ? ([['/home', true], ['/home/contacts', true], ['/', false]] as const) : []) {
  const loads: Load[] = [];
  for (let i = 0; i < 5; i++) loads.push(await measure(route, signedIn));
  loads.sort((a, b) => a.renderMs - b.renderMs);
  const middle = loads[2]!;
  console.log(
    `\n${route}: first remote rendered after ${middle.renderMs.toFixed(0)} ms (median of 5), ${middle.requests.length} requests in ${middle.waves} serial waves before it (goal on signed-in routes: 3 waves):`,
  );
  for (const r of middle.requests) console.log(`  ${r.startTime.toFixed(0).padStart(5)} ms  wave ${r.wave}  ${describe(r.url)}`);
  if (route === '/home') {
    const sizes = (urls: string[]) => urls.map((url) => path.join(repoRoot, 'shell/dist', new URL(url).pathname)).map((file) => ({ file, size: gzipSize(file) }));
    const startup = sizes(middle.startupScripts);
    const total = (list: { size: number }[]) => list.reduce((sum, f) => sum + f.size, 0);
    console.log(`\nShell JS on /home before the dialer rendered (React, router, query, kit, federation runtime; gzip -9): ${kb(total(startup))} in ${startup.length} files`);
    for (const { file, size } of startup) console.log(`  ${path.basename(file).padEnd(28)} ${kb(size).padStart(8)}`);
    const all = sizes(middle.shellScripts);
    console.log(`All JS from the app origin on /home, incl. kit modules the shell provides to the dialer: ${kb(total(all))} in ${all.length} files`);
  }
}

// The dialer stays light (issues: calling, #34), measured as a customer's phone receives it: cold loads of /home signed
// in at 390 px (a phone's viewport), until the keypad's "1" is visible (the frame that paints it with the page's styles,
// page-metrics.ts) and answers a press. For every JS file (any origin, each once) whose fetch started before that: the
// body as transferred (what the servers really send, brotli or gzip; CDP, see recordTransfers) and, beside it, the old
// figure (the same files gzipped here at level 9, which is not what a server sends). Also the requests and serial
// waves before the keypad, and whether the Twilio Voice SDK was among the files (it must not be: it loads only for a
// Twilio device, and these builds use the simulator's). Goals (#34): 130 KB as transferred, the "1" within 400 ms.
const phoneViewport = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };
if (parts.includes('keypad')) {
  const fileOf = (url: string): string | null => {
    const u = new URL(url);
    if (u.origin === origin) return path.join(repoRoot, 'shell/dist', u.pathname);
    const remote = remoteBuilds.find((b) => b.urlEnv && env[b.urlEnv] === u.origin);
    return remote ? path.join(repoRoot, remote.dir, 'dist', u.pathname) : null;
  };
  interface KeypadRun {
    ms: number;
    transferred: number;
    gzip9: number;
    requests: number;
    waves: number;
    twilioSdk: boolean;
    list: { url: string; encoding: string; transferred: number; gzip9: number }[];
    timeline: { url: string; startTime: number; responseEnd: number; wave: number }[];
  }
  const runs: KeypadRun[] = [];
  // BENCH_TRACE_KEYPAD=<file>: a Chromium trace of the first cold load, to see where the main thread's time goes
  const keypadTrace = process.env.BENCH_TRACE_KEYPAD;
  for (let i = 0; i < 5; i++) {
    const context = await browser.newContext(phoneViewport);
    await context.addInitScript((session) => window.localStorage.setItem('ringwise-auth', session), storedSession);
    await context.addInitScript(watchKeypadVisible);
    const page = await context.newPage();
    const { transfers } = await recordTransfers(context, page);
    const tracing = i === 0 && keypadTrace !== undefined;
    if (tracing) await browser.startTracing(page, { path: keypadTrace, categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink.user_timing', 'loading'] });
    const response = await page.goto(`${origin}/home`);
    const html = (await response?.text()) ?? '';
    const namedInDocument = new Set([...html.matchAll(/<(?:link|script)\b[^>]*?\b(?:href|src)="([^"]+)"/g)].map((m) => new URL(m[1]!, `${origin}/home`).href));
    await page.waitForFunction(() => window.__visibleAt !== undefined);
    if (tracing) await browser.stopTracing();
    const key = page.getByRole('group', { name: 'Keypad' }).getByRole('button', { name: /^1\b/ });
    await key.click();
    await page.waitForFunction(() => (document.querySelector('input[inputmode="tel"]') as HTMLInputElement | null)?.value.includes('1'));
    const { at, entries, documentEnd } = await page.evaluate(() => ({
      at: window.__visibleAt!,
      entries: (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((e) => ({ url: e.name, startTime: e.startTime, responseEnd: e.responseEnd })),
      documentEnd: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).responseEnd,
    }));
    await context.close();
    const before = [{ url: `${origin}/home`, startTime: 0, responseEnd: documentEnd }, ...entries.filter((e) => e.startTime <= at)];
    const waves = wavesOf(before, namedInDocument);
    const scripts = [...new Set(before.slice(1).map((e) => e.url).filter((url) => url.split('?')[0]!.endsWith('.js')))];
    const sent = transfers();
    const list = scripts
      .map((url) => {
        const file = fileOf(url);
        const transfer = sent.get(url);
        return { url, encoding: transfer?.encoding || 'identity', transferred: transfer?.bodyBytes ?? 0, gzip9: file ? gzipSize(file) : 0 };
      })
      .sort((a, b) => b.transferred - a.transferred);
    const files = scripts.map(fileOf).filter((f): f is string => f !== null);
    runs.push({
      ms: at,
      transferred: list.reduce((sum, f) => sum + f.transferred, 0),
      gzip9: list.reduce((sum, f) => sum + f.gzip9, 0),
      requests: before.length,
      waves: Math.max(...waves),
      twilioSdk: files.some((f) => readFileSync(f, 'utf8').includes('chunderw')),
      list,
      timeline: before.map((r, j) => ({ url: r.url, startTime: r.startTime, responseEnd: r.responseEnd, wave: waves[j] ?? 0 })),
    });
  }
  const at = (pick: (run: KeypadRun) => number) => median(runs.map(pick));
  const typical = [...runs].sort((a, b) => a.ms - b.ms)[2]!;
  console.log(
    `\n/home at 390 px, cold, until the keypad's "1" is visible and answers (median of 5; goals #34: 130 KB, 400 ms):\n` +
      `  keypad "1" visible after ${at((r) => r.ms).toFixed(0)} ms (runs: ${runs.map((r) => r.ms.toFixed(0)).join(', ')})\n` +
      `  JS as transferred before it: ${kb(at((r) => r.transferred))} in ${at((r) => r.list.length)} files\n` +
      `  the same files at gzip -9 (the old figure, not what the servers send): ${kb(at((r) => r.gzip9))}\n` +
      `  ${at((r) => r.requests)} requests in ${at((r) => r.waves)} serial waves before it; Twilio Voice SDK loaded: ${typical.twilioSdk ? 'YES' : 'no'}`,
  );
  console.log(`  the run at the median keypad time (${typical.ms.toFixed(0)} ms), its JS: as transferred (encoding), gzip -9`);
  for (const f of typical.list) console.log(`    ${describe(f.url).padEnd(44)} ${kb(f.transferred).padStart(9)} (${f.encoding.padEnd(8)}) ${kb(f.gzip9).padStart(9)}`);
  console.log('  its requests before the keypad (started, and answered in full):');
  for (const r of typical.timeline) console.log(`    ${r.startTime.toFixed(0).padStart(5)} ms ${`→ ${r.responseEnd.toFixed(0)}`.padStart(7)} ms  wave ${r.wave}  ${describe(r.url)}`);
}

// Responsiveness during a call (#34): a connected call from /home at 390 px, then at 4x CPU throttling the in-call
// keypad's presses (DTMF), mute and speaker, each press's latency from the Event Timing API (in-call.ts). INP is the
// worst interaction of a page with few of them. Goal: 100 ms for each.
if (parts.includes('calls')) {
  const deployment = { origins: [origin], authBase: `${auth!.url}/auth/v1`, stripeWebhookOrigin: origin, stripeWebhookSecret: 'whsec_dev', sampled: [], exited: new Promise<string>(() => {}) };
  const caller = await fundedUser(deployment, 0, '5.00');
  const signIn = await fetch(`${auth!.url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: caller.email, password: 'correct horse battery staple' }),
  });
  if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
  const session = JSON.stringify(await signIn.json());
  const presses: Interaction[] = [];
  const calls = Number(process.env.BENCH_CALLS ?? 2);
  // BENCH_TRACE_CALL=<file>: a Chromium trace of the first call's presses
  const tracePath = process.env.BENCH_TRACE_CALL;
  for (let i = 0; i < calls; i++) presses.push(...(await inCallInteractions(browser, { origin, session, context: phoneViewport, ...(i === 0 && tracePath ? { tracePath } : {}) })));
  const line = (control: Control, label: string) => {
    const ms = presses.filter((p) => p.control === control).map((p) => p.ms);
    const shown = (v: number) => (v === 0 ? '<16' : v.toFixed(0));
    const worst = Math.max(...ms);
    return `  ${label.padEnd(22)} INP ${shown(worst).padStart(4)} ms (worst of ${ms.length}; median ${shown(median(ms))} ms)  ${worst <= 100 ? 'within goal' : 'OVER goal'}  [${ms.map(shown).join(' ')}]`;
  };
  console.log(`\nDuring a connected call at 390 px, 4x CPU throttling (${calls} calls; goal #34: INP 100 ms):`);
  console.log(line('dtmf', 'keypad presses (DTMF)'));
  console.log(line('mute', 'mute'));
  console.log(line('speaker', 'speaker'));
  console.log(line('keypad', 'opening the keypad'));
}

await browser.close();
await api.stop();
services.rates.close();
await services.db.close();
await Promise.all([auth, carrier, payments].map((standIn) => standIn!.stop()));
for (const server of servers) server.stop();
await database.drop();
rmSync(dataDir, { recursive: true, force: true });
