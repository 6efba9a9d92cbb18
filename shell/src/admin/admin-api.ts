// The console's reads and actions: the contract's admin client, with the users page's paging spelled once.
import { adminQueries, adminRequests } from '@ringwise/contract/admin';

export const admin = {
  dashboard: adminQueries.dashboard,
  users: (search: string | undefined, page: number) => adminQueries.users({ search: search || undefined, page: page > 1 ? String(page) : undefined }),
  user: adminQueries.user,
  calls: adminQueries.calls,
  financial: adminQueries.financial,
  ledgerCheck: adminQueries.ledgerCheck,
  auditLog: adminQueries.auditLog,
  rateDeck: adminQueries.rateDeck,
};

export const adminActions = adminRequests;
