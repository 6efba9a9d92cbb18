// Test helpers (not shipped): billing fixtures, and the shared component-test helpers with this remote's page.
import type { ReactElement } from 'react';
import type { Transaction } from '@ringwise/contract/billing';
import type { CurrentUser } from '@ringwise/contract/users';
import { renderWithProviders as renderAt } from '@ringwise/test-support';

export { apiError, currentToast, deferred, json, mockFetch, sleep, waitUntil, type FetchCall } from '@ringwise/test-support';

export function user(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: '20000000-0000-4000-8000-000000000001',
    email: 'ada@example.com',
    firstName: 'Ada',
    lastName: 'Lovelace',
    profileImageUrl: null,
    balance: '12.50',
    role: 'customer',
    autoRechargeEnabled: true,
    autoRechargeTrigger: '5.00',
    autoRechargeAmount: '25.00',
    lowBalanceAlertEnabled: true,
    lowBalanceAlertThreshold: '5.00',
    defaultCallerId: null,
    stripeCustomerId: 'cus_0001',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

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
