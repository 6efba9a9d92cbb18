// A call without microphone access: Chromium without the fake permission prompt refuses getUserMedia, as a user who
// clicks "Block" does, and the dialer says so (spec §8 'Microphone Access Required').
import { expect, signedInWithCredit, test } from '../fixtures.ts';

test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    // a fake microphone exists, but permission is not granted (no --use-fake-ui-for-media-stream)
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--use-fake-device-for-media-stream', '--deny-permission-prompts'],
  },
});

test('a call with the microphone blocked shows "Microphone Access Required" and costs nothing', async ({ page, request }) => {
  test.setTimeout(60_000);
  await signedInWithCredit(page, request, '5.00');
  await page.goto(`/home?number=${encodeURIComponent('+447400123456')}`);
  const callButton = page.getByRole('button', { name: 'Call', exact: true });
  await expect(callButton).toBeEnabled({ timeout: 20_000 });
  await callButton.click();
  await expect(page.getByText('Microphone Access Required').first()).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('header-balance')).toHaveText('$5.00');
  // the call is over: the dialer takes the next number
  await page.getByRole('textbox', { name: 'Phone number' }).fill('7400 123456');
  await expect(callButton).toBeEnabled({ timeout: 15_000 });
});
