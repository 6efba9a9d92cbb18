// Top-ups in the browser with no payment keys: the app's own payment simulator takes Stripe's test cards.
import { expect, payWithCard, test } from '../fixtures.ts';

test('a new user tops up $25 with 4242… and sees it in the header and the list', async ({ page, signedIn: _user }) => {
  await page.goto('/home/transactions');
  await expect(page.getByRole('heading', { name: 'Balance & Transactions' })).toBeVisible();
  await expect(page.getByText('No transactions yet.')).toBeVisible();
  await expect(page.getByTestId('header-balance')).toHaveText('$0.00');

  await page.getByRole('button', { name: 'Add Credits' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add Calling Credits' });
  await expect(dialog).toBeVisible();
  await dialog.getByText('~1000 min').click();
  await expect(dialog.getByRole('radio', { name: /^\$25 / })).toBeChecked();
  await dialog.getByRole('button', { name: 'Continue to Payment - $25.00' }).click();

  await expect(page).toHaveURL(/\/sim\/stripe\/checkout\/cs_test_/);
  await payWithCard(page, '4242 4242 4242 4242', '$25.00');

  // back in the app: credited by the payment's event, shown without a reload
  await expect(page).toHaveURL('/home/transactions', { timeout: 20_000 });
  await expect(page.getByText('Payment successful').first()).toBeVisible();
  await expect(page.getByTestId('header-balance')).toHaveText('$25.00');
  const row = page.getByRole('listitem').filter({ hasText: 'Account top-up' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('$25.00');
});

test('a declined card shows the decline on the payment page and moves no money', async ({ page, signedIn: _user }) => {
  await page.goto('/home');
  await expect(page.getByTestId('header-balance')).toHaveText('$0.00');
  // the header's add button opens the same dialog
  await page.getByRole('button', { name: 'Add credits' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Calling Credits' });
  // the preset's card is what a pointer clicks (its radio is for the keyboard and screen readers)
  await dialog.getByText('~400 min').click();
  await expect(dialog.getByRole('radio', { name: /^\$10 / })).toBeChecked();
  await dialog.getByRole('button', { name: 'Continue to Payment - $10.00' }).click();

  await expect(page).toHaveURL(/\/sim\/stripe\/checkout\/cs_test_/);
  await payWithCard(page, '4000 0000 0000 0002', '$10.00');
  await expect(page.getByRole('alert')).toHaveText('Your card was declined.');

  await page.getByRole('link', { name: /Cancel and return to Ringwise/ }).click();
  await expect(page.getByText('Payment canceled').first()).toBeVisible();
  await expect(page.getByTestId('header-balance')).toHaveText('$0.00');
  await page.goto('/home/transactions');
  await expect(page.getByText('No transactions yet.')).toBeVisible();
});
