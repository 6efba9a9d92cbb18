import { expect, test } from '../fixtures.ts';
import { e2eRemotePorts } from '../e2e-env.ts';

const contactsManifest = `http://localhost:${e2eRemotePorts.contacts}/mf-manifest.json`;

test('a blocked remote shows its fallback, the rest works, and Retry recovers', async ({ page, signedIn: _user }) => {
  await page.route(contactsManifest, (route) => route.abort('connectionrefused'));
  await page.goto('/home/contacts');

  const fallback = page.getByRole('alert').filter({ hasText: 'Contacts is unavailable' });
  await expect(fallback).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Contacts', exact: true })).toHaveCount(0);

  // the header and the other areas keep working
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Calls' }).click();
  await expect(page.getByRole('heading', { name: 'Recent Calls' })).toBeVisible();
  await nav.getByRole('link', { name: 'Contacts' }).click();
  await expect(fallback).toBeVisible();

  // the remote is back: Retry loads it without a page reload
  await page.unroute(contactsManifest);
  await fallback.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { name: 'Contacts', exact: true })).toBeVisible();
  await expect(fallback).toHaveCount(0);
});

test('a remote whose entry script fails also falls back, and only that area', async ({ page, signedIn: _user }) => {
  const entry = `http://localhost:${e2eRemotePorts.dialer}/remoteEntry.js*`;
  let entryRequests = 0;
  await page.route(entry, (route) => {
    entryRequests++;
    return route.fulfill({ status: 503, body: 'down' });
  });
  await page.goto('/home');
  const fallback = page.getByRole('alert').filter({ hasText: 'Dialer is unavailable' });
  await expect(fallback).toBeVisible();
  // the view's load and one retry by the runtime plugin; then the call overlay (mounted after the first view) makes
  // its own attempt, and perhaps its one retry, and shows nothing
  await page.waitForTimeout(1500);
  expect(entryRequests).toBeGreaterThanOrEqual(2);
  expect(entryRequests).toBeLessThanOrEqual(4);
  await expect(page.getByRole('alert').filter({ hasText: 'unavailable' })).toHaveCount(1);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Rates' }).click();
  await expect(page.getByRole('heading', { name: 'Calling Rates' })).toBeVisible();

  await nav.getByRole('link', { name: 'Dialer' }).click();
  await expect(fallback).toBeVisible();

  await page.unroute(entry);
  await fallback.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('group', { name: 'Keypad' })).toBeVisible();
});

test('a manifest that fails once is retried and the remote still renders', async ({ page, signedIn: _user }) => {
  const manifest = `http://localhost:${e2eRemotePorts.billing}/mf-manifest.json`;
  let failures = 0;
  await page.route(manifest, (route) => (failures++ === 0 ? route.abort('connectionreset') : route.continue()));
  await page.goto('/home/transactions');
  await expect(page.getByRole('heading', { name: 'Balance & Transactions' })).toBeVisible();
  expect(failures).toBeGreaterThanOrEqual(2);
});
