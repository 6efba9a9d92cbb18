import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { consoleOf, expect, test } from '../fixtures.ts';
import { marketingDeployDir, repoRoot } from '../e2e-env.ts';
import { buildRelease, deploy } from '../releases.ts';

const workDir = path.join(repoRoot, '.e2e-tmp/mfe-marketing-release-2');
const originalDir = path.join(repoRoot, '.e2e-tmp/mfe-marketing-release-1');
const releaseNote = 'Release 2 is live';

/** The marketing remote, changed on every page: a note above release 1's page. */
const releaseTwoApp = `import ReleaseOne, { type MarketingAppProps } from './app-release-1.tsx';

export { buildId } from './app-release-1.tsx';

export default function ReleaseTwo(props: MarketingAppProps) {
  return (
    <>
      <p role="note" className="mk:bg-accent mk:p-2 mk:text-center">${releaseNote}</p>
      <ReleaseOne {...props} />
    </>
  );
}
`;

/** The landing page as a crawler gets it: one GET, no JavaScript. */
async function plainHtml(request: APIRequestContext, pathname = '/'): Promise<string> {
  const res = await request.get(pathname);
  expect(res.status()).toBe(200);
  return res.text();
}

test('the marketing remote redeployed alone: crawlers and the browser get the new release within a minute', async ({ page, request, browser }) => {
  test.setTimeout(180_000);
  rmSync(originalDir, { recursive: true, force: true });
  cpSync(marketingDeployDir, originalDir, { recursive: true });
  try {
    expect(await plainHtml(request)).not.toContain(releaseNote);

    deploy(buildRelease('mfe-marketing', workDir, releaseTwoApp), marketingDeployDir);
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
