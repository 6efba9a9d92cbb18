// The admin console's /api/admin routes (issue #14): only users whose role is 'admin' get an answer; everyone
// else gets 403 (and the database refuses the same reads and actions on its own). Money is exact strings.
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { E164, IdParams, Money, Nullable, Timestamp, Uuid } from '../values.ts';
import { CallPricing, CallQualitySummary } from '../calls/schema.ts';

import { adminRoles } from './rules.ts';

export * from './rules.ts';

/** A day's or a period's numbers: calls placed, minutes billed (one decimal), top-ups and charges. */
const Totals = Type.Object({ calls: Type.Integer(), minutes: Type.String(), topUps: Money, charges: Money }, { additionalProperties: false });

export const AdminDashboard = Type.Object(
  {
    days: Type.Integer(),
    users: Type.Integer(),
    activeCalls: Type.Integer(),
    /** What all customers hold: the sum of every balance. */
    totalBalance: Money,
    today: Totals,
    period: Totals,
    /** Answered / finished outbound calls over the period, 4 decimals; null without finished calls. */
    answerRate: Nullable(Type.String()),
    averageCallSeconds: Nullable(Type.Integer()),
    series: Type.Array(Type.Composite([Type.Object({ day: Type.String({ description: 'YYYY-MM-DD, UTC' }) }), Totals])),
  },
  { additionalProperties: false },
);
export type AdminDashboard = Static<typeof AdminDashboard>;

export const AdminUser = Type.Object(
  {
    id: Uuid,
    email: Type.String(),
    firstName: Nullable(Type.String()),
    lastName: Nullable(Type.String()),
    role: Type.String(),
    balance: Money,
    /** Held by calls in progress. */
    held: Money,
    createdAt: Timestamp,
  },
  { additionalProperties: false },
);
export type AdminUser = Static<typeof AdminUser>;

export const AdminUserPage = Type.Object({ total: Type.Integer(), users: Type.Array(AdminUser) }, { additionalProperties: false });
export type AdminUserPage = Static<typeof AdminUserPage>;

export const AdminUserDetail = Type.Object(
  {
    user: AdminUser,
    transactions: Type.Array(
      Type.Object({
        id: Uuid,
        type: Type.String(),
        amount: Money,
        status: Type.String(),
        description: Nullable(Type.String()),
        callId: Nullable(Uuid),
        createdAt: Timestamp,
      }),
    ),
    calls: Type.Array(
      Type.Object({
        id: Uuid,
        destinationNumber: Nullable(Type.String()),
        direction: Type.String(),
        status: Type.String(),
        duration: Nullable(Type.Integer()),
        cost: Nullable(Type.String()),
        createdAt: Timestamp,
      }),
    ),
    numbers: Type.Array(
      Type.Object({
        id: Uuid,
        phoneNumber: E164,
        country: Nullable(Type.String()),
        status: Type.String(),
        monthlyPrice: Nullable(Type.String()),
        renewsAt: Nullable(Timestamp),
      }),
    ),
  },
  { additionalProperties: false },
);
export type AdminUserDetail = Static<typeof AdminUserDetail>;

export const AdminCall = Type.Object({
  id: Uuid,
  userId: Uuid,
  userEmail: Type.String(),
  destinationNumber: Nullable(Type.String()),
  fromNumber: Nullable(Type.String()),
  direction: Type.String(),
  status: Type.String(),
  rateName: Nullable(Type.String()),
  ratePerMinute: Nullable(Type.String()),
  connectionFee: Nullable(Type.String()),
  duration: Nullable(Type.Integer()),
  billedSeconds: Nullable(Type.Integer()),
  cost: Nullable(Type.String()),
  /** The refund's amount, once refunded. */
  refunded: Nullable(Money),
  /** What the calling device measured, once it sent it. */
  quality: Nullable(CallQualitySummary),
  createdAt: Timestamp,
});
export type AdminCall = Static<typeof AdminCall>;
export const AdminCallPage = Type.Object({ total: Type.Integer(), calls: Type.Array(AdminCall) }, { additionalProperties: false });
export type AdminCallPage = Static<typeof AdminCallPage>;

export const AdminFinancialDay = Type.Object({
  day: Type.String(),
  topUps: Money,
  charges: Money,
  refunds: Money,
  adjustments: Money,
  entries: Type.Integer(),
});
export type AdminFinancialDay = Static<typeof AdminFinancialDay>;

export const AdminLedgerCheck = Type.Object({
  users: Type.Integer(),
  entries: Type.Integer(),
  differences: Type.Array(Type.Object({ userId: Uuid, email: Type.String(), balance: Type.String(), ledger: Type.String(), difference: Type.String() })),
}, { additionalProperties: false });
export type AdminLedgerCheck = Static<typeof AdminLedgerCheck>;

export const AdminAuditEntry = Type.Object({
  id: Type.Integer(),
  actorId: Uuid,
  actorEmail: Nullable(Type.String()),
  action: Type.String(),
  targetUserId: Nullable(Uuid),
  targetEmail: Nullable(Type.String()),
  subject: Nullable(Type.String()),
  before: Type.Unknown(),
  after: Type.Unknown(),
  reason: Nullable(Type.String()),
  createdAt: Timestamp,
});
export type AdminAuditEntry = Static<typeof AdminAuditEntry>;

export const AdminRate = Type.Object({
  id: Type.Integer(),
  prefix: Type.String(),
  name: Type.String(),
  numberType: Type.String(),
  ...CallPricing.properties,
  effectiveFrom: Timestamp,
  /** In force now; false: starts at effectiveFrom. */
  current: Type.Boolean(),
});
export type AdminRate = Static<typeof AdminRate>;
export const BlockedPrefix = Type.Object({ prefix: Type.String(), reason: Type.String(), createdAt: Timestamp });
export type BlockedPrefix = Static<typeof BlockedPrefix>;
export const AdminRateDeck = Type.Object({ rates: Type.Array(AdminRate), blocked: Type.Array(BlockedPrefix) }, { additionalProperties: false });
export type AdminRateDeck = Static<typeof AdminRateDeck>;

/**
 * One rate as an edit: a new row for the prefix and type, in force from `effectiveFrom` (default now). Not a
 * CallPricing: it is the form's text as typed, read by the deck importer's rules, which say what is wrong with it.
 */
export const RateEdit = Type.Object(
  {
    prefix: Type.String({ maxLength: 15 }),
    numberType: Type.String({ maxLength: 20 }),
    pricePerMinute: Type.String({ maxLength: 20 }),
    connectionFee: Type.Optional(Type.String({ maxLength: 20 })),
    initialIncrement: Type.Optional(Type.String({ maxLength: 10 })),
    increment: Type.Optional(Type.String({ maxLength: 10 })),
    name: Type.Optional(Type.String({ maxLength: 100 })),
    effectiveFrom: Type.Optional(Type.String({ maxLength: 40 })),
  },
  { additionalProperties: false },
);
export type RateEdit = Static<typeof RateEdit>;

const Page = Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,5}$', error: 'page must be a whole number from 1.' }));
const Day = (name: string) => Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', error: `${name} must be a date as YYYY-MM-DD.` }));

export const AdjustmentBody = Type.Object(
  {
    amount: Type.String({ pattern: '^-?\\d{1,5}(\\.\\d{1,2})?$', error: 'amount must be dollars and cents, e.g. "-2.50" or "10.00".' }),
    reason: Type.String({ minLength: 3, maxLength: 500, error: 'A reason of 3 to 500 characters is required.' }),
  },
  { additionalProperties: false },
);
export const RoleBody = Type.Object(
  { role: Type.Union([Type.Literal(adminRoles[0]), Type.Literal(adminRoles[1])], { error: 'role must be customer or admin.' }) },
  { additionalProperties: false },
);
export const RefundBody = Type.Object(
  { reason: Type.String({ minLength: 3, maxLength: 500, error: 'A reason of 3 to 500 characters is required.' }) },
  { additionalProperties: false },
);

const ok = <T extends TSchema>(schema: T) => ({ 200: schema });

export const adminSchemas = {
  adminDashboard: {
    query: Type.Object({ days: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,2}$', error: 'days must be from 1 to 366.' })) }),
    response: ok(AdminDashboard),
  },
  adminUsers: { query: Type.Object({ search: Type.Optional(Type.String({ maxLength: 200 })), page: Page }), response: ok(AdminUserPage) },
  adminUser: { params: IdParams, response: ok(AdminUserDetail) },
  adminAdjustBalance: {
    params: IdParams,
    body: AdjustmentBody,
    response: ok(Type.Object({ transactionId: Uuid, amount: Money, balance: Money }, { additionalProperties: false })),
  },
  adminSetRole: { params: IdParams, body: RoleBody, response: ok(Type.Object({ userId: Uuid, role: Type.String() }, { additionalProperties: false })) },
  adminCalls: {
    query: Type.Object({
      userId: Type.Optional(Type.String({ pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$', error: 'userId must be a uuid.' })),
      status: Type.Optional(Type.String({ maxLength: 20 })),
      country: Type.Optional(Type.String({ pattern: '^[A-Za-z]{2}$', error: 'country must be a two-letter country code.' })),
      from: Day('from'),
      to: Day('to'),
      page: Page,
    }),
    response: ok(AdminCallPage),
  },
  adminRefundCall: { params: IdParams, body: RefundBody, response: ok(Type.Object({ transactionId: Uuid, amount: Money, callId: Uuid }, { additionalProperties: false })) },
  adminFinancial: { query: Type.Object({ from: Day('from'), to: Day('to') }), response: ok(Type.Array(AdminFinancialDay)) },
  adminFinancialCsv: { query: Type.Object({ from: Day('from'), to: Day('to') }), response: ok(Type.String()) },
  adminLedgerCheck: { response: ok(AdminLedgerCheck) },
  adminRates: {
    query: Type.Object({ country: Type.String({ pattern: '^[A-Za-z]{2}$', error: 'country must be a two-letter country code.' }) }),
    response: ok(AdminRateDeck),
  },
  adminImportRates: {
    body: Type.Object({ csv: Type.String({ minLength: 1, error: 'csv must be the deck file as text.' }) }, { additionalProperties: false }),
    response: ok(Type.Object({ imported: Type.Integer() }, { additionalProperties: false })),
  },
  adminSetRate: { body: RateEdit, response: ok(Type.Object({ imported: Type.Integer() }, { additionalProperties: false })) },
  adminBlockPrefix: {
    params: Type.Object({ prefix: Type.String() }),
    body: Type.Object({ reason: Type.String({ minLength: 3, maxLength: 500, error: 'A reason of 3 to 500 characters is required.' }) }, { additionalProperties: false }),
    response: ok(Type.Object({ prefix: Type.String(), reason: Type.String() }, { additionalProperties: false })),
  },
  adminUnblockPrefix: { params: Type.Object({ prefix: Type.String() }), response: ok(Type.Object({ prefix: Type.String() }, { additionalProperties: false })) },
  adminAuditLog: {
    query: Type.Object({ before: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,17}$', error: 'before must be an audit entry id.' })) }),
    response: ok(Type.Array(AdminAuditEntry)),
  },
};
