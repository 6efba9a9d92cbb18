// The console's own rules on data: which calls can be refunded, what the filters send, the exact totals, the
// audit log's one-line states and the users' page line.
import { expect, test } from 'bun:test';
import type { AdminCall } from '@ringwise/contract/admin';
import { callQuery, isRefundable } from './calls/calls-section.tsx';
import { describeState } from './dashboard/audit-log.tsx';
import { financialTotals } from './financial/financial-section.tsx';
import { pageRange } from './users/user-list.tsx';

const call = (cost: string | null, refunded: string | null) => ({ cost, refunded }) as AdminCall;

test('only a charged call not refunded yet offers a refund', () => {
  expect(isRefundable(call('0.37', null))).toBe(true);
  expect(isRefundable(call('0.000', null))).toBe(false);
  expect(isRefundable(call(null, null))).toBe(false);
  expect(isRefundable(call('0.37', '0.37'))).toBe(false);
});

test('the call filters send only what is filled, the country upper-cased, page 1 left out', () => {
  expect(callQuery({ userId: ' ', status: '', country: '', from: '', to: '' }, 1)).toEqual({});
  expect(callQuery({ userId: 'abc', status: 'completed', country: 'gb', from: '2026-01-01', to: '2026-01-31' }, 3)).toEqual({
    userId: 'abc',
    status: 'completed',
    country: 'GB',
    from: '2026-01-01',
    to: '2026-01-31',
    page: '3',
  });
});

test('financial totals are exact sums of the days', () => {
  const day = (topUps: string, adjustments: string, entries: number) => ({ day: '2026-01-01', topUps, charges: '0.10', refunds: '0.00', adjustments, entries });
  expect(financialTotals([day('0.10', '-2.50', 2), day('0.20', '1.00', 3)])).toEqual({ topUps: '0.30', charges: '0.20', refunds: '0.00', adjustments: '-1.50', entries: 5 });
});

test('audit states and page lines read as sentences', () => {
  expect(describeState({ balance: '19.63' })).toBe('balance: 19.63');
  expect(describeState({ balance: '25.00', amount: '5.37' })).toBe('balance: 25.00, amount: 5.37');
  expect(describeState(null)).toBe('—');
  expect(pageRange(2, 50, 230)).toBe('Showing 51–100 of 230 users');
  expect(pageRange(1, 1, 1)).toBe('Showing 1–1 of 1 user');
  expect(pageRange(1, 0, 0)).toBe('No users found');
});
