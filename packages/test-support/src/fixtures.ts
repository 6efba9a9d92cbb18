// Sample data for the remotes' component tests and their standalone dev pages (`?fake-api`): plain values, no test
// library, so a dev page may import them too.
import type { CurrentUser } from '@ringwise/contract/users';

/** The signed-in user of the samples: Ada Lovelace with $12.50, auto-recharge on, a payment customer. */
export function sampleUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
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
