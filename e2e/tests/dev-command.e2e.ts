// The README's dev command in the browser: `bun run dev` (playwright.dev.config.ts), its development builds and
// React's StrictMode (which mounts, unmounts and mounts every component again on its first mount). The dialer must
// call as the production build does: the call placed, answered and hung up on the one signalling socket the device
// opened; a call to a purchased number answered, on the token the device renewed.
import type { Page, WebSocket } from '@playwright/test';
import { buyNumber, callFromPhone, dial } from '../calls.ts';
import { devAuthOrigin, devPhonePageUrl } from '../dev-env.ts';
import { expect, signedInWithCredit, test } from '../fixtures.ts';

/** The signalling sockets the page opens (the Voice SDK's, to the carrier simulator), open or closed. */
function signallingSockets(page: Page) {
  const sockets: Array<{ socket: WebSocket; closed: boolean }> = [];
  page.on('websocket', (socket) => {
    if (!socket.url().endsWith('/signal')) return;
    const entry = { socket, closed: false };
    sockets.push(entry);
    socket.on('close', () => {
      entry.closed = true;
    });
  });
  return sockets;
}

test('a call to the echo destination from /home?number=: connected, hung up, charged', async ({ page, request }) => {
  test.setTimeout(60_000);
  const sockets = signallingSockets(page);
  await signedInWithCredit(page, request, '10.00', devAuthOrigin);
  // the dialer starts the device for ?number=; the call overlay mounts after it (and StrictMode mounts it twice)
  const modal = await dial(page, '+447400123456');
  await expect(modal.getByTestId('call-status')).toHaveText('Connected', { timeout: 15_000 });
  await expect(modal.getByTestId('call-cost')).not.toHaveText('$0.00');
  await modal.getByRole('button', { name: /End Call/ }).click();
  await expect(modal.getByTestId('call-status')).toHaveText('Call Ended');
  await expect(page.getByText(/Charged: \$\d+\.\d{2}/).first()).toBeVisible({ timeout: 10_000 });
  await expect(page.getByRole('button', { name: 'Call', exact: true })).toHaveAttribute('data-device', 'ready');
  // one device, registered once: nothing closed it under the page
  expect(sockets.map((entry) => entry.closed)).toEqual([false]);
});

test('a call to a purchased number is answered in the browser, after the device renewed its token', async ({ page, context, request }) => {
  test.setTimeout(90_000);
  const tokens: number[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/api/twilio/token' && response.ok()) tokens.push(Date.now());
  });
  const session = await signedInWithCredit(page, request, '5.00', devAuthOrigin);
  const number = await buyNumber(request, session.access_token);
  await page.goto('/home');
  const callButton = page.getByRole('button', { name: 'Call', exact: true });
  await expect(callButton).toHaveAttribute('data-device', 'ready', { timeout: 20_000 });
  // the dev run's tokens live 30 s (dev-env.ts); the device renews 10 s before the end, and the carrier simulator
  // unregisters a session whose token ran out
  await expect.poll(() => tokens.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
  await page.waitForTimeout(Math.max(0, tokens[0]! + 31_000 - Date.now()));
  await expect(callButton).toHaveAttribute('data-device', 'ready');

  const phone = await callFromPhone(context, number, { phonePage: devPhonePageUrl });
  const modal = page.getByRole('dialog');
  await expect(modal.getByTestId('call-status')).toHaveText('Incoming Call', { timeout: 15_000 });
  await modal.getByRole('button', { name: /Accept/ }).click();
  await expect(modal.getByTestId('call-status')).toHaveText('Connected', { timeout: 15_000 });
  await modal.getByRole('button', { name: /End Call/ }).click();
  await expect(modal.getByTestId('call-status')).toHaveText('Call Ended');
  await phone.close();
});
