// A fresh user per test, signed up through the real Auth endpoints, with its session stored the way the
// auth client stores it, so the page starts signed in.
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { e2eAuthOrigin, e2eDataDir, repoRoot } from './e2e-env.ts';

export interface TestUser {
  email: string;
  password: string;
}

export function newTestUser(): TestUser {
  return { email: `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`, password: 'correct horse battery' };
}

/** Signs `user` up at the Auth stand-in of the run (the production run's unless `authOrigin` names another). */
export async function signUpThroughApi(request: APIRequestContext, user: TestUser, authOrigin = e2eAuthOrigin): Promise<unknown> {
  const res = await request.post(`${authOrigin}/auth/v1/signup`, { data: { email: user.email, password: user.password } });
  expect(res.status(), await res.text()).toBe(200);
  return res.json();
}

export const test = base.extend<{ signedIn: TestUser }>({
  signedIn: async ({ page, request }, use) => {
    const user = newTestUser();
    const session = await signUpThroughApi(request, user);
    await page.addInitScript((stored) => {
      if (!window.localStorage.getItem('ringwise-auth')) window.localStorage.setItem('ringwise-auth', stored);
    }, JSON.stringify(session));
    await use(user);
  },
});

export { expect };

/**
 * Tops a user up the way a payer does, without the browser: a Checkout Session from the api, then the payment
 * simulator's hosted page submitted with Stripe's 4242 test card; resolves once the balance shows the credit.
 */
export async function topUpThroughSimulator(request: APIRequestContext, accessToken: string, amount: string): Promise<void> {
  const headers = { authorization: `Bearer ${accessToken}` };
  const created = await request.post('/api/stripe/checkout-sessions', { headers, data: { amount } });
  expect(created.status(), await created.text()).toBe(201);
  const { url } = (await created.json()) as { url: string };
  const paid = await request.post(url, {
    form: { email: 'payer@example.com', cardNumber: '4242 4242 4242 4242', cardExpiry: '12 / 34', cardCvc: '123', billingName: 'Test Payer' },
    maxRedirects: 0,
  });
  expect(paid.status(), await paid.text()).toBeLessThan(400);
  await expect
    .poll(async () => ((await (await request.get('/api/auth/user', { headers })).json()) as { balance: string }).balance, { timeout: 15_000 })
    .toBe(amount);
}

export interface StoredSession {
  access_token: string;
  user: { id: string };
}

/** A new user topped up with `amount` through the payment simulator, whose session the page starts with; signed up
 *  at `authOrigin` (the dev command's run has its own). */
export async function signedInWithCredit(page: Page, request: APIRequestContext, amount = '10.00', authOrigin = e2eAuthOrigin): Promise<StoredSession> {
  const session = (await signUpThroughApi(request, newTestUser(), authOrigin)) as StoredSession;
  await topUpThroughSimulator(request, session.access_token, amount);
  await page.addInitScript((stored) => {
    if (!window.localStorage.getItem('ringwise-auth')) window.localStorage.setItem('ringwise-auth', stored);
  }, JSON.stringify(session));
  return session;
}

/** Everything the page says on its console at warning level or above (CSP reports among them), and its uncaught
 *  errors, as they come. */
export function consoleOf(page: Page): string[] {
  const messages: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') messages.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => messages.push(`pageerror: ${error.message}`));
  return messages;
}

/** Pays on the payment simulator's hosted checkout as a payer types it. */
export async function payWithCard(page: Page, card: string, total: string): Promise<void> {
  await expect(page.getByRole('heading', { name: `Pay Ringwise ${total}` })).toBeVisible();
  const email = page.getByLabel('Email');
  if (await email.isVisible()) await email.fill('payer@example.com');
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel(/Expiry date/).fill('12 / 34');
  await page.getByLabel(/Security code/).fill('123');
  await page.getByLabel('Name on card').fill('Ada Lovelace');
  await page.getByRole('button', { name: `Pay ${total}` }).click();
}

/** Makes `email` an admin with `bun run admin:grant`, against the run's embedded database (through the running api's
 *  control socket). */
export function grantAdmin(email: string): void {
  execFileSync('bun', ['scripts/admin-grant.ts', email], { cwd: repoRoot, env: { ...process.env, DATA_DIR: e2eDataDir, DATABASE_URL: '' }, stdio: 'pipe' });
}
