// The numbers remote's reads and the cache keys its changes refresh (spec §4 'Virtual numbers': after a
// purchase the numbers, the user and the transactions are refreshed). Every widget reads through the page's
// QueryClient, so the settings card, the dialogs and the caller-ID selector share requests and see each
// other's changes.
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { billingQueries } from '@ringwise/contract/billing';
import { centsOf } from '@ringwise/contract/decimal';
import { callerIdQueries, numberQueries } from '@ringwise/contract/numbers';
import { userQueries } from '@ringwise/contract/users';
import { formatUsd } from '@ringwise/ui/format';

export const numbersKey = numberQueries.list().queryKey;
export const callerIdsKey = callerIdQueries.list().queryKey;
export const userKey = userQueries.current().queryKey;
/** The prefix of every transactions query (all pages, both kinds). */
export const transactionsKey = billingQueries.transactions().queryKey;

/** GET /api/auth/user (balance, defaultCallerId); the views show their own loading and failure. */
export function useCurrentUser() {
  return useQuery({ ...userQueries.current(), meta: { handlesError: true } });
}

/** GET /api/virtual-numbers. */
export function useVirtualNumbers() {
  return useQuery({ ...numberQueries.list(), meta: { handlesError: true } });
}

/** GET /api/verified-caller-ids. */
export function useCallerIds() {
  return useQuery({ ...callerIdQueries.list(), meta: { handlesError: true } });
}

/** Refreshes what a purchase changes: the numbers, the balance and the ledger. */
export function refreshAfterPurchase(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: numbersKey }),
    queryClient.invalidateQueries({ queryKey: userKey }),
    queryClient.invalidateQueries({ queryKey: transactionsKey }),
  ]);
}

/** Whether `balance` covers `price` (both Money strings, compared in cents, never as floats). Unknown: yes. */
export function canAfford(balance: string | undefined, price: string): boolean {
  if (balance === undefined) return true;
  const have = centsOf(balance);
  const need = centsOf(price);
  return have === null || need === null || have >= need;
}

/** spec §5: 'Your balance: $X • Required: $Y', two decimals. */
export function insufficientBalanceText(balance: string, required: string): string {
  return `Your balance: ${formatUsd(balance)} • Required: ${formatUsd(required)}`;
}
