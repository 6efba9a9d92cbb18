import { expect, test } from '../fixtures.ts';

const tabs = [
  { name: 'Calls', path: '/home/calls', remote: 'dialer', heading: 'Recent Calls' },
  { name: 'Contacts', path: '/home/contacts', remote: 'contacts', heading: 'Contacts' },
  { name: 'Rates', path: '/home/rates', remote: 'marketing', heading: 'Calling Rates' },
  { name: 'Settings', path: '/home/settings', remote: 'billing', heading: 'Billing' },
] as const;

test('every tab renders its remote inside the shell', async ({ page, signedIn: _user }) => {
  await page.goto('/home');
  const main = page.locator('main#main');
  await expect(main.locator('[data-remote="dialer"]')).toBeVisible();
  await expect(page.getByRole('group', { name: 'Keypad' })).toBeVisible();
  await expect(page).toHaveTitle('Dialer | Ringwise');

  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const tab of tabs) {
    await nav.getByRole('link', { name: tab.name, exact: true }).click();
    await expect(page).toHaveURL(tab.path);
    await expect(main.locator(`[data-remote="${tab.remote}"]`).first()).toBeVisible();
    await expect(main.getByRole('heading', { name: tab.heading, exact: true })).toBeVisible();
    await expect(nav.getByRole('link', { name: tab.name, exact: true })).toHaveAttribute('aria-current', 'page');
  }

  // the settings sections come from two remotes
  await page.getByRole('tab', { name: 'Numbers' }).click();
  await expect(main.locator('[data-remote="numbers"]')).toBeVisible();
  await expect(main.getByRole('heading', { name: 'Numbers', exact: true })).toBeVisible();
  await page.getByRole('tab', { name: 'Notifications' }).click();
  await expect(main.getByRole('heading', { name: 'Notifications', exact: true })).toBeVisible();

  await nav.getByRole('link', { name: 'Dialer' }).click();
  await expect(page).toHaveURL('/home');
  await expect(page.getByRole('group', { name: 'Keypad' })).toBeVisible();
});

test('remotes share the one React, query client and kit of the shell', async ({ page, signedIn: _user }) => {
  await page.goto('/home/contacts');
  await expect(page.getByRole('heading', { name: 'Contacts', exact: true })).toBeVisible();
  const federation = await page.evaluate(() => {
    const g = globalThis as unknown as {
      __FEDERATION__: { __INSTANCES__: { name: string }[]; __SHARE__: Record<string, Record<string, Record<string, Record<string, { loaded?: boolean; from: string }>>>> };
    };
    const instances = g.__FEDERATION__.__INSTANCES__.map((i) => i.name);
    const loadedFrom: Record<string, string[]> = {};
    for (const scopes of Object.values(g.__FEDERATION__.__SHARE__)) {
      for (const [pkg, versions] of Object.entries(scopes.default ?? {})) {
        for (const info of Object.values(versions)) if (info.loaded) (loadedFrom[pkg] ??= []).push(info.from);
      }
    }
    return { instances, loadedFrom };
  });
  expect(federation.instances).toContain('ringwise_shell');
  for (const pkg of ['react', 'react-dom', '@tanstack/react-query']) {
    expect(federation.loadedFrom[pkg]).toEqual(['ringwise_shell']);
  }
});

test('each build brings its own styles without breaking the others', async ({ page, signedIn: _user }) => {
  await page.goto('/home/contacts');
  const heading = page.getByRole('heading', { name: 'Contacts', exact: true });
  await expect(heading).toBeVisible();
  // ct:text-2xl ct:font-bold from the contacts sheet
  await expect(heading).toHaveCSS('font-size', '24px');
  await expect(heading).toHaveCSS('font-weight', '700');
  // a kit button (the kit's own sheet) inside the remote keeps the primary colour token
  await expect(page.getByRole('button', { name: 'Add Contact' })).toHaveCSS('background-color', 'rgb(29, 78, 216)');
  // the shell's header (sh: sheet) is still laid out by its own utilities
  await expect(page.locator('header').first()).toHaveCSS('position', 'sticky');
  // and the reset comes once, from the shell
  await expect(page.locator('body')).toHaveCSS('margin', '0px');
});

test('the header: balance, add credits and the avatar menu', async ({ page, signedIn: _user }) => {
  const cspViolations: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) cspViolations.push(message.text());
  });
  await page.goto('/home');
  // a new account starts at $0.00 (spec §3 users.balance default)
  await expect(page.getByTestId('header-balance')).toHaveText('$0.00');
  // the add-credits button opens the billing remote's top-up dialog, loaded on demand; Escape gives the focus back
  const addCredits = page.getByRole('button', { name: 'Add credits' });
  await addCredits.click();
  const topUp = page.getByRole('dialog', { name: 'Add Calling Credits' });
  await expect(topUp.getByRole('button', { name: 'Continue to Payment - $25.00' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(topUp).toBeHidden();
  await expect(addCredits).toBeFocused();
  await page.getByRole('button', { name: 'Account menu' }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: 'Profile Settings' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Admin Console' })).toHaveCount(0);
  await menu.getByRole('menuitem', { name: 'App Settings' }).click();
  await expect(page).toHaveURL('/home/settings');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Profile Settings' }).click();
  await expect(page).toHaveURL('/profile-settings');
  await expect(page.getByRole('heading', { name: 'Profile Settings' })).toBeVisible();
  // the menu's scroll lock inserts a <style>; the page's nonce lets it through the CSP
  expect(cspViolations).toEqual([]);
});

test('/home/transactions is a view without a tab', async ({ page, signedIn: _user }) => {
  await page.goto('/home/transactions');
  await expect(page.getByRole('heading', { name: 'Balance & Transactions' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.locator('[aria-current="page"]')).toHaveCount(0);
});

test('page metadata: title, canonical, share tags, noindex on /home', async ({ page, signedIn: _user }) => {
  await page.goto('/home/contacts');
  await expect(page).toHaveTitle('Contacts | Ringwise');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/home\/contacts$/);
  await expect(page.locator('meta[name="robots"]').first()).toHaveAttribute('content', /noindex/);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', 'Contacts | Ringwise');
  await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
});

test('the public landing page is indexable', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Get Started Free' })).toBeVisible();
  await expect(page).toHaveTitle(/\| Ringwise$/);
  await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
});

test('unknown paths get the not-found page with status 404 and noindex', async ({ page }) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  expect(response?.headers()['x-robots-tag']).toContain('noindex');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expect(page).toHaveTitle('Page Not Found | Ringwise');
  await expect(page.locator('meta[name="robots"]').first()).toHaveAttribute('content', /noindex/);
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL('/');
});
