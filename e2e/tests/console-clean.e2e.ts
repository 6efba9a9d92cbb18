// A customer's journey on a phone (390 px) with the browser's console watched: a top-up through the payment
// simulator's checkout, a number bought in the Virtual Numbers dialog, a call placed and hung up, and every
// signed-in view visited. Any console error or warning (a Content-Security-Policy report is one), or an uncaught
// error, fails it, and so does a view wider than the screen.
import { dial } from '../calls.ts';
import { consoleOf, expect, payWithCard, test } from '../fixtures.ts';

const views = ['/home', '/home/calls', '/home/contacts', '/home/transactions', '/home/rates', '/home/settings', '/profile-settings'];

test.use({ viewport: { width: 390, height: 844 } });

test('a customer journey on a phone leaves the console clean and never scrolls sideways', async ({ page, signedIn: _user }) => {
  test.setTimeout(180_000);
  const problems = consoleOf(page);

  // a top-up
  await page.goto('/home/transactions');
  await page.getByRole('button', { name: 'Add Credits' }).first().click();
  const topUp = page.getByRole('dialog', { name: 'Add Calling Credits' });
  await topUp.getByText('~1000 min').click();
  await topUp.getByRole('button', { name: 'Continue to Payment - $25.00' }).click();
  await expect(page).toHaveURL(/\/sim\/stripe\/checkout\/cs_test_/);
  await payWithCard(page, '4242 4242 4242 4242', '$25.00');
  await expect(page).toHaveURL('/home/transactions', { timeout: 20_000 });
  await expect(page.getByTestId('header-balance')).toHaveText('$25.00');

  // a number bought
  await page.goto('/home/settings');
  await page.getByRole('tab', { name: 'Numbers' }).click();
  await page.getByRole('button', { name: 'Get Virtual Number' }).click();
  const numbers = page.getByRole('dialog', { name: 'Virtual Numbers' });
  await numbers.getByRole('combobox', { name: 'Country' }).click();
  await page.getByRole('option', { name: 'United States (US)' }).click();
  await numbers.getByRole('button', { name: 'Search', exact: true }).click();
  const first = numbers.getByRole('list', { name: 'Available numbers' }).getByRole('listitem').first();
  await first.getByRole('button', { name: /^Purchase / }).click();
  await expect(page.getByText(/^Successfully purchased /).first()).toBeVisible();
  // the toast stays clear of the dialog's title and of the header's balance
  const toast = await page.getByText(/^Successfully purchased /).first().boundingBox();
  for (const covered of [numbers.getByRole('heading', { name: 'Virtual Numbers' }), page.getByTestId('header-balance')]) {
    const box = await covered.boundingBox();
    if (!toast || !box) continue;
    const overlaps = toast.x < box.x + box.width && box.x < toast.x + toast.width && toast.y < box.y + box.height && box.y < toast.y + toast.height;
    expect(overlaps, `a toast covers ${await covered.innerText()}`).toBe(false);
  }
  await page.keyboard.press('Escape');
  await expect(numbers).toBeHidden();

  // a call
  const call = await dial(page, '+14155550100');
  await expect(call.getByTestId('call-status')).toHaveText('Connected', { timeout: 20_000 });
  await call.getByRole('button', { name: /End Call/ }).click();
  await expect(call.getByTestId('call-status')).toHaveText('Call Ended');

  for (const view of views) {
    await page.goto(view);
    await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible();
    // the late parts (other remotes' widgets, the call overlay) are in too
    await page.waitForTimeout(1000);
    const width = await page.evaluate(() => document.scrollingElement!.scrollWidth);
    expect(width, `${view} is ${width} px wide`).toBeLessThanOrEqual(390);
  }
  expect(problems).toEqual([]);
});
