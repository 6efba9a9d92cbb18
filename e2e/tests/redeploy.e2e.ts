import { cpSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { contactsDeployDir, repoRoot } from '../e2e-env.ts';
import { buildRelease, deploy } from '../releases.ts';

const workDir = path.join(repoRoot, '.e2e-tmp/mfe-contacts-release-2');

function shellFingerprint(): Record<string, number> {
  const dist = path.join(repoRoot, 'shell/dist');
  return Object.fromEntries(readdirSync(dist).map((file) => [file, statSync(path.join(dist, file)).mtimeMs]));
}

/** The contacts remote, changed: a note above release 1's view. */
const releaseTwoApp = `import '../styles.css';
import ReleaseOne from './app-release-1.tsx';

export default function ReleaseTwo() {
  return (
    <>
      <p role="note" className="ct:rounded-md ct:bg-accent ct:p-2">Release 2 is live</p>
      <ReleaseOne />
    </>
  );
}
`;

/** The shell's scripts a page has loaded, once the Auth client has come too (it loads after the page, when idle). */
async function shellScriptsOf(page: Page): Promise<string[]> {
  const scripts = () =>
    page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name).filter((n) => n.startsWith(location.origin) && n.endsWith('.js')));
  await expect.poll(async () => (await scripts()).some((name) => /\/auth-client\.[0-9a-f]+\.js$/.test(name)), { timeout: 10_000 }).toBe(true);
  return (await scripts()).sort();
}

test('a remote rebuilt and served again appears on reload, with the shell untouched', async ({ page, signedIn: _user }) => {
  const original = path.join(repoRoot, '.e2e-tmp/mfe-contacts-release-1');
  rmSync(original, { recursive: true, force: true });
  cpSync(contactsDeployDir, original, { recursive: true });
  try {
    await page.goto('/home/contacts');
    await expect(page.getByRole('heading', { name: 'Contacts', exact: true })).toBeVisible();
    await expect(page.getByText('Release 2 is live')).toHaveCount(0);
    const shellBefore = shellFingerprint();
    const shellScriptsBefore = await shellScriptsOf(page);

    deploy(buildRelease('mfe-contacts', workDir, releaseTwoApp), contactsDeployDir);
    await page.reload();

    await expect(page.getByRole('note').filter({ hasText: 'Release 2 is live' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Contacts', exact: true })).toBeVisible();
    expect(await shellScriptsOf(page)).toEqual(shellScriptsBefore);
    expect(shellFingerprint()).toEqual(shellBefore);
  } finally {
    rmSync(contactsDeployDir, { recursive: true, force: true });
    cpSync(original, contactsDeployDir, { recursive: true });
  }
});
