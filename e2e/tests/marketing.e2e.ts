import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { e2eOrigin } from '../e2e-env.ts';
import { expect, test } from '../fixtures.ts';

const originPattern = e2eOrigin.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

async function expectNoSeriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

test('crawlers get the UK page as complete HTML: rates, FAQ, canonical, share tags, JSON-LD', async ({ request }) => {
  const res = await request.get('/call/gb', { headers: { 'accept-encoding': 'gzip' } });
  expect(res.status()).toBe(200);
  expect(res.headers()['content-encoding']).toBe('gzip');
  const html = await res.text();
  expect(html).toContain('United Kingdom');
  expect(html).toContain('$0.032');
  expect(html).toMatch(/<title[^>]*>[^<]*United Kingdom[^<]* \| Ringwise<\/title>/);
  expect(html).toMatch(new RegExp(`<link[^>]+rel="canonical"[^>]+href="${originPattern}/call/gb"`));
  expect(html).toMatch(/<meta[^>]+property="og:title"/);
  expect(html).toMatch(/<meta[^>]+name="twitter:card"[^>]+content="summary_large_image"/);
  expect(html).toContain('application/ld+json');
  expect(html).toContain('FAQPage');
  expect(html).toMatch(/How much does it cost to call/);
  expect(html).not.toMatch(/<meta name="robots" content="noindex/);
});

test('an unknown country is a 404 page that says so, and is not indexed', async ({ request }) => {
  for (const path of ['/call/zz', '/call/gbr']) {
    const res = await request.get(path);
    expect(res.status()).toBe(404);
    const html = await res.text();
    expect(html).toContain('Country not found');
    expect(html).toContain('noindex');
  }
});

test('the sitemap lists every country page, and robots.txt points to it', async ({ request }) => {
  const sitemap = await (await request.get('/sitemap.xml')).text();
  const pages = [...sitemap.matchAll(new RegExp(`<loc>${originPattern}/call/([a-z]{2})</loc>`, 'g'))].map((m) => m[1]);
  expect(pages.length).toBeGreaterThanOrEqual(200);
  expect(pages).toContain('gb');
  expect(pages).toContain('us');
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain(`Sitemap: ${e2eOrigin}/sitemap.xml`);
  expect(robots).toContain('Disallow: /home');
});

test('the country page reads the same without JavaScript', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/call/gb');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('United Kingdom');
  await expect(page.getByText('$0.032').first()).toBeVisible();
  // the flag is an image the app serves (no emoji font needed), drawn without JavaScript too
  const flag = page.locator('img[src="/flags/gb.svg"]').first();
  await expect(flag).toBeVisible();
  expect(await flag.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await context.close();
});

test('the country page in the browser: rates, guide, FAQ, related countries, accessible', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/call/GB');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('United Kingdom');
  await expect(page.getByText('+44').first()).toBeVisible();
  await expect(page.getByText('$0.032').first()).toBeVisible();
  await expect(page.getByText(/How much does it cost to call/)).toBeVisible();
  await expect(page.getByRole('navigation', { name: /breadcrumb/i })).toBeVisible();
  // the browser took the server's page over: the remote is rendered and interactive
  await expect(page.locator('[data-remote="marketing"]')).toBeVisible();
  const related = page.locator('a[href^="/call/"]');
  expect(await related.count()).toBeGreaterThan(0);
  await expectNoSeriousA11yViolations(page);
  expect(errors).toEqual([]);
});

test('the landing page: demo dialer, features, pricing, accessible', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Get Started Free' })).toHaveAttribute('href', '/sign-up');
  await expect(page.getByText('Try Our Dialer')).toBeVisible();
  for (const feature of ['Browser Calling', 'Pay-as-you-go', 'Virtual Numbers', 'Secure & Private', 'Instant Setup', 'Global Reach']) {
    await expect(page.getByRole('heading', { name: feature })).toBeVisible();
  }
  await expect(page.getByText('© 2023')).toBeVisible();
  await expect(page.locator('[data-remote="marketing"]')).toBeVisible();
  await expect(page.getByText('Enter number to continue')).toBeVisible();
  await page.getByRole('button', { name: /^5/ }).first().click();
  await expect(page.getByText('Sign up to see real rates')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('the in-app rates view searches and links to country pages', async ({ page, signedIn: _user }) => {
  await page.goto('/home/rates');
  await expect(page.getByRole('heading', { name: 'Calling Rates' })).toBeVisible();
  const search = page.getByRole('searchbox').or(page.getByPlaceholder(/search/i)).first();
  await search.fill('united kingdom');
  await expect(page.locator('a[href="/call/gb"]')).toBeVisible();
  await search.fill('44');
  await expect(page.locator('a[href="/call/gb"]')).toBeVisible();
  await search.fill('no such place');
  await expect(page.getByText('No countries found. Try a different search.')).toBeVisible();
});

test('signed out, the server HTML of the UK page signs up and says how a short call is rounded', async ({ request }) => {
  const html = await (await request.get('/call/gb')).text();
  expect(html).toMatch(/href="\/sign-in"[^>]*>Sign In</);
  expect(html).toMatch(/href="\/sign-up"[^>]*>Get Started</);
  expect(html).toMatch(/href="\/sign-in"[^>]*>I have an account</);
  expect(html).not.toContain('Open Dialer');
  // the seeded deck's GB landline rate, $0.018/min: 1.8 cents for a call of under a minute, rounded to 2
  const example = 'rounded to the nearest cent, so a call of under a minute to a $0.018/min landline costs $0.02.';
  expect(html).toContain(example);
  const faq = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)]
    .flatMap(([, json]) => JSON.parse(json ?? '[]') as { '@type': string; mainEntity?: { name: string; acceptedAnswer: { text: string } }[] }[])
    .find((item) => item['@type'] === 'FAQPage');
  expect(faq?.mainEntity?.[0]?.acceptedAnswer.text).toContain(example);
  expect(faq?.mainEntity?.[3]?.acceptedAnswer.text).toContain("each started minute counting in full, and each call's total is rounded to the nearest cent");
});

test('signed in, the UK page offers the dialer with +44, not signing in or up', async ({ page, signedIn: _user }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/call/gb');
  await expect(page.locator('[data-remote="marketing"]')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Account' }).getByRole('link')).toHaveText(['Open Dialer']);
  await expect(page.getByRole('link', { name: 'Open Dialer' })).toHaveAttribute('href', '/home');
  const calls = page.getByRole('link', { name: 'Call United Kingdom now' });
  await expect(calls).toHaveCount(2);
  for (const name of ['Sign In', 'Get Started', 'I have an account', 'Get Started Free']) {
    await expect(page.getByRole('link', { name, exact: true })).toHaveCount(0);
  }
  await expect(page.getByText(/a call of under a minute to a \$0\.018\/min landline costs \$0\.02\./).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath('call-gb-signed-in-390.png') });
  await calls.first().click();
  // the dialer takes ?number= in: +44 picked, the parameter gone from the address
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('button', { name: 'Country code: +44 United Kingdom' })).toBeVisible();
  expect(errors).toEqual([]);
});
