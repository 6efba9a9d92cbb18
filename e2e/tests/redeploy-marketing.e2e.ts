import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { marketingDeployDir, repoRoot } from '../e2e-env.ts';

const workDir = path.join(repoRoot, '.e2e-tmp/mfe-marketing-release-2');
const originalDir = path.join(repoRoot, '.e2e-tmp/mfe-marketing-release-1');
const releaseNote = 'Release 2 is live';

/** Copies the marketing remote, changes what every page shows, and builds it (browser and server) with the usual recipe. */
function buildReleaseTwo(): string {
  rmSync(workDir, { recursive: true, force: true });
  mkdirSync(workDir, { recursive: true });
  for (const item of ['package.json', 'src']) {
    cpSync(path.join(repoRoot, 'mfe-marketing', item), path.join(workDir, item), { recursive: true });
  }
  const exposed = path.join(workDir, 'src/exposed');
  renameSync(path.join(exposed, 'app.tsx'), path.join(exposed, 'app-release-1.tsx'));
  writeFileSync(
    path.join(exposed, 'app.tsx'),
    `import ReleaseOne, { type MarketingAppProps } from './app-release-1.tsx';

export { buildId } from './app-release-1.tsx';

export default function ReleaseTwo(props: MarketingAppProps) {
  return (
    <>
      <p role="note" className="mk:bg-accent mk:p-2 mk:text-center">${releaseNote}</p>
      <ReleaseOne {...props} />
    </>
  );
}
`,
  );
  const outDir = path.join(workDir, 'dist');
  execFileSync(
    'node',
    [
      'node_modules/@rspack/cli/bin/rspack.js',
      'build',
      '--mode',
      'production',
      '-c',
      'rspack.config.ts',
      '--env',
      'app=mfe-marketing',
      '--env',
      `appDir=${workDir}`,
      '--env',
      `outDir=${outDir}`,
    ],
    { cwd: repoRoot, stdio: 'pipe' },
  );
  return outDir;
}

const filesOf = (dir: string, sub = ''): string[] =>
  readdirSync(path.join(dir, sub)).flatMap((name) => {
    const rel = path.join(sub, name);
    return statSync(path.join(dir, rel)).isDirectory() ? filesOf(dir, rel) : [rel];
  });

/** Uploads like a CDN deploy: chunks and the server bundle first, then the manifests that point at them. */
function deploy(from: string, to: string) {
  const last = ['server/ssr-manifest.json', 'remoteEntry.js', 'mf-manifest.json'];
  const files = filesOf(from);
  for (const file of [...files.filter((f) => !last.includes(f)), ...last.filter((f) => files.includes(f))]) {
    mkdirSync(path.dirname(path.join(to, file)), { recursive: true });
    cpSync(path.join(from, file), path.join(to, file));
  }
}

/** The landing page as a crawler gets it: one GET, no JavaScript. */
async function plainHtml(request: APIRequestContext, pathname = '/'): Promise<string> {
  const res = await request.get(pathname);
  expect(res.status()).toBe(200);
  return res.text();
}

/** Everything the page says on its console, and its uncaught errors. */
function consoleOf(page: Page): string[] {
  const messages: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') messages.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => messages.push(`pageerror: ${error.message}`));
  return messages;
}

test('the marketing remote redeployed alone: crawlers and the browser get the new release within a minute', async ({ page, request, browser }) => {
  test.setTimeout(180_000);
  rmSync(originalDir, { recursive: true, force: true });
  cpSync(marketingDeployDir, originalDir, { recursive: true });
  try {
    expect(await plainHtml(request)).not.toContain(releaseNote);

    deploy(buildReleaseTwo(), marketingDeployDir);
    const deployedAt = Date.now();

    // Right after the upload the api may still render with release 1 while the browser loads release 2:
    // the shell then renders the page afresh instead of hydrating markup of another build.
    const early = await browser.newPage();
    const earlyConsole = consoleOf(early);
    await early.goto('/');
    await expect(early.getByRole('note').filter({ hasText: releaseNote })).toBeVisible();
    await expect(early.getByRole('heading', { level: 1 })).toHaveCount(1);
    expect(earlyConsole).toEqual([]);
    await early.close();

    // crawlers: the api follows the deployment /remotes.json names, without a restart
    await expect.poll(async () => (await plainHtml(request)).includes(releaseNote), { timeout: 60_000, intervals: [1_000] }).toBe(true);
    console.log(`release 2 in the server-rendered HTML after ${((Date.now() - deployedAt) / 1000).toFixed(1)} s`);
    const countryHtml = await plainHtml(request, '/call/gb');
    expect(countryHtml).toContain(releaseNote);
    expect(countryHtml).toContain('United Kingdom');

    // the browser hydrates release 2's markup with release 2: the server's DOM is adopted, nothing is reported
    const messages = consoleOf(page);
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as { serverNote: Element | null }).serverNote = document.querySelector('#root [role="note"]');
      });
    });
    await page.goto('/');
    const note = page.getByRole('note').filter({ hasText: releaseNote });
    await expect(note).toBeVisible();
    await expect(page.getByRole('link', { name: 'Get Started Free' })).toBeVisible();
    // interactive: the demo dialer answers
    await page.getByRole('button', { name: /^5/ }).first().click();
    await expect(page.getByText('Sign up to see real rates')).toBeVisible();
    const adopted = await page.evaluate(
      () => (window as unknown as { serverNote: Element | null }).serverNote === document.querySelector('#root [role="note"]'),
    );
    expect(adopted).toBe(true);
    expect(messages).toEqual([]);
  } finally {
    rmSync(marketingDeployDir, { recursive: true, force: true });
    cpSync(originalDir, marketingDeployDir, { recursive: true });
    // the tests after this one get release 1 again, in the HTML too
    await expect.poll(async () => (await plainHtml(request)).includes(releaseNote), { timeout: 60_000, intervals: [1_000] }).toBe(false);
  }
});
