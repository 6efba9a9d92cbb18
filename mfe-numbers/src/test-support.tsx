// Test helpers (not shipped): numbers fixtures, and the shared component-test helpers with this remote's page.
import type { ReactElement } from 'react';
import type { AvailableNumber, NumberPricing, VerifiedCallerId, VirtualNumber, VirtualNumberType } from '@ringwise/contract/numbers';
import { virtualNumberTypes } from '@ringwise/contract/numbers';
import { renderWithProviders as renderAt } from '@ringwise/test-support';

export { apiError, chooseOption as choose, componentTestHooks, currentToast, deferred, json, sleep, userPreferencesApi, waitUntil, type FetchCall } from '@ringwise/test-support';

export { sampleUser as user } from '@ringwise/test-support/fixtures';

export function virtualNumber(overrides: Partial<VirtualNumber> & Pick<VirtualNumber, 'id' | 'phoneNumber'>): VirtualNumber {
  return {
    countryCode: 'GB',
    numberType: 'local',
    region: 'England',
    locality: 'London',
    monthlyPrice: '1.15',
    isActive: true,
    status: 'active',
    purchasedAt: '2026-11-01T10:00:00.000Z',
    renewsAt: '2026-12-01T10:00:00.000Z',
    graceEndsAt: null,
    ...overrides,
  };
}

export function callerId(overrides: Partial<VerifiedCallerId> & Pick<VerifiedCallerId, 'id' | 'phoneNumber'>): VerifiedCallerId {
  return {
    friendlyName: null,
    verificationStatus: 'verified',
    validationCode: null,
    createdAt: '2026-10-01T10:00:00.000Z',
    updatedAt: '2026-10-01T10:00:00.000Z',
    ...overrides,
  };
}

/** The pricing of `country`: the types given are available at their price, the others not. */
export function pricing(country: string, name: string, offered: Partial<Record<VirtualNumberType, string>>): NumberPricing {
  return {
    country: name,
    countryCode: country,
    hasAnyNumbers: Object.keys(offered).length > 0,
    numberTypes: virtualNumberTypes.map((numberType) => ({ numberType, available: numberType in offered, price: offered[numberType] ?? null })),
  };
}

export function available(phoneNumber: string, overrides: Partial<AvailableNumber> = {}): AvailableNumber {
  return { phoneNumber, numberType: 'local', price: '1.15', locality: 'New York', region: 'NY', ...overrides };
}

/** Renders `ui` the way the shell does, at /home/settings unless told otherwise. */
export function renderWithProviders(ui: ReactElement, { path = '/home/settings' }: { path?: string } = {}) {
  return renderAt(ui, { path });
}

/** A browser Notification that has not been asked yet (happy-dom has none), for the page's offer; the restore. */
export async function notificationsNotAskedYet(): Promise<{ asked: () => number; restore: () => void }> {
  const { __resetNotificationOfferForTests } = await import('./features/call-notifications/notification-offer.ts');
  let asked = 0;
  let permission: NotificationPermission = 'default';
  const fake = Object.defineProperty(function Notification() {}, 'permission', { get: () => permission });
  Object.assign(fake, {
    requestPermission: async () => {
      asked += 1;
      permission = 'granted';
      return permission;
    },
  });
  Object.defineProperty(globalThis, 'Notification', { configurable: true, writable: true, value: fake });
  __resetNotificationOfferForTests();
  return {
    asked: () => asked,
    restore: () => {
      delete (globalThis as { Notification?: unknown }).Notification;
      localStorage.clear();
      __resetNotificationOfferForTests();
    },
  };
}
