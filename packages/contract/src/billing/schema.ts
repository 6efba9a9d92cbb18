// Balance history and top-ups (spec §3 transactions, §7 Account, /checkout). Amounts are Money strings, signed:
// credits positive, charges negative.
import { Type, type Static } from '@sinclair/typebox';
import { Money, Nullable, OneOf, Timestamp, Uuid } from '../values.ts';
import { topUpMessages } from './rules.ts';

export const transactionTypes = [
  'credit_purchase',
  'auto_recharge',
  'call_charge',
  'refund',
  'number_purchase',
  'number_renewal',
  'adjustment',
] as const;
export const transactionStatuses = ['pending', 'completed', 'failed'] as const;

export const Transaction = Type.Object(
  {
    id: Uuid,
    type: OneOf(transactionTypes),
    /** Signed: positive for credits, negative for charges. A failed entry moved no money. */
    amount: Money,
    description: Nullable(Type.String()),
    status: OneOf(transactionStatuses),
    createdAt: Timestamp,
    callId: Nullable(Uuid),
  },
  { additionalProperties: false },
);
export type Transaction = Static<typeof Transaction>;

/** Newest first; `nextCursor` fetches the next (older) page, null on the last one. */
export const TransactionPage = Type.Object(
  { items: Type.Array(Transaction), nextCursor: Nullable(Type.String()) },
  { additionalProperties: false },
);
export type TransactionPage = Static<typeof TransactionPage>;

export const TransactionListQuery = Type.Object({
  /** A page's `nextCursor`. */
  cursor: Type.Optional(Type.String({ error: 'cursor must be a nextCursor of an earlier page' })),
  /** Entries per page, 1-100 (default 25). */
  limit: Type.Optional(Type.String({ pattern: '^[1-9][0-9]?$|^100$', error: 'limit must be a whole number from 1 to 100' })),
  /** 'payments': top-ups and auto-recharges only (the Billing History dialog); default every entry. */
  kind: Type.Optional(OneOf(['all', 'payments'], { error: "kind must be 'all' or 'payments'" })),
});
export type TransactionListQuery = Static<typeof TransactionListQuery>;

/** POST /api/stripe/checkout-sessions: the amount to top up, $5-$500 (the server reads it again). */
export const CheckoutSessionInput = Type.Object(
  { amount: Type.String({ error: topUpMessages.notAnAmount }) },
  { additionalProperties: false },
);
export type CheckoutSessionInput = Static<typeof CheckoutSessionInput>;

export const CheckoutSessionCreated = Type.Object(
  {
    id: Type.String(),
    /** The payment page to send the browser to. */
    url: Type.String(),
  },
  { additionalProperties: false },
);
export type CheckoutSessionCreated = Static<typeof CheckoutSessionCreated>;

/** GET /api/stripe/checkout-sessions/{id}: where a top-up stands, for the page the payment returns to. */
export const CheckoutSessionState = Type.Object(
  {
    id: Type.String(),
    status: OneOf(['open', 'complete', 'expired']),
    paymentStatus: OneOf(['paid', 'unpaid', 'no_payment_required']),
    amount: Money,
    /** The balance has been credited (the payment's event has been settled). */
    credited: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type CheckoutSessionState = Static<typeof CheckoutSessionState>;

export const CheckoutSessionParams = Type.Object({ id: Type.String() });

/** POST /api/stripe/create-portal-session (spec §7): the payment provider's page for saved cards. */
export const PortalSession = Type.Object({ url: Type.String() }, { additionalProperties: false });
export type PortalSession = Static<typeof PortalSession>;

export const billingSchemas = {
  listTransactions: { query: TransactionListQuery, response: { 200: TransactionPage } },
  createCheckoutSession: { body: CheckoutSessionInput, response: { 201: CheckoutSessionCreated } },
  getCheckoutSession: { params: CheckoutSessionParams, response: { 200: CheckoutSessionState } },
  createPortalSession: { response: { 200: PortalSession } },
};
