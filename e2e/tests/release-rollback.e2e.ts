// A remote team's release and rollback (`bun run release`, `bun run rollback`) against the running app, and a page
// opened before a release that keeps working on the build it started with: its lazy parts (the Recent Calls view, the
// Active Call window) come from its own release's folder, which stays served.
import { execFileSync } from 'node:child_process';
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, signedInWithCredit, test } from '../fixtures.ts';
import { e2eOrigin, e2eReleasesDir, repoRoot } from '../e2e-env.ts';
import { buildRelease } from '../releases.ts';

const workDir = path.join(repoRoot, '.e2e-tmp/mfe-dialer-release-2');

/** The dialer, changed: a note above release 1's view. */
const releaseTwoApp = `import ReleaseOne from './app-release-1.tsx';
import type { DialerAppProps } from '@ringwise/apps/exposed/dialer';

export default function ReleaseTwo(props: DialerAppProps) {
  return (
    <>
      <p role="note">Dialer release 2 is live</p>
      <ReleaseOne {...props} />
    </>
  );
}
`;

/** Runs `bun run <command> dialer …` as a remote team would, against this run's app; its output. */
function run(command: 'release' | 'rollback', ...args: string[]): string {
  return execFileSync('bun', [`scripts/release/${command}.ts`, 'dialer', ...args], {
    cwd: repoRoot,
    env: { ...process.env, PUBLIC_URL: e2eOrigin, RELEASES_DIR: e2eReleasesDir },
    encoding: 'utf8',
  });
}

const releaseIdOf = (output: string) => /live: (\S+) since/.exec(output)?.[1] ?? '';
const liveDialer = async (page: Page) => ((await (await page.request.get('/remotes.json')).json()) as { live: { dialer: { release: { id: string } | null } } }).live.dialer.release?.id;

test.afterAll(async () => {
  // the other tests get the dialer's root build again, once the api has read that nothing is released (it reads what
  // is live again within a second; the next test's page would otherwise be sent to the folders just removed)
  rmSync(path.join(e2eReleasesDir, 'mfe-dialer'), { recursive: true, force: true });
  await expect
    .poll(async () => ((await (await fetch(`${e2eOrigin}/remotes.json`)).json()) as { live: { dialer: { release: unknown } } }).live.dialer.release, { timeout: 15_000 })
    .toBeNull();
});

test('a page opened before a dialer release keeps calling on its own build; the release shows on reload and a rollback undoes it in seconds', async ({ page, request }) => {
  test.setTimeout(150_000);
  const first = releaseIdOf(run('release'));
  expect(first).not.toBe('');
  await expect.poll(() => liveDialer(page)).toBe(first);

  await signedInWithCredit(page, request);
  await page.goto('/home');
  await expect(page.getByRole('group', { name: 'Keypad' })).toBeVisible();
  const dialerFiles: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/releases/')) dialerFiles.push(r.url());
  });

  // the dialer's next release goes live while the page is open
  const second = releaseIdOf(run('release', '--dist', buildRelease('mfe-dialer', workDir, releaseTwoApp)));
  expect(second).not.toBe(first);
  await expect.poll(() => liveDialer(page)).toBe(second);

  // the open page: its Recent Calls view and its call window are lazy parts of the first release
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Calls' }).click();
  await expect(page.getByRole('heading', { name: 'Recent Calls' })).toBeVisible();
  await nav.getByRole('link', { name: 'Dialer' }).click();
  await page.locator('input[inputmode="tel"]').fill('+447400123456');
  const callButton = page.getByRole('button', { name: 'Call', exact: true });
  await expect(callButton).toBeEnabled({ timeout: 20_000 });
  await callButton.click();
  const modal = page.getByRole('dialog');
  await expect(modal.getByTestId('call-status')).toHaveText('Connected', { timeout: 15_000 });
  await modal.getByRole('button', { name: /End Call/ }).click();
  await expect(page.getByText(/Charged: \$\d+\.\d{2}/).first()).toBeVisible({ timeout: 10_000 });
  expect(dialerFiles.some((url) => /\/view-calls\.[0-9a-f]+\.js$/.test(url))).toBe(true);
  expect(dialerFiles.filter((url) => !url.includes(`/releases/${first}/`))).toEqual([]);
  await expect(page.getByText('Dialer release 2 is live')).toHaveCount(0);

  // a reload starts on the new release
  await page.reload();
  await expect(page.getByRole('note').filter({ hasText: 'Dialer release 2 is live' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Keypad' })).toBeVisible();

  // and the rollback is back to the first within seconds, for the next page load
  const started = Date.now();
  const output = run('rollback');
  expect(releaseIdOf(output)).toBe(first);
  expect(Date.now() - started).toBeLessThan(5000);
  await page.reload();
  await expect(page.getByRole('group', { name: 'Keypad' })).toBeVisible();
  await expect(page.getByText('Dialer release 2 is live')).toHaveCount(0);
});

test('a release whose React major is not the shell\'s is refused and changes nothing', async ({ page }) => {
  const before = await liveDialer(page);
  // the dialer's build, as if made with React 20: its manifest says so
  const dist = path.join(repoRoot, '.e2e-tmp/mfe-dialer-react-20');
  rmSync(dist, { recursive: true, force: true });
  cpSync(path.join(repoRoot, 'mfe-dialer/dist'), dist, { recursive: true });
  const manifestFile = path.join(dist, 'mf-manifest.json');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as { shared: { name: string; version: string; requiredVersion: string }[] };
  for (const shared of manifest.shared.filter((s) => s.name === 'react' || s.name === 'react-dom')) Object.assign(shared, { version: '20.0.0', requiredVersion: '^20.0.0' });
  writeFileSync(manifestFile, JSON.stringify(manifest));
  let refused = '';
  try {
    run('release', '--dist', dist);
  } catch (error) {
    refused = String((error as { stderr?: string }).stderr);
  }
  expect(refused).toContain('refused');
  expect(refused).toContain("react: the new mfe-dialer build is built with react 20.0.0, the live shell provides 19.3.1");
  expect(refused).toContain('Nothing was published');
  expect(await liveDialer(page)).toBe(before);
});
