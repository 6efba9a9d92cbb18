// The admin console in the browser (issue #14): a customer gets the not-found page and never downloads the
// console's code; an admin (made with `bun run admin:grant` against the test's embedded database, through the
// running api's control socket) sees the dashboard and its chart, finds a user and adjusts their balance,
// refunds a call once, and downloads the money by day as CSV; every admin page fits a 390 px screen.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page, Response } from '@playwright/test';
import { repoRoot } from '../e2e-env.ts';
import { expect, grantAdmin, newTestUser, signedInWithCredit, signUpThroughApi, test, type StoredSession } from '../fixtures.ts';

const screens = path.join(repoRoot, 'test-results/admin-screens');
/** The console's chunk is recognised by what it says: its section navigation's name. */
const consoleMarker = 'Admin sections';

/** Every JavaScript file the page downloads, by its text. */
function recordScripts(page: Page): string[] {
  const bodies: string[] = [];
  page.on('response', (response: Response) => {
    if (response.request().resourceType() === 'script') void response.text().then((text) => bodies.push(text), () => {});
  });
  return bodies;
}

async function signedInAs(page: Page, session: unknown) {
  await page.addInitScript((stored) => {
    if (!window.localStorage.getItem('ringwise-auth')) window.localStorage.setItem('ringwise-auth', stored);
  }, JSON.stringify(session));
}

async function fitsPhone(page: Page, what: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  // the chart follows its box's new width on the next frames
  await expect.poll(() => page.evaluate(() => document.scrollingElement!.scrollWidth), { message: `${what} fits 390 px` }).toBeLessThanOrEqual(390);
  await page.screenshot({ path: path.join(screens, `${what}-390.png`), fullPage: true });
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${what}: ${v.id} (${v.nodes.length})`)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: path.join(screens, `${what}-1280.png`), fullPage: true });
}

test('a customer gets the not-found page on every admin page, and never the console', async ({ page, signedIn }) => {
  expect(signedIn.email).toContain('@');
  const scripts = recordScripts(page);
  for (const address of ['/admin', '/admin/users', '/admin/financial', '/admin/calls', '/admin/rates']) {
    await page.goto(address);
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    const robots = await page.locator('meta[name="robots"]').evaluateAll((tags) => tags.map((tag) => tag.getAttribute('content')));
    expect(robots.length).toBeGreaterThan(0);
    expect(robots.every((content) => content?.includes('noindex'))).toBe(true);
  }
  await page.waitForLoadState('networkidle');
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((text) => text.includes(consoleMarker))).toEqual([]);
});

test('an admin: dashboard with its chart, a balance adjustment, one refund, the CSV', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  // a customer with credit and one charged call
  const customerPage = await browser.newPage();
  const customer = await signedInWithCredit(customerPage, request, '10.00');
  const customerUser = (await (await request.get('/api/auth/user', { headers: { authorization: `Bearer ${customer.access_token}` } })).json()) as { email: string };
  await customerPage.goto('/home?number=%2B447400123456');
  const callButton = customerPage.getByRole('button', { name: 'Call', exact: true });
  await expect(callButton).toBeEnabled({ timeout: 20_000 });
  await callButton.click();
  const modal = customerPage.getByRole('dialog');
  await expect(modal.getByTestId('call-status')).toHaveText('Connected', { timeout: 15_000 });
  await customerPage.waitForTimeout(2000);
  await modal.getByRole('button', { name: /End Call/ }).click();
  await expect(customerPage.getByText(/Charged: \$\d+\.\d{2}/).first()).toBeVisible({ timeout: 10_000 });
  await customerPage.close();

  // the admin
  const adminUser = newTestUser();
  const adminSession = (await signUpThroughApi(request, adminUser)) as StoredSession;
  grantAdmin(adminUser.email);
  const adminHeaders = { authorization: `Bearer ${adminSession.access_token}` };
  await signedInAs(page, adminSession);
  await page.setViewportSize({ width: 1280, height: 900 });
  const scripts = recordScripts(page);

  // the account menu leads an admin to the console
  await page.goto('/home');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Admin Console' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Admin', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('card-Users')).toHaveText(/^\d+$/);
  await expect(page.getByTestId('card-Answer rate')).toHaveText(/%$/);
  await expect(page.getByTestId('dashboard-chart')).toBeVisible();
  await expect(page.getByRole('img', { name: /^Chart of 30 days/ })).toBeVisible();
  await page.getByText("The chart's data as a table").click();
  await expect(page.getByRole('region', { name: 'Calls, minutes, top-ups and charges by day' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Latest audit log entries' })).toBeVisible();
  // what is live of each remote (no release made in this run: each origin's root build)
  const live = page.getByRole('region', { name: 'Live releases of the remotes' });
  await expect(live.getByRole('row').filter({ hasText: 'Dialer' })).toContainText('Root build (no release yet)');
  await expect(live.getByRole('row')).toHaveCount(6);
  expect(scripts.some((text) => text.includes(consoleMarker))).toBe(true);
  await fitsPhone(page, 'dashboard');

  // find the customer and adjust their balance
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Users' }).click();
  await expect(page).toHaveTitle(/^Admin: Users/);
  await page.getByLabel('Search users').fill(customerUser.email);
  await expect(page.getByTestId('users-total')).toHaveText(/of 1 user$/);
  await fitsPhone(page, 'users');
  await page.getByRole('link', { name: customerUser.email }).click();
  const balance = page.getByTestId('user-balance');
  await expect(balance).toHaveText(/^\$\d+\.\d{2}$/);
  const before = (await balance.innerText()).slice(1);

  const adjust = page.getByRole('button', { name: 'Adjust balance' });
  await adjust.click();
  const dialog = page.getByRole('dialog', { name: 'Adjust balance' });
  await dialog.getByLabel('Amount (USD)').fill('2.50');
  await dialog.getByRole('button', { name: 'Save adjustment' }).click();
  // the api's own words for a missing reason
  await expect(dialog.getByRole('alert')).toContainText(/reason/i);
  await dialog.getByLabel('Reason').fill('e2e goodwill credit');
  await dialog.getByRole('button', { name: 'Save adjustment' }).click();
  await expect(dialog).toBeHidden();
  await expect(adjust).toBeFocused();
  const expected = (Math.round(Number(before) * 100) + 250) / 100;
  await expect(balance).toHaveText(`$${expected.toFixed(2)}`);
  await expect(page.getByText('Balance adjusted').first()).toBeVisible();
  await fitsPhone(page, 'user-detail');

  // the call, refunded once; a page that still shows it unrefunded is told so
  await page.getByRole('link', { name: "All of this user's calls" }).click();
  await expect(page).toHaveURL(/\/admin\/calls\?userId=/);
  const stale = await page.context().newPage();
  await stale.goto(page.url());
  await expect(stale.getByRole('button', { name: /^Refund the call/ })).toBeVisible();

  await page.getByRole('button', { name: /^Refund the call/ }).click();
  const refund = page.getByRole('dialog', { name: 'Refund this call?' });
  await refund.getByLabel('Reason').fill('e2e poor line quality');
  await refund.getByRole('button', { name: 'Refund call' }).click();
  await expect(refund).toBeHidden();
  await expect(page.getByTestId('call-refunded').first()).toHaveText(/^\$\d+\.\d{2}$/);
  await expect(page.getByRole('button', { name: /^Refund the call/ })).toHaveCount(0);
  await fitsPhone(page, 'calls');

  await stale.getByRole('button', { name: /^Refund the call/ }).click();
  const again = stale.getByRole('dialog', { name: 'Refund this call?' });
  await again.getByLabel('Reason').fill('e2e a second time');
  await again.getByRole('button', { name: 'Refund call' }).click();
  await expect(again.getByRole('alert')).toHaveText('This call has already been refunded.');
  await stale.close();

  // the money by day, the CSV and the ledger
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Financial' }).click();
  await expect(page.getByTestId('ledger-check')).toHaveText(/^Ledger holds: \d+ users, \d+ entries\.$/);
  await expect(page.getByRole('region', { name: 'Money by day' })).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^ringwise-financial-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync(await download.path(), 'utf8');
  expect(csv.split('\r\n')[0]).toBe('day,top_ups,charges,refunds,adjustments,entries');
  await fitsPhone(page, 'financial');

  // the rate deck: a file with a bad row is refused line by line, a rate changed from tomorrow, a prefix blocked
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Rates' }).click();
  await expect(page.getByRole('region', { name: 'Rates of GB' })).toBeVisible();
  await page.getByLabel('Deck file', { exact: true }).setInputFiles({
    name: 'deck.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('prefix,price per minute,number type\n4420,0.01,landline\n99x,abc,fax\n'),
  });
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByRole('list', { name: 'Problems by line' })).toContainText('Line 3: prefix must be 1 to 15 digits (got "99x")');
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel('Prefix (with calling code)').fill('4420');
  await page.getByLabel('Price per minute (USD)').fill('0.0150');
  await page.getByLabel('Effective from (UTC, empty: now)').fill(`${tomorrow}T00:00`);
  await page.getByRole('button', { name: 'Save rate' }).click();
  await expect(page.getByText('Rate saved').first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Rates of GB' }).getByRole('row', { name: /\+4420 .*\$0\.015 .*\(starts later\)/ })).toBeVisible();
  await page.getByLabel('Prefix', { exact: true }).fill('4479');
  await page.getByLabel('Reason', { exact: true }).fill('e2e fraud ring');
  await page.getByRole('button', { name: 'Block prefix' }).click();
  await expect(page.getByRole('region', { name: 'Blocked prefixes' }).getByRole('row', { name: /\+4479 e2e fraud ring/ })).toBeVisible();
  await fitsPhone(page, 'rates');
  await page.getByRole('button', { name: 'Unblock +4479' }).click();
  await expect(page.getByText('No destination is blocked.')).toBeVisible();

  // the audit log on the dashboard has both money actions
  await page.getByRole('link', { name: 'Dashboard' }).click();
  const audit = page.getByRole('region', { name: 'Latest audit log entries' });
  await expect(audit.getByText('e2e goodwill credit')).toBeVisible();
  await expect(audit.getByText('e2e poor line quality')).toBeVisible();
  expect((await request.get('/api/admin/ledger-check', { headers: adminHeaders })).status()).toBe(200);
});
