// The profile settings in the browser (issue #14, /profile-settings): the name (the header follows), a picture
// uploaded and removed (a text file renamed .png refused in the api's words), the download of all the user's data,
// the e-mail and password changes through Supabase Auth (both confirmation links opened from the e-mails the api wrote), and
// the account's deletion after typing the e-mail address: the landing page says so, and the old credentials no
// longer sign in. Screenshots at 1280 and 390 px in test-results/profile-screens/.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { e2eAuthOrigin, e2eDataDir, repoRoot } from '../e2e-env.ts';
import { expect, newTestUser, signUpThroughApi, test, type StoredSession, type TestUser } from '../fixtures.ts';

const screens = path.join(repoRoot, 'test-results/profile-screens');

/** A 2×2 PNG (red), small enough to read here. */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGO4qa0NRAwQCgAj6gS9G2okigAAAABJRU5ErkJggg==',
  'base64',
);

async function signedInUser(page: Page, request: APIRequestContext): Promise<{ user: TestUser; session: StoredSession; headers: Record<string, string> }> {
  const user = newTestUser();
  const session = (await signUpThroughApi(request, user)) as StoredSession;
  await page.addInitScript((stored) => {
    if (!window.localStorage.getItem('ringwise-auth')) window.localStorage.setItem('ringwise-auth', stored);
  }, JSON.stringify(session));
  return { user, session, headers: { authorization: `Bearer ${session.access_token}` } };
}

/** At 390 px (no sideways scrolling, nothing serious for axe) and 1280 px, saved for a look. */
async function screenshots(page: Page, name: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.scrollingElement!.scrollWidth), { message: `${name} fits 390 px` }).toBeLessThanOrEqual(390);
  await page.screenshot({ path: path.join(screens, `${name}-390.png`), fullPage: true });
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${name}: ${v.id} (${v.nodes.length})`)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: path.join(screens, `${name}-1280.png`), fullPage: true });
}

const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

test('name, picture and the download of all my data', async ({ page, request }) => {
  test.setTimeout(60_000);
  const { user, headers } = await signedInUser(page, request);
  const contact = await request.post('/api/contacts', { headers, data: { displayName: 'Grace Hopper', primaryNumber: '+442079460000' } });
  expect(contact.status()).toBe(201);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/profile-settings');
  await expect(page.getByRole('heading', { name: 'Profile Settings', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(/^Profile Settings \|/);
  await expect(page.locator('meta[name="robots"]').first()).toHaveAttribute('content', /noindex/);
  const avatar = page.getByRole('button', { name: 'Account menu' });
  await expect(avatar).toHaveText(user.email[0]!.toUpperCase());
  await screenshots(page, 'profile');

  // the name: saved with a toast, and the header's avatar and menu say it
  const name = section(page, 'Name');
  await name.getByLabel('First name').fill('Ada');
  await name.getByLabel('Last name').fill('Lovelace');
  await name.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByText('Name saved', { exact: true })).toBeVisible();
  await expect(avatar).toHaveText('AL');
  await avatar.click();
  await expect(page.getByRole('menu').getByText('Ada Lovelace')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(avatar).toBeFocused();

  // the picture: a small PNG, shown in the header
  const picture = section(page, 'Picture');
  const fileInput = picture.locator('input[type="file"]');
  await expect(fileInput).toHaveAttribute('accept', 'image/png,image/jpeg,image/webp');
  await fileInput.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByText('Picture updated', { exact: true })).toBeVisible();
  const headerImage = avatar.locator('img');
  await expect(headerImage).toHaveAttribute('src', /^\/api\/avatars\/[0-9a-f-]{36}$/);
  await expect.poll(() => headerImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(2);
  await expect(picture.getByRole('img', { name: 'Your picture' })).toBeVisible();
  await screenshots(page, 'profile-with-picture');

  // a text file renamed .png: refused by the api, in its words; the picture stays
  await fileInput.setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('just some notes, not an image\n') });
  await expect(picture.getByRole('alert')).toHaveText('The file is not the PNG, JPEG or WebP image it claims to be.');
  await expect(headerImage).toBeVisible();
  // a type it does not take is refused before sending, in the same words the api would use
  await fileInput.setInputFiles({ name: 'anim.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
  await expect(picture.getByRole('alert')).toHaveText('Upload a PNG, JPEG or WebP image (Content-Type image/png, image/jpeg or image/webp).');
  await fileInput.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024)]) });
  await expect(picture.getByRole('alert')).toHaveText('The image is larger than 2 MB. Choose a smaller one.');

  // removed: the initials are back
  await picture.getByRole('button', { name: 'Remove picture' }).click();
  await expect(page.getByText('Picture removed', { exact: true })).toBeVisible();
  await expect(avatar.locator('img')).toHaveCount(0);
  await expect(avatar).toHaveText('AL');
  await expect(picture.getByRole('button', { name: 'Upload picture' })).toBeFocused();

  // the download: a .json file with the e-mail address and the contacts
  const downloading = page.waitForEvent('download');
  await section(page, 'Your data').getByRole('button', { name: 'Download my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^ringwise-export-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = JSON.parse(readFileSync((await download.path())!, 'utf8')) as {
    profile: { email: string; firstName: string; lastName: string };
    contacts: { displayName: string; primaryNumber: string }[];
    avatar: unknown;
  };
  expect(exported.profile).toMatchObject({ email: user.email, firstName: 'Ada', lastName: 'Lovelace' });
  expect(exported.contacts.map((c) => [c.displayName, c.primaryNumber])).toEqual([['Grace Hopper', '+442079460000']]);
  expect(exported.avatar).toBeNull();
});

test('password change through Supabase Auth', async ({ page, request }) => {
  const { user } = await signedInUser(page, request);
  await page.goto('/profile-settings');
  const form = section(page, 'Password');
  const change = form.getByRole('button', { name: 'Change password' });
  await form.getByLabel('New password', { exact: true }).fill('short');
  await form.getByLabel('Confirm new password').fill('short');
  await change.click();
  await expect(form.getByRole('alert')).toHaveText('Password should be at least 8 characters.');
  await form.getByLabel('New password', { exact: true }).fill('a new long passphrase');
  await change.click();
  await expect(form.getByRole('alert')).toHaveText('The two passwords do not match.');
  // Auth's own words for a password it refuses
  await form.getByLabel('New password', { exact: true }).fill('password123');
  await form.getByLabel('Confirm new password').fill('password123');
  await change.click();
  await expect(form.getByRole('alert')).toContainText(/password/i);
  await form.getByLabel('New password', { exact: true }).fill('a new long passphrase');
  await form.getByLabel('Confirm new password').fill('a new long passphrase');
  await change.click();
  await expect(page.getByText('Password changed', { exact: true })).toBeVisible();
  const signIn = (password: string) => request.post(`${e2eAuthOrigin}/auth/v1/token?grant_type=password`, { headers: { apikey: 'local' }, data: { email: user.email, password } });
  expect((await signIn('a new long passphrase')).status()).toBe(200);
  expect((await signIn(user.password)).status()).toBe(400);
});

/** The e-mail-change link of the newest .eml file the api wrote to `to` (quoted-printable undone). */
function mailedLink(to: string): string | null {
  const dir = path.join(e2eDataDir, 'mail');
  const mails = existsSync(dir) ? readdirSync(dir).sort().map((name) => readFileSync(path.join(dir, name), 'utf8')) : [];
  const decoded = mails.map((raw) => raw.replace(/=\r?\n/g, '').replace(/=3D/gi, '='));
  const mail = decoded.findLast((text) => new RegExp(`^To: .*${to.replace(/[.+]/g, '\\$&')}`, 'mi').test(text) && text.includes('type=email_change'));
  return mail?.match(/https?:\/\/[^\s"<>]+\/auth\/v1\/verify\?[^\s"<>]+/)?.[0]?.replace(/&amp;/g, '&') ?? null;
}

test('e-mail change through Supabase Auth: confirmation links to both addresses, then the new one', async ({ page, request }) => {
  const { user, headers } = await signedInUser(page, request);
  await page.goto('/profile-settings');
  const form = section(page, 'E-mail address');
  await form.getByLabel('New e-mail address').fill(user.email);
  await form.getByRole('button', { name: 'Change e-mail' }).click();
  await expect(form.getByRole('alert')).toHaveText('That is already your e-mail address.');
  // an address another account has: Auth refuses it, in its words
  const other = newTestUser();
  await signUpThroughApi(request, other);
  await form.getByLabel('New e-mail address').fill(other.email);
  await form.getByRole('button', { name: 'Change e-mail' }).click();
  await expect(form.getByRole('alert')).not.toBeEmpty();
  await expect(form.getByRole('alert')).not.toHaveText('That is already your e-mail address.');
  const next = newTestUser().email;
  await form.getByLabel('New e-mail address').fill(next);
  await form.getByRole('button', { name: 'Change e-mail' }).click();
  await expect(form.getByRole('status')).toContainText(next);
  await expect(form.getByRole('status')).toContainText(user.email);
  // nothing changes until both links are opened
  await expect.poll(() => mailedLink(next)).not.toBeNull();
  await expect.poll(() => mailedLink(user.email)).not.toBeNull();
  expect((await (await request.get('/api/auth/user', { headers })).json()).email).toBe(user.email);
  for (const link of [mailedLink(next)!, mailedLink(user.email)!]) await page.goto(link);
  await expect.poll(async () => (await (await request.get('/api/auth/user', { headers })).json()).email).toBe(next);
  const signIn = (email: string) => request.post(`${e2eAuthOrigin}/auth/v1/token?grant_type=password`, { headers: { apikey: 'local' }, data: { email, password: user.password } });
  expect((await signIn(next)).status()).toBe(200);
  expect((await signIn(user.email)).status()).toBe(400);
});

test('deleting the account: the e-mail typed again, then the landing page, and the old credentials refused', async ({ page, request, browser }) => {
  const { user } = await signedInUser(page, request);
  await page.goto('/profile-settings');
  const opener = section(page, 'Danger zone').getByRole('button', { name: 'Delete account' });

  // from the keyboard; Escape gives the focus back to the button
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toBeVisible();
  await screenshots(page, 'profile-delete-dialog');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();

  await page.keyboard.press('Enter');
  const confirm = dialog.getByLabel(/Type your e-mail address/);
  await confirm.fill('someone-else@example.com');
  // the button waits for the right address; Enter in the field says what is wrong
  await expect(dialog.getByRole('button', { name: 'Delete my account' })).toBeDisabled();
  await confirm.press('Enter');
  await expect(dialog.getByRole('alert')).toHaveText('The confirmation does not match your e-mail address: nothing was deleted.');
  await confirm.fill(user.email);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();

  await expect(page).toHaveURL('/');
  await expect(page.getByText('Your account was deleted', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Get Started Free' })).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('ringwise-auth'))).toBeNull();
  await page.screenshot({ path: path.join(screens, 'landing-after-deletion-1280.png') });

  // signing in again with the old credentials is refused (a new page: this one's start script stores the old session)
  const again = await browser.newPage();
  await again.goto('/sign-in');
  await again.getByLabel('Email').fill(user.email);
  await again.getByLabel('Password').fill(user.password);
  await again.getByRole('button', { name: 'Sign In' }).click();
  await expect(again.getByRole('alert')).toHaveText('Invalid login credentials');
  await expect(again).toHaveURL('/sign-in');
  await again.close();
});
