// The contract's admin queries and actions with their answers typed. The contract declares each admin
// response schema through a helper typed as a bare TSchema, so its ResponseOf is `unknown`; the shapes are
// the contract's own exported types, applied here in one place.
import { keepPreviousData, type QueryFunctionContext } from '@tanstack/react-query';
import {
  adminQueries,
  adminRequests,
  type AdminAuditEntry,
  type AdminCallFilters,
  type AdminCallPage,
  type AdminDashboard,
  type AdminFinancialDay,
  type AdminFinancialRange,
  type AdminLedgerCheck,
  type AdminRole,
  type AdminUserDetail,
  type AdminUserPage,
} from '@ringwise/contract/admin';

interface TypedQuery<T> {
  queryKey: readonly unknown[];
  queryFn: (context: QueryFunctionContext) => Promise<T>;
  placeholderData?: typeof keepPreviousData<T>;
}
const typed = <T>(options: { queryKey: readonly unknown[] }) => options as unknown as TypedQuery<T>;

export const admin = {
  dashboard: () => typed<AdminDashboard>(adminQueries.dashboard()),
  users: (search: string | undefined, page: number) =>
    typed<AdminUserPage>(adminQueries.users({ search: search || undefined, page: page > 1 ? String(page) : undefined })),
  user: (id: string) => typed<AdminUserDetail>(adminQueries.user(id)),
  calls: (filters: AdminCallFilters) => typed<AdminCallPage>(adminQueries.calls(filters)),
  financial: (range: AdminFinancialRange) => typed<AdminFinancialDay[]>(adminQueries.financial(range)),
  ledgerCheck: () => typed<AdminLedgerCheck>(adminQueries.ledgerCheck()),
  auditLog: () => typed<AdminAuditEntry[]>(adminQueries.auditLog()),
};

export const adminActions = {
  adjustBalance: (id: string, amount: string, reason: string) =>
    adminRequests.adjustBalance(id, amount, reason) as Promise<{ transactionId: string; amount: string; balance: string }>,
  setRole: (id: string, role: AdminRole) => adminRequests.setRole(id, role) as Promise<{ userId: string; role: string }>,
  refundCall: (id: string, reason: string) => adminRequests.refundCall(id, reason) as Promise<{ transactionId: string; amount: string; callId: string }>,
  financialCsv: adminRequests.financialCsv,
};
