// Remotes released out of step with the page: a contacts release that removed the chunks an open page still asks
// for is loaded again in place, and a contacts build for another federation major is refused with a clear message.
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { contactsDeployDir, e2eRemotePorts, repoRoot } from '../e2e-env.ts';
import { buildRelease, deploy, filesOf } from '../releases.ts';

const backupDir = path.join(repoRoot, '.e2e-tmp/mfe-contacts-skew-original');

/** Runs `body` with the contacts deploy folder put back as it was afterwards: the other tests serve it too. */
async function withContactsDeployRestored(body: () => Promise<void>): Promise<void> {
  rmSync(backupDir, { recursive: true, force: true });
  cpSync(contactsDeployDir, backupDir, { recursive: true });
  try {
    await body();
  } finally {
    rmSync(contactsDeployDir, { recursive: true, force: true });
    cpSync(backupDir, contactsDeployDir, { recursive: true });
  }
}

/** A contacts release with a "What's new" part loaded only when opened (its own chunk, named by its content). */
const releaseApp = (release: number) => `import '../styles.css';
import { lazy, Suspense, useState } from 'react';
import ReleaseOne from './app-release-1.tsx';

const WhatsNew = lazy(() => import('./whats-new.tsx'));

export default function Release() {
  const [open, setOpen] = useState(false);
  return (
    <>
      ${release > 1 ? `<p role="note">Release ${release} is live</p>` : ''}
      <button type="button" onClick={() => setOpen(true)}>What's new</button>
      {open && <Suspense fallback={null}><WhatsNew /></Suspense>}
      <ReleaseOne />
    </>
  );
}
`;
const whatsNew = (release: number) => `export default function WhatsNew() {
  return <p role="status">Release ${release} notes</p>;
}
`;
const buildContactsRelease = (release: number) =>
  buildRelease('mfe-contacts', path.join(repoRoot, `.e2e-tmp/mfe-contacts-skew-${release}`), releaseApp(release), { 'whats-new.tsx': whatsNew(release) });

/** Watches, from the page itself, whether the contacts slot is ever empty or shows its fallback. */
async function watchContactsSlot(page: Page): Promise<() => Promise<{ blank: boolean; fallback: boolean }>> {
  await page.evaluate(() => {
    const seen = { blank: false, fallback: false };
    (window as unknown as { slotSeen: typeof seen }).slotSeen = seen;
    new MutationObserver(() => {
      if (document.querySelector('[data-remote-fallback="contacts"]')) seen.fallback = true;
      if (!document.querySelector('[data-remote="contacts"], [data-remote-loading="contacts"], [data-remote-fallback="contacts"]')) seen.blank = true;
    }).observe(document.body, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => (window as unknown as { slotSeen: { blank: boolean; fallback: boolean } }).slotSeen);
}

test('a release that removed the chunks an open page asks for is loaded in place, the rest of the page kept', async ({ page, signedIn: _user }) => {
  const releaseOne = buildContactsRelease(1);
  const releaseTwo = buildContactsRelease(2);
  await withContactsDeployRestored(async () => {
    deploy(releaseOne, contactsDeployDir);
    const warnings: string[] = [];
    const pageErrors: string[] = [];
    page.on('console', (message) => message.type() === 'warning' && warnings.push(message.text()));
    page.on('pageerror', (error) => pageErrors.push(error.message));
    const missing: string[] = [];
    page.on('response', (response) => response.status() === 404 && missing.push(response.url()));

    await page.goto('/home/contacts');
    const main = page.locator('main#main');
    await expect(main.getByRole('heading', { name: 'Contacts', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: "What's new" })).toBeVisible();
    // the shell outside the slot: the same elements and the same document after the recovery
    const accountMenu = await page.getByRole('button', { name: 'Account menu' }).elementHandle();
    await page.evaluate(() => ((window as unknown as { keptDocument: boolean }).keptDocument = true));

    // the CDN upload of release 2, then release 1's files that release 2 does not have are deleted
    deploy(releaseTwo, contactsDeployDir);
    const kept = new Set(filesOf(releaseTwo));
    const removed = filesOf(releaseOne).filter((file) => !kept.has(file));
    for (const file of removed) rmSync(path.join(contactsDeployDir, file));
    const oldWhatsNew = removed.filter((file) => file.endsWith('.js') && readFileSync(path.join(releaseOne, file), 'utf8').includes('Release 1 notes'));
    expect(oldWhatsNew).toHaveLength(1);

    const slotSeen = await watchContactsSlot(page);
    await page.getByRole('button', { name: "What's new" }).click();

    await expect(main.getByRole('note').filter({ hasText: 'Release 2 is live' })).toBeVisible();
    await expect(main.getByRole('heading', { name: 'Contacts', exact: true })).toBeVisible();
    expect(missing).toContain(`http://localhost:${e2eRemotePorts.contacts}/${oldWhatsNew[0]}`);
    expect(warnings.filter((text) => text.includes('lost a chunk to a release'))).toHaveLength(1);
    expect(await slotSeen()).toEqual({ blank: false, fallback: false });
    await expect(page).toHaveURL('/home/contacts');
    expect(await page.evaluate(() => (window as unknown as { keptDocument?: boolean }).keptDocument)).toBe(true);
    expect(await accountMenu?.evaluate((node) => node.isConnected)).toBe(true);

    // the new release's lazy part loads from the new release's files
    await page.getByRole('button', { name: "What's new" }).click();
    await expect(main.getByRole('status').filter({ hasText: 'Release 2 notes' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    expect(pageErrors).toEqual([]);
  });
});

test('a contacts build for a newer federation major is refused: its area says to reload, the rest works', async ({ page, signedIn: _user }, testInfo) => {
  await withContactsDeployRestored(async () => {
    const manifestFile = path.join(contactsDeployDir, 'mf-manifest.json');
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as { metaData: { pluginVersion: string } };
    manifest.metaData.pluginVersion = '3.0.0';
    writeFileSync(manifestFile, JSON.stringify(manifest));
    for (const copy of ['.br', '.gz']) rmSync(`${manifestFile}${copy}`, { force: true });
    const pageErrors: string[] = [];
    const errors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/home/contacts');
    const fallback = page.getByRole('alert').filter({ hasText: 'Contacts was updated for a newer version of Ringwise' });
    await expect(fallback).toBeVisible();
    await expect(fallback).toContainText('Reload the page to use it.');
    await expect(fallback.getByRole('button', { name: 'Retry' })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('contacts-refused-390.png') });
    // the remote's entry never ran (it defines its container's global)
    expect(await page.evaluate(() => 'ringwise_contacts' in window)).toBe(false);

    await fallback.getByRole('button', { name: 'Retry' }).click();
    await expect(fallback).toBeVisible();
    // the reason, with both versions, once
    expect(errors.filter((text) => text.includes('3.0.0') && text.includes('2.9.2'))).toHaveLength(1);

    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Calls' }).click();
    await expect(page.getByRole('heading', { name: 'Recent Calls' })).toBeVisible();
    expect(pageErrors).toEqual([]);
  });
});
