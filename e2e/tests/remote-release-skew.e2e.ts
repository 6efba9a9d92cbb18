// Remotes released out of step with the page: a contacts build for another federation major is refused with a clear
// message.
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '../fixtures.ts';
import { contactsDeployDir, repoRoot } from '../e2e-env.ts';

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
