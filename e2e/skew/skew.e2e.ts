// Builds from two commits together, as remote teams ship out of step: scripts/skew-matrix.ts runs this spec once with
// this checkout's shell and the previous release's remotes, once the other way round (.ci/skew-base). Every signed-in
// view shows each remote's area (never its "unavailable" fallback) without a page error, and a call is charged.
import type { Locator, Page } from '@playwright/test';
import { dial } from '../calls.ts';
import { expect, signedInWithCredit, test } from '../fixtures.ts';

interface View {
  path: string;
  /** The settings tab to open, if the view's area is behind one. */
  tab?: string;
  remote: string;
  /** What the remote draws once it has rendered. */
  shows: (page: Page) => Locator;
}

const heading = (name: string) => (page: Page) => page.getByRole('main').getByRole('heading', { name, exact: true });

const signedInViews: View[] = [
  { path: '/home', remote: 'dialer', shows: (page) => page.getByRole('group', { name: 'Keypad' }) },
  { path: '/home/calls', remote: 'dialer', shows: heading('Recent Calls') },
  { path: '/home/contacts', remote: 'contacts', shows: heading('Contacts') },
  { path: '/home/transactions', remote: 'billing', shows: heading('Balance & Transactions') },
  { path: '/home/rates', remote: 'marketing', shows: heading('Calling Rates') },
  { path: '/home/settings', tab: 'Billing', remote: 'billing', shows: heading('Billing') },
  { path: '/home/settings', tab: 'Numbers', remote: 'numbers', shows: heading('Numbers') },
  { path: '/home/settings', tab: 'Notifications', remote: 'billing', shows: heading('Notifications') },
  { path: '/call/gb', remote: 'marketing', shows: (page) => page.getByRole('heading', { level: 1, name: /United Kingdom/ }) },
];

/** Uncaught errors, and the shell's warning for a remote part that could not be loaded (a quiet one shows nothing). */
function problemsOf(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.text().includes('[federation]')) problems.push(`${message.type()}: ${message.text()}`);
  });
  return problems;
}

async function expectRemoteArea(page: Page, view: View, problems: string[]): Promise<void> {
  const where = view.tab ? `${view.path} (${view.tab})` : view.path;
  const fallback = page.locator('[data-remote-fallback]');
  const expectNothingBroken = async () => {
    // the errors first: they say why an area fell back
    expect(problems, where).toEqual([]);
    expect(await fallback.count(), `${where}: an "unavailable" fallback`).toBe(0);
  };
  // whichever comes first, so that a remote that cannot be loaded fails here at once, named
  await expect(view.shows(page).or(fallback).first(), where).toBeVisible();
  await expectNothingBroken();
  await expect(page.locator(`[data-remote="${view.remote}"]`).first(), where).toBeVisible();
  // the parts that load later are in too: the dialer asks for other remotes' widgets 600 ms after it renders, once
  // the page is idle (at most 1 s more), and the call overlay comes after the view
  await page.waitForTimeout(2000);
  await page.waitForLoadState('networkidle');
  await expectNothingBroken();
}

test('every signed-in view renders its remote, without a page error', async ({ page, signedIn: _user }) => {
  const problems = problemsOf(page);
  for (const view of signedInViews) {
    await page.goto(view.path);
    if (view.tab) await page.getByRole('tab', { name: view.tab, exact: true }).click();
    await expectRemoteArea(page, view, problems);
  }
});

test('the landing page renders the marketing remote, without a page error', async ({ page }) => {
  const problems = problemsOf(page);
  await page.goto('/');
  await expectRemoteArea(page, { path: '/', remote: 'marketing', shows: (p) => p.getByRole('link', { name: 'Get Started Free' }) }, problems);
});

test('a call to a test destination connects and is charged', async ({ page, request }) => {
  test.setTimeout(90_000);
  const problems = problemsOf(page);
  const session = await signedInWithCredit(page, request);
  const modal = await dial(page, '+447400123456');
  await expect(modal.getByTestId('call-status')).toHaveText('Connected', { timeout: 15_000 });
  await expect(modal.getByTestId('call-duration')).toHaveText(/00:0[2-9]/, { timeout: 10_000 });
  await modal.getByRole('button', { name: /End Call/ }).click();
  await expect(modal.getByTestId('call-status')).toHaveText('Call Ended');
  const headers = { authorization: `Bearer ${session.access_token}` };
  await expect
    .poll(async () => ((await (await request.get('/api/calls', { headers })).json()) as { items: Array<{ status: string }> }).items[0]?.status)
    .toBe('completed');
  const calls = (await (await request.get('/api/calls', { headers })).json()) as { items: Array<{ cost: string }> };
  const charged = calls.items[0]!.cost;
  expect(Number(charged)).toBeGreaterThan(0);
  await expect(page.getByText(`Charged: $${charged}`).first()).toBeVisible({ timeout: 10_000 });
  await expect(page.getByTestId('header-balance')).toHaveText(`$${(10 - Number(charged)).toFixed(2)}`);
  expect(problems).toEqual([]);
});
