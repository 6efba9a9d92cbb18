// Numbers in the browser with no Twilio keys: the app's own carrier simulator sells the number and places the
// verification call, which is answered on its simulated phone page.
import { expect, signedInWithCredit, test } from '../fixtures.ts';
import { phonePageUrl } from '../e2e-env.ts';

/**
 * The phone this run verifies: one of its own per run of the test in one api process (`--repeat-each`, retries), as
 * a number is one account's caller ID at a time and every run signs up a new account. (415) 555-0123 first, then
 * (415) 555-0124 …, all of the fictional 555-01XX range.
 */
function ownPhone(): { e164: string; national: RegExp } {
  const info = test.info();
  const run = (info.repeatEachIndex * (info.project.retries + 1) + info.retry) % 77;
  const line = String(123 + run).padStart(4, '0');
  return { e164: `+1415555${line}`, national: new RegExp(`\\(415\\) 555-${line}`) };
}

test('a new user with credit buys a number, verifies their own and makes it the default caller ID', async ({ page, context, request }) => {
  test.setTimeout(120_000);
  const own = ownPhone();
  const session = await signedInWithCredit(page, request, '10.00');

  await page.goto('/home/settings');
  await page.getByRole('tab', { name: 'Numbers' }).click();
  await expect(page.getByTestId('header-balance')).toHaveText('$10.00');

  // nothing of their own yet: the two ways to get one
  await page.getByRole('button', { name: 'Get Virtual Number' }).click();
  const numbersDialog = page.getByRole('dialog', { name: 'Virtual Numbers' });
  await expect(numbersDialog).toBeVisible();
  await numbersDialog.getByRole('combobox', { name: 'Country' }).click();
  await page.getByRole('option', { name: 'United Kingdom (GB)' }).click();
  await expect(numbersDialog.getByLabel('Number Pattern (Optional)')).toBeVisible();
  await numbersDialog.getByLabel('Number Pattern (Optional)').fill('020');
  await numbersDialog.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText(/^Found \d+ local numbers$/).first()).toBeVisible();
  const firstResult = numbersDialog.getByRole('list', { name: 'Available numbers' }).getByRole('listitem').first();
  await expect(firstResult).toContainText('+44 20');
  await expect(firstResult).toContainText('$1.15/month');
  const bought = (await firstResult.locator('span, p').first().innerText()).trim();
  await firstResult.getByRole('button', { name: /^Purchase / }).click();
  await expect(page.getByText(/^Successfully purchased /).first()).toBeVisible();
  await expect(numbersDialog.getByRole('list', { name: 'Your numbers' })).toContainText(bought);
  // exactly the number's price, as one ledger entry
  await expect(page.getByTestId('header-balance')).toHaveText('$8.85');
  await page.keyboard.press('Escape');
  await expect(numbersDialog).toBeHidden();

  // their own number, verified by answering the simulated verification call
  await page.getByRole('button', { name: 'Manage Verified Caller IDs' }).click();
  const callerIdsDialog = page.getByRole('dialog', { name: 'Verified Caller IDs' });
  await callerIdsDialog.getByLabel('Phone Number').fill(own.e164);
  await callerIdsDialog.getByLabel('Friendly Name (Optional)').fill('My mobile');
  await callerIdsDialog.getByRole('button', { name: 'Verify', exact: true }).click();
  const code = (await callerIdsDialog.getByTestId('validation-code').innerText()).trim();
  expect(code).toMatch(/^\d{6}$/);

  const phone = await context.newPage();
  await phone.goto(`${phonePageUrl}?number=${encodeURIComponent(own.e164)}`);
  await phone.getByLabel('Verification code').first().fill(code);
  await phone.getByRole('button', { name: 'Enter code' }).first().click();
  await expect(phone.getByText(/verified/i).first()).toBeVisible();
  await page.bringToFront();

  // the 3 s status poll sees it (its 'Phone Number Verified!' toast is covered by the component tests: it may be
  // gone by now on a slow machine)
  await expect(callerIdsDialog.getByRole('list', { name: 'Caller IDs' })).toContainText('Verified', { timeout: 15_000 });
  await page.keyboard.press('Escape');

  // both are offered as the default caller ID; the verified one is chosen
  const select = page.getByRole('combobox', { name: 'Default Caller ID' });
  await select.click();
  await expect(page.getByRole('option', { name: new RegExp(bought.replace(/[+()]/g, '\\$&')) })).toBeVisible();
  await page.getByRole('option', { name: own.national }).click();
  await expect(page.getByText('Your preferences have been saved successfully.').first()).toBeVisible();
  await page.reload();
  await page.getByRole('tab', { name: 'Numbers' }).click();
  await expect(page.getByRole('combobox', { name: 'Default Caller ID' })).toContainText(own.national);

  // on a phone, the dialer's From lists both with the spec's labels, the friendly name after 'Verified'
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/home');
  await page.getByLabel('From').click();
  const options = page.getByRole('option');
  await expect(options.filter({ hasText: own.national })).toContainText(/Verified.*My mobile/);
  await expect(options.filter({ hasText: 'Virtual' })).toHaveCount(1);
  await page.screenshot({ path: test.info().outputPath('from-selector-open-390.png'), animations: 'disabled' });
  await page.keyboard.press('Escape');

  const transactions = (await (
    await request.get('/api/transactions', { headers: { authorization: `Bearer ${session.access_token}` } })
  ).json()) as { items: Array<{ type: string; amount: string }> };
  expect(transactions.items.filter((t) => t.type === 'number_purchase')).toEqual([expect.objectContaining({ amount: '-1.15' })]);
});
