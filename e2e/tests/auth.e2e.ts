import { expect, newTestUser, signUpThroughApi, test } from '../fixtures.ts';

test('sign up, stay signed in across a reload, sign out, sign in again', async ({ page }) => {
  const user = newTestUser();
  await page.goto('/sign-up');
  await expect(page).toHaveTitle('Sign Up | Ringwise');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Create Account' }).click();

  await expect(page).toHaveURL('/home');
  await expect(page.getByRole('group', { name: 'Keypad' })).toBeVisible();
  await expect(page.getByTestId('header-balance')).toHaveText('$0.00');

  await page.reload();
  await expect(page).toHaveURL('/home');
  await expect(page.getByTestId('header-balance')).toHaveText('$0.00');

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL('/');
  await page.goto('/home/contacts');
  // signed out: the signed-in area shows the sign-in page at the same address
  await expect(page.getByRole('heading', { name: 'Sign in to Ringwise' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Contacts', exact: true })).toHaveCount(0);

  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL('/home');
  await expect(page.getByTestId('header-balance')).toHaveText('$0.00');
});

test('a wrong password is refused with a readable message', async ({ page, request }) => {
  const user = newTestUser();
  await signUpThroughApi(request, user);
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill('not the password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid login credentials');
  await expect(page).toHaveURL('/sign-in');
});

test('a signed-in visitor of the landing page is sent to /home', async ({ page, signedIn: _user }) => {
  await page.goto('/');
  await expect(page).toHaveURL('/home');
  await expect(page.getByRole('group', { name: 'Keypad' })).toBeVisible();
});

test('an unreachable auth service shows the error card after 5 s, with Retry', async ({ page, signedIn: _user }) => {
  // a stored session that must be refreshed, and an auth service that does not answer
  await page.addInitScript(() => {
    const stored = JSON.parse(window.localStorage.getItem('ringwise-auth') ?? '{}') as Record<string, unknown>;
    window.localStorage.setItem('ringwise-auth', JSON.stringify({ ...stored, expires_at: Math.floor(Date.now() / 1000) - 60 }));
  });
  await page.route('**/auth/v1/**', (route) => route.abort('connectionrefused'));
  await page.goto('/home');
  await expect(page.getByRole('status', { name: 'Loading' })).toBeVisible();
  const card = page.getByRole('alert').filter({ hasText: 'Authentication Service Error' });
  await expect(card).toBeVisible({ timeout: 8000 });
  await expect(card.getByText('Possible fixes:')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Retry' })).toBeVisible();
});

test('a session the api no longer accepts ends in the browser too: sign-in page and a notice, never a raw error', async ({ page, request }) => {
  const user = newTestUser();
  const session = (await signUpThroughApi(request, user)) as { access_token: string };
  // the stored access token is one the api refuses (as after a revoke): its signature no longer matches
  const broken = { ...session, access_token: `${session.access_token.slice(0, -6)}AAAAAA` };
  await page.addInitScript((stored) => window.localStorage.setItem('ringwise-auth', stored), JSON.stringify(broken));
  await page.goto('/home/contacts');

  await expect(page.getByRole('heading', { name: 'Sign in to Ringwise' })).toBeVisible();
  await expect(page.getByText('Your session has ended. Please sign in again.', { exact: true })).toBeVisible();
  await expect(page.getByText(/401/)).toHaveCount(0);

  // signing in again brings the signed-in area back
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL('/home');
  await expect(page.getByTestId('header-balance')).toHaveText('$0.00');
});
