import { afterEach, expect, test } from 'bun:test';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { __resetNotificationOfferForTests, createNotificationOffer, dismissedKey, pageNotificationOffer, type PermissionSource } from './notification-offer.ts';
import { NotificationPrompt } from './notification-prompt.tsx';

afterEach(() => {
  cleanup();
  localStorage.clear();
  __resetNotificationOfferForTests();
});

/** The browser's Notification as far as permissions go: `answer` is what its question gets. */
function permissionSource(permission: NotificationPermission, answer: NotificationPermission = 'granted') {
  const source = {
    permission,
    asked: 0,
    requestPermission: async () => {
      source.asked += 1;
      source.permission = answer;
      return answer;
    },
  };
  return source satisfies PermissionSource;
}

test("offered while the browser has not been asked; 'Not now' is remembered across pages", () => {
  const source = permissionSource('default');
  const offer = createNotificationOffer({ Notification: source, storage: localStorage });
  expect(offer.offered()).toBe(true);
  let told = 0;
  offer.subscribe(() => (told += 1));
  offer.dismiss();
  expect(offer.offered()).toBe(false);
  expect(told).toBe(1);
  expect(localStorage.getItem(dismissedKey)).toBe('dismissed');
  expect(createNotificationOffer({ Notification: source, storage: localStorage }).offered()).toBe(false);
  expect(source.asked).toBe(0);
});

test("not offered once the browser has an answer, or without the API (Safari iOS, happy-dom); a storage that throws is no error", async () => {
  expect(createNotificationOffer({ Notification: permissionSource('granted'), storage: null }).offered()).toBe(false);
  expect(createNotificationOffer({ Notification: permissionSource('denied'), storage: null }).offered()).toBe(false);
  const missing = createNotificationOffer({ Notification: null, storage: null });
  expect(missing.offered()).toBe(false);
  expect(await missing.turnOn()).toBeNull();
  const broken = {
    getItem: () => {
      throw new Error('SecurityError');
    },
    setItem: () => {
      throw new Error('QuotaExceededError');
    },
  };
  const offer = createNotificationOffer({ Notification: permissionSource('default'), storage: broken });
  expect(offer.offered()).toBe(true);
  expect(() => offer.dismiss()).not.toThrow();
  expect(offer.offered()).toBe(false);
  expect('Notification' in globalThis).toBe(false);
  expect(pageNotificationOffer().offered()).toBe(false);
});

test("'Turn on' asks the browser once and is not offered again, whatever the answer (a prompt closed unanswered leaves 'default')", async () => {
  for (const answer of ['granted', 'denied', 'default'] as const) {
    const source = permissionSource('default', answer);
    const offer = createNotificationOffer({ Notification: source, storage: null });
    expect(await offer.turnOn()).toBe(answer);
    expect(source.asked).toBe(1);
    expect(offer.offered()).toBe(false);
  }
  const callbackStyle = { permission: 'default' as NotificationPermission, requestPermission: () => undefined };
  expect(await createNotificationOffer({ Notification: callbackStyle, storage: null }).turnOn()).toBe('default');
});

test('the prompt: its text, Turn on asks the browser (only then), Not now hides it', async () => {
  const source = permissionSource('default');
  const offer = createNotificationOffer({ Notification: source, storage: localStorage });
  render(<NotificationPrompt offer={offer} />);
  expect(screen.getByRole('region', { name: 'Get notified of incoming calls when Ringwise is in the background' })).toBeTruthy();
  expect(source.asked).toBe(0);
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Turn on' })));
  expect(source.asked).toBe(1);
  expect(screen.queryByTestId('notification-prompt')).toBeNull();
  cleanup();

  const other = createNotificationOffer({ Notification: permissionSource('default'), storage: localStorage });
  render(<NotificationPrompt offer={other} />);
  fireEvent.click(screen.getByRole('button', { name: 'Not now' }));
  expect(screen.queryByTestId('notification-prompt')).toBeNull();
  expect(localStorage.getItem(dismissedKey)).toBe('dismissed');
});
