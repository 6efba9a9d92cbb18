// The admin console for the browser (issue #14): its types, queries and actions. Every route answers only
// admins (403 for anyone else); the shell loads the console's code only for a user whose role is admin.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiQueryKey, apiRequest, callApi } from '@ringwise/api-client';
import { routes } from '../routes.ts';
import type { QueryOf } from '../types.ts';

export type {
  AdminAuditEntry,
  AdminCall,
  AdminCallPage,
  AdminDashboard,
  AdminFinancialDay,
  AdminLedgerCheck,
  AdminUser,
  AdminUserDetail,
  AdminUserPage,
  AdminRate,
  AdminRateDeck,
  BlockedPrefix,
  RateEdit,
} from './schema.ts';
import type { RateEdit } from './schema.ts';
export * from './rules.ts';

export type AdminCallFilters = QueryOf<'adminCalls'>;
export type AdminFinancialRange = QueryOf<'adminFinancial'>;

export const adminQueries = {
  dashboard: () => queryOptions({ queryKey: apiQueryKey(routes.adminDashboard, {}), queryFn: ({ signal }) => callApi(routes.adminDashboard, {}, { signal }) }),
  users: (query: QueryOf<'adminUsers'>) =>
    queryOptions({
      queryKey: apiQueryKey(routes.adminUsers, { query }),
      queryFn: ({ signal }) => callApi(routes.adminUsers, { query }, { signal }),
      placeholderData: keepPreviousData,
    }),
  user: (id: string) =>
    queryOptions({ queryKey: apiQueryKey(routes.adminUser, { params: { id } }), queryFn: ({ signal }) => callApi(routes.adminUser, { params: { id } }, { signal }) }),
  calls: (query: AdminCallFilters) =>
    queryOptions({
      queryKey: apiQueryKey(routes.adminCalls, { query }),
      queryFn: ({ signal }) => callApi(routes.adminCalls, { query }, { signal }),
      placeholderData: keepPreviousData,
    }),
  financial: (query: AdminFinancialRange) =>
    queryOptions({ queryKey: apiQueryKey(routes.adminFinancial, { query }), queryFn: ({ signal }) => callApi(routes.adminFinancial, { query }, { signal }) }),
  ledgerCheck: () =>
    queryOptions({ queryKey: apiQueryKey(routes.adminLedgerCheck, {}), queryFn: ({ signal }) => callApi(routes.adminLedgerCheck, {}, { signal }) }),
  rateDeck: (country: string) =>
    queryOptions({
      queryKey: apiQueryKey(routes.adminRates, { query: { country } }),
      queryFn: ({ signal }) => callApi(routes.adminRates, { query: { country } }, { signal }),
    }),
  auditLog: () => queryOptions({ queryKey: apiQueryKey(routes.adminAuditLog, {}), queryFn: ({ signal }) => callApi(routes.adminAuditLog, {}, { signal }) }),
};

export const adminRequests = {
  /** An adjustment ledger entry: signed dollars ("-2.50") and why. */
  adjustBalance: (id: string, amount: string, reason: string) => callApi(routes.adminAdjustBalance, { params: { id }, body: { amount, reason } }),
  setRole: (id: string, role: 'customer' | 'admin') => callApi(routes.adminSetRole, { params: { id }, body: { role } }),
  /** Refunds what the call was charged; a second refund of one call is refused (409). */
  refundCall: (id: string, reason: string) => callApi(routes.adminRefundCall, { params: { id }, body: { reason } }),
  /** A deck file (CSV text): every row stored, or a 400 whose details list each problem with its line. */
  importRates: (csv: string) => callApi(routes.adminImportRates, { body: { csv } }),
  /** One rate from a date (a new row; past calls keep their rates). */
  setRate: (edit: RateEdit) => callApi(routes.adminSetRate, { body: edit }),
  blockPrefix: (prefix: string, reason: string) => callApi(routes.adminBlockPrefix, { params: { prefix }, body: { reason } }),
  unblockPrefix: (prefix: string) => callApi(routes.adminUnblockPrefix, { params: { prefix } }),
  /** The money by day as a CSV file (the browser saves it). */
  financialCsv: async (range: AdminFinancialRange): Promise<Blob> => {
    const search = new URLSearchParams(Object.entries(range).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
    const res = await apiRequest('GET', `${routes.adminFinancialCsv.path}${search.size ? `?${search}` : ''}`);
    return res.blob();
  },
};
