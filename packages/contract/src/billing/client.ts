// Billing for the browser: the types, the top-up rules, the transaction pages and the payment sessions.
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { apiQueryKey, callApi } from '@ringwise/api-client';
import { routes } from '../routes.ts';

export type { CheckoutSessionCreated, CheckoutSessionState, PortalSession, Transaction, TransactionPage } from './schema.ts';
export * from './rules.ts';

type TransactionKind = 'all' | 'payments';
const pageRequest = (kind: TransactionKind, cursor: string | null) => ({
  query: { ...(kind === 'payments' ? { kind } : {}), ...(cursor ? { cursor } : {}) },
});

export const billingQueries = {
  /** GET /api/transactions, newest first, page by page (spec §7; the key's prefix is ['/api/transactions']). */
  transactions: (kind: TransactionKind = 'all') =>
    infiniteQueryOptions({
      queryKey: apiQueryKey(routes.listTransactions, pageRequest(kind, null)),
      queryFn: ({ pageParam, signal }) => callApi(routes.listTransactions, pageRequest(kind, pageParam), { signal }),
      initialPageParam: null as string | null,
      getNextPageParam: (page) => page.nextCursor,
    }),
  /** GET /api/stripe/checkout-sessions/{id}: polled by the page a payment returns to, until credited. */
  checkoutSession: (id: string) =>
    queryOptions({
      queryKey: apiQueryKey(routes.getCheckoutSession, { params: { id } }),
      queryFn: ({ signal }) => callApi(routes.getCheckoutSession, { params: { id } }, { signal }),
    }),
};

export const billingRequests = {
  /** Starts a top-up of `amount` (Money, $5-$500): the payment page's URL. */
  createCheckoutSession: (amount: string) => callApi(routes.createCheckoutSession, { body: { amount } }),
  /** The payment provider's page for the saved cards (spec §7). */
  createPortalSession: () => callApi(routes.createPortalSession, {}),
};
