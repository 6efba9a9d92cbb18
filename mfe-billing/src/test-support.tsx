// Test helpers (not shipped): billing fixtures, and the shared component-test helpers with this remote's page.
import { afterEach, beforeEach, spyOn } from 'bun:test';
import type { ReactElement } from 'react';
import type { Transaction } from '@ringwise/contract/billing';
import { renderWithProviders as renderAt } from '@ringwise/test-support';
import { browserNavigation } from './lib/redirect.ts';

export { apiError, chooseOption as choose, componentTestHooks, currentToast, deferred, json, sleep, userPreferencesApi, waitUntil, type FetchCall } from '@ringwise/test-support';

export { sampleUser as user } from '@ringwise/test-support/fixtures';

let transactionCount = 0;
export function transaction(overrides: Partial<Transaction> & Pick<Transaction, 'amount'>): Transaction {
  transactionCount += 1;
  return {
    id: `00000000-0000-4000-8000-${String(transactionCount).padStart(12, '0')}`,
    type: overrides.amount.startsWith('-') ? 'call_charge' : 'credit_purchase',
    description: null,
    status: 'completed',
    createdAt: '2026-11-22T15:04:00.000Z',
    callId: null,
    ...overrides,
  };
}

/** Renders `ui` the way the shell does, at /home/transactions unless told otherwise. */
export function renderWithProviders(ui: ReactElement, { path = '/home/transactions' }: { path?: string } = {}) {
  return renderAt(ui, { path });
}

/** For each test of the file, the page navigations (browserNavigation.assign) recorded instead of made: `.mock.calls`. */
export function recordNavigations() {
  let spy: ReturnType<typeof spyOn<typeof browserNavigation, 'assign'>> | undefined;
  beforeEach(() => {
    spy = spyOn(browserNavigation, 'assign').mockImplementation(() => {});
  });
  afterEach(() => spy?.mockRestore());
  return {
    get mock() {
      return spy!.mock;
    },
  };
}
