// What each public.admin_* function answers (its jsonb, as supabase/migrations/*_admin*.sql builds it) and the
// contract's type made of it. The functions build their objects in SQL, so their shapes are written here apart from
// the contract's, and each `toX` returns an object literal of the contract's type: a field renamed, added or
// dropped in the contract fails to compile here until the function, and its shape here, follow.
import type {
  AdminAuditEntry,
  AdminCall,
  AdminCallPage,
  AdminDashboard,
  AdminFinancialDay,
  AdminLedgerCheck,
  AdminRate,
  AdminUser,
  AdminUserDetail,
  AdminUserPage,
  BlockedPrefix,
} from '@ringwise/contract/schemas';
import type { ResponseOf } from '@ringwise/contract/types';

interface TotalsJson {
  calls: number;
  minutes: string;
  topUps: string;
  charges: string;
}

/** admin_dashboard */
export interface DashboardJson {
  days: number;
  users: number;
  activeCalls: number;
  totalBalance: string;
  today: TotalsJson;
  period: TotalsJson;
  answerRate: string | null;
  averageCallSeconds: number | null;
  series: Array<TotalsJson & { day: string }>;
}

const toTotals = (totals: TotalsJson): AdminDashboard['today'] => ({
  calls: totals.calls,
  minutes: totals.minutes,
  topUps: totals.topUps,
  charges: totals.charges,
});

export const toAdminDashboard = (row: DashboardJson): AdminDashboard => ({
  days: row.days,
  users: row.users,
  activeCalls: row.activeCalls,
  totalBalance: row.totalBalance,
  today: toTotals(row.today),
  period: toTotals(row.period),
  answerRate: row.answerRate,
  averageCallSeconds: row.averageCallSeconds,
  series: row.series.map((day): AdminDashboard['series'][number] => ({ day: day.day, ...toTotals(day) })),
});

/** private.admin_user_json */
interface UserJson {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  role: string;
  balance: string;
  held: string;
  createdAt: string;
}

const toAdminUser = (row: UserJson): AdminUser => ({
  id: row.id,
  email: row.email,
  firstName: row.firstName,
  lastName: row.lastName,
  role: row.role,
  balance: row.balance,
  held: row.held,
  createdAt: row.createdAt,
});

/** admin_users */
export interface UserPageJson {
  total: number;
  users: UserJson[];
}

export const toAdminUserPage = (row: UserPageJson): AdminUserPage => ({ total: row.total, users: row.users.map(toAdminUser) });

/** admin_user */
export interface UserDetailJson {
  user: UserJson;
  transactions: Array<{
    id: string;
    type: string;
    amount: string;
    status: string;
    description: string | null;
    callId: string | null;
    createdAt: string;
  }>;
  calls: Array<{
    id: string;
    destinationNumber: string | null;
    direction: string;
    status: string;
    duration: number | null;
    cost: string | null;
    createdAt: string;
  }>;
  numbers: Array<{
    id: string;
    phoneNumber: string;
    country: string | null;
    status: string;
    monthlyPrice: string | null;
    renewsAt: string | null;
  }>;
}

export const toAdminUserDetail = (row: UserDetailJson): AdminUserDetail => ({
  user: toAdminUser(row.user),
  transactions: row.transactions.map(
    (t): AdminUserDetail['transactions'][number] => ({
      id: t.id,
      type: t.type,
      amount: t.amount,
      status: t.status,
      description: t.description,
      callId: t.callId,
      createdAt: t.createdAt,
    }),
  ),
  calls: row.calls.map(
    (c): AdminUserDetail['calls'][number] => ({
      id: c.id,
      destinationNumber: c.destinationNumber,
      direction: c.direction,
      status: c.status,
      duration: c.duration,
      cost: c.cost,
      createdAt: c.createdAt,
    }),
  ),
  numbers: row.numbers.map(
    (n): AdminUserDetail['numbers'][number] => ({
      id: n.id,
      phoneNumber: n.phoneNumber,
      country: n.country,
      status: n.status,
      monthlyPrice: n.monthlyPrice,
      renewsAt: n.renewsAt,
    }),
  ),
});

/** admin_adjust_balance */
export interface AdjustmentJson {
  transactionId: string;
  amount: string;
  balance: string;
}

export const toAdjustment = (row: AdjustmentJson): ResponseOf<'adminAdjustBalance'> => ({
  transactionId: row.transactionId,
  amount: row.amount,
  balance: row.balance,
});

/** admin_set_role */
export interface RoleJson {
  userId: string;
  role: string;
}

export const toRoleChange = (row: RoleJson): ResponseOf<'adminSetRole'> => ({ userId: row.userId, role: row.role });

interface CallJson {
  id: string;
  userId: string;
  userEmail: string;
  destinationNumber: string | null;
  fromNumber: string | null;
  direction: string;
  status: string;
  rateName: string | null;
  ratePerMinute: string | null;
  connectionFee: string | null;
  duration: number | null;
  billedSeconds: number | null;
  cost: string | null;
  refunded: string | null;
  quality: { worstMos: number | null; warnings: string[] } | null;
  createdAt: string;
}

const toAdminCall = (row: CallJson): AdminCall => ({
  id: row.id,
  userId: row.userId,
  userEmail: row.userEmail,
  destinationNumber: row.destinationNumber,
  fromNumber: row.fromNumber,
  direction: row.direction,
  status: row.status,
  rateName: row.rateName,
  ratePerMinute: row.ratePerMinute,
  connectionFee: row.connectionFee,
  duration: row.duration,
  billedSeconds: row.billedSeconds,
  cost: row.cost,
  refunded: row.refunded,
  quality: row.quality === null ? null : { worstMos: row.quality.worstMos, warnings: row.quality.warnings },
  createdAt: row.createdAt,
});

/** admin_calls */
export interface CallPageJson {
  total: number;
  calls: CallJson[];
}

export const toAdminCallPage = (row: CallPageJson): AdminCallPage => ({ total: row.total, calls: row.calls.map(toAdminCall) });

/** admin_refund_call */
export interface RefundJson {
  transactionId: string;
  amount: string;
  callId: string;
}

export const toRefund = (row: RefundJson): ResponseOf<'adminRefundCall'> => ({ transactionId: row.transactionId, amount: row.amount, callId: row.callId });

/** admin_financial, one element */
export interface FinancialDayJson {
  day: string;
  topUps: string;
  charges: string;
  refunds: string;
  adjustments: string;
  entries: number;
}

export const toAdminFinancialDay = (row: FinancialDayJson): AdminFinancialDay => ({
  day: row.day,
  topUps: row.topUps,
  charges: row.charges,
  refunds: row.refunds,
  adjustments: row.adjustments,
  entries: row.entries,
});

/** admin_ledger_check */
export interface LedgerCheckJson {
  users: number;
  entries: number;
  differences: Array<{ userId: string; email: string; balance: string; ledger: string; difference: string }>;
}

export const toAdminLedgerCheck = (row: LedgerCheckJson): AdminLedgerCheck => ({
  users: row.users,
  entries: row.entries,
  differences: row.differences.map(
    (d): AdminLedgerCheck['differences'][number] => ({ userId: d.userId, email: d.email, balance: d.balance, ledger: d.ledger, difference: d.difference }),
  ),
});

/** admin_audit_log, one element */
export interface AuditEntryJson {
  id: number;
  actorId: string;
  actorEmail: string | null;
  action: string;
  targetUserId: string | null;
  targetEmail: string | null;
  subject: string | null;
  before: unknown;
  after: unknown;
  reason: string | null;
  createdAt: string;
}

export const toAdminAuditEntry = (row: AuditEntryJson): AdminAuditEntry => ({
  id: row.id,
  actorId: row.actorId,
  actorEmail: row.actorEmail,
  action: row.action,
  targetUserId: row.targetUserId,
  targetEmail: row.targetEmail,
  subject: row.subject,
  before: row.before,
  after: row.after,
  reason: row.reason,
  createdAt: row.createdAt,
});

/** admin_rates, one element */
export interface RateJson {
  id: number;
  prefix: string;
  name: string;
  numberType: string;
  pricePerMinute: string;
  connectionFee: string;
  initialIncrement: number;
  increment: number;
  effectiveFrom: string;
  current: boolean;
}

export const toAdminRate = (row: RateJson): AdminRate => ({
  id: row.id,
  prefix: row.prefix,
  name: row.name,
  numberType: row.numberType,
  pricePerMinute: row.pricePerMinute,
  connectionFee: row.connectionFee,
  initialIncrement: row.initialIncrement,
  increment: row.increment,
  effectiveFrom: row.effectiveFrom,
  current: row.current,
});

/** admin_blocked_prefixes, one element */
export interface BlockedPrefixJson {
  prefix: string;
  reason: string;
  createdAt: string;
}

export const toBlockedPrefix = (row: BlockedPrefixJson): BlockedPrefix => ({ prefix: row.prefix, reason: row.reason, createdAt: row.createdAt });

/** admin_block_prefix */
export interface BlockJson {
  prefix: string;
  reason: string;
}

export const toBlock = (row: BlockJson): ResponseOf<'adminBlockPrefix'> => ({ prefix: row.prefix, reason: row.reason });

/** admin_unblock_prefix */
export interface UnblockJson {
  prefix: string;
}

export const toUnblock = (row: UnblockJson): ResponseOf<'adminUnblockPrefix'> => ({ prefix: row.prefix });
