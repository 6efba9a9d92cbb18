// Issue 36, calls reach a background tab: two tabs of one signed-in browser both ring, the one in the background
// with a system notification and the caller in its title; the first to answer wins and the other stops ringing
// (the carrier simulator cancels its invite). And the notification permission, asked only from the in-page prompt.
import type { BrowserContext, Page } from '@playwright/test';
import { buyNumber, callFromPhone } from '../calls.ts';
import { e2eOrigin } from '../e2e-env.ts';
import { consoleOf, expect, signedInWithCredit, test } from '../fixtures.ts';

interface RecordedNotice {
  title: string;
  body: string | null;
  tag: string | null;
  closed: boolean;
}

declare global {
  interface Window {
    __notices?: RecordedNotice[];
    __noticeHandles?: Notification[];
    __focusCalls?: number;
    __permissionRequests?: number;
  }
}

/** Records every Notification the pages of `context` make (and their close) and every window.focus(). */
async function recordNotifications(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const notices: RecordedNotice[] = [];
    const handles: Notification[] = [];
    window.__notices = notices;
    window.__noticeHandles = handles;
    window.__focusCalls = 0;
    const focus = window.focus.bind(window);
    window.focus = () => {
      window.__focusCalls = (window.__focusCalls ?? 0) + 1;
      focus();
    };
    const Native = window.Notification;
    if (!Native) return;
    class Recorded extends Native {
      constructor(title: string, options?: NotificationOptions) {
        super(title, options);
        const entry: RecordedNotice = { title, body: options?.body ?? null, tag: options?.tag ?? null, closed: false };
        notices.push(entry);
        handles.push(this);
        const close = this.close.bind(this);
        this.close = () => {
          entry.closed = true;
          close();
        };
      }
    }
    Object.defineProperty(window, 'Notification', { value: Recorded, configurable: true, writable: true });
  });
}

/**
 * Puts `page` in the background as far as the page can tell. Headless Chromium reports every page 'visible' and
 * focused, whichever was opened last or brought to the front (each page is a window of its own, none covered), and
 * the DevTools protocol has no way to hide one short of freezing it (Page.setWebLifecycleState), which stops its
 * scripts and so the call. The document's visibilityState (and hidden) are redefined and visibilitychange is
 * dispatched, as a browser does when its tab goes to the background.
 */
async function sendToBackground(page: Page): Promise<void> {
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

const notices = (page: Page) => page.evaluate(() => window.__notices ?? []);

/** /home with the calling device registered for incoming calls. */
async function openHome(page: Page): Promise<void> {
  await page.goto('/home');
  await expect(page.getByRole('button', { name: 'Call', exact: true })).toHaveAttribute('data-device', 'ready', { timeout: 20_000 });
}

const caller = '+442079460958';
const callerTitle = 'Incoming call from +44 20 7946 0958 · Ringwise';

test('two tabs ring; the background one notifies and names the caller; the other answers and the first stops', async ({ page, context, request }) => {
  test.setTimeout(120_000);
  await context.grantPermissions(['notifications'], { origin: e2eOrigin });
  await recordNotifications(context);
  const session = await signedInWithCredit(page, request, '5.00');
  const number = await buyNumber(request, session.access_token);

  const background = page;
  const problems = consoleOf(background);
  await openHome(background);
  // the session is in the origin's storage now: the second tab starts signed in
  const front = await context.newPage();
  const frontProblems = consoleOf(front);
  await openHome(front);
  // both devices have registered with the carrier before the call comes
  await background.waitForTimeout(500);
  await sendToBackground(background);
  const usualTitle = await background.title();
  expect(usualTitle).toContain('Ringwise');

  const phone = await callFromPhone(context, number, { from: caller });
  const frontModal = front.getByRole('dialog');
  const backgroundModal = background.getByRole('dialog');
  await expect(frontModal.getByTestId('call-status')).toHaveText('Incoming Call', { timeout: 15_000 });
  await expect(backgroundModal.getByTestId('call-status')).toHaveText('Incoming Call', { timeout: 15_000 });
  await expect(background).toHaveTitle(callerTitle);
  await expect.poll(() => notices(background)).toEqual([
    { title: 'Incoming call from +44 20 7946 0958', body: 'Open Ringwise to answer.', tag: 'ringwise-incoming-call', closed: false },
  ]);
  // the tab in front rings in the page only
  expect(await notices(front)).toEqual([]);
  await expect(front).not.toHaveTitle(callerTitle);

  await frontModal.getByRole('button', { name: /Accept/ }).click();
  await expect(frontModal.getByTestId('call-status')).toHaveText('Connected', { timeout: 15_000 });
  // the other tab: its invite cancelled, its notification closed, its title back, its ringing modal gone
  await expect.poll(() => notices(background)).toEqual([expect.objectContaining({ closed: true })]);
  await expect(background).toHaveTitle(usualTitle);
  await expect(backgroundModal.getByRole('button', { name: /Accept/ })).toHaveCount(0);
  await expect(backgroundModal).toBeHidden({ timeout: 10_000 });

  await frontModal.getByRole('button', { name: /End Call/ }).click();
  await expect(frontModal.getByTestId('call-status')).toHaveText('Call Ended');
  await phone.close();
  await expect(frontModal).toBeHidden({ timeout: 10_000 });

  // the next call: a click on its notification brings the tab to the front and closes it; declined, the title is back
  const again = await callFromPhone(context, number, { from: caller });
  await expect(backgroundModal.getByTestId('call-status')).toHaveText('Incoming Call', { timeout: 15_000 });
  await expect.poll(async () => (await notices(background)).length).toBe(2);
  await background.evaluate(() => window.__noticeHandles!.at(-1)!.dispatchEvent(new Event('click')));
  expect(await background.evaluate(() => window.__focusCalls)).toBe(1);
  expect((await notices(background)).at(-1)).toMatchObject({ closed: true });
  await expect(background).toHaveTitle(callerTitle);
  await backgroundModal.getByRole('button', { name: /Reject/ }).click();
  await expect(background).toHaveTitle(usualTitle);
  await expect(frontModal).toBeHidden({ timeout: 10_000 });
  await again.close();
  expect(problems).toEqual([]);
  expect(frontProblems).toEqual([]);
});

test('the notification permission is asked only from the in-page prompt, offered once the user owns a number', async ({ page, request }, testInfo) => {
  test.setTimeout(90_000);
  // headless Chromium answers 'denied' for a permission never granted; a new profile's browser says 'default'
  await page.addInitScript(() => {
    let permission: NotificationPermission = 'default';
    window.__permissionRequests = 0;
    Object.defineProperty(Notification, 'permission', { configurable: true, get: () => permission });
    Object.defineProperty(Notification, 'requestPermission', {
      configurable: true,
      value: async () => {
        window.__permissionRequests = (window.__permissionRequests ?? 0) + 1;
        permission = 'granted';
        return permission;
      },
    });
  });
  await signedInWithCredit(page, request, '5.00');
  const requests = () => page.evaluate(() => window.__permissionRequests);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/home/settings');
  await page.getByRole('tab', { name: 'Numbers' }).click();
  await page.getByRole('button', { name: 'Get Virtual Number' }).click();
  const dialog = page.getByRole('dialog', { name: 'Virtual Numbers' });
  const prompt = page.getByRole('region', { name: 'Get notified of incoming calls when Ringwise is in the background' });
  // no number yet: nothing offered
  await expect(dialog.getByRole('heading', { name: 'Get a New Number' })).toBeVisible();
  await expect(prompt).toHaveCount(0);
  await dialog.getByRole('combobox', { name: 'Country' }).click();
  await page.getByRole('option', { name: 'United States (US)' }).click();
  await dialog.getByRole('button', { name: 'Search', exact: true }).click();
  await dialog.getByRole('list', { name: 'Available numbers' }).getByRole('listitem').first().getByRole('button', { name: /^Purchase / }).click();
  await expect(dialog.getByTestId('notification-prompt')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('notification-prompt-dialog-390.png') });
  expect(await requests()).toBe(0);
  await dialog.getByRole('button', { name: 'Not now' }).click();
  await expect(prompt).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // remembered: the Numbers view of a user with a number offers nothing after 'Not now'
  await page.reload();
  await page.getByRole('tab', { name: 'Numbers' }).click();
  await expect(page.getByRole('button', { name: 'Manage Virtual Numbers' })).toBeVisible();
  await expect(prompt).toHaveCount(0);

  // without the 'Not now', the Numbers view offers it; a page load alone never asks
  await page.evaluate(() => localStorage.removeItem('ringwise-call-notifications-prompt'));
  await page.reload();
  await page.getByRole('tab', { name: 'Numbers' }).click();
  await expect(prompt).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('notification-prompt-settings-390.png') });
  expect(await requests()).toBe(0);
  await prompt.getByRole('button', { name: 'Turn on' }).click();
  await expect(prompt).toHaveCount(0);
  expect(await requests()).toBe(1);
});
