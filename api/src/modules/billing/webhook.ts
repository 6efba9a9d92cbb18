// POST /webhooks/stripe: each verified event is settled once, in ONE transaction with what it does: its id goes
// into private.stripe_events first (a repeated or concurrent delivery of the same event waits on that row and
// then finds it), then the credit, the session's state, the auto-recharge's outcome. Stripe may deliver
// events twice, late and in any order; credits are also unique per PaymentIntent in the ledger, so a top-up
// is credited once whichever of its events comes first.
import type Stripe from 'stripe';
import { moneyOf, parseTopUpAmount } from '@ringwise/contract/billing';
import type { Database, Sql } from '../../db/database.ts';
import { postLedgerEntry, recordFailedPayment } from './ledger.ts';
import { isUuid } from '../../lib/uuid.ts';

export type Settlement =
  | { outcome: 'duplicate' }
  | { outcome: 'ignored'; reason: string }
  | { outcome: 'credited'; userId: string; amount: string; entryId: string }
  | { outcome: 'failed-payment'; userId: string }
  | { outcome: 'updated' };

export const topUpDescription = 'Account top-up';
export const autoRechargeDescription = 'Auto-recharge';

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? null));


/** Settles one verified event; `warn` hears about events that cannot be honoured (they are still recorded). */
export async function settleStripeEvent(
  db: Pick<Database, 'privileged'>,
  event: Stripe.Event,
  warn: (message: string) => void = (message) => console.warn(`[stripe] ${message}`),
): Promise<Settlement> {
  return db.privileged(async (sql) => {
    const [fresh] = await sql.query('insert into private.stripe_events (id, type) values ($1, $2) on conflict (id) do nothing returning id', [
      event.id,
      event.type,
    ]);
    if (!fresh) return { outcome: 'duplicate' };
    const settled = await settle(sql, event);
    if (settled.outcome === 'ignored' && settled.reason !== 'type') warn(`${event.type} ${event.id} not honoured: ${settled.reason}`);
    return settled;
  });
}

async function settle(sql: Sql, event: Stripe.Event): Promise<Settlement> {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      return sessionPaid(sql, event.data.object);
    case 'checkout.session.async_payment_failed':
    case 'checkout.session.expired':
      return sessionState(sql, event.data.object);
    case 'payment_intent.succeeded':
      return intentSucceeded(sql, event.data.object);
    case 'payment_intent.payment_failed':
      return intentFailed(sql, event.data.object);
    default:
      return { outcome: 'ignored', reason: 'type' };
  }
}

async function sessionState(sql: Sql, session: Stripe.Checkout.Session): Promise<Settlement> {
  await sql.query(
    `update public.checkout_sessions set status = $2, payment_status = $3, payment_intent_id = coalesce(payment_intent_id, $4)
     where id = $1 and credited_at is null`,
    [session.id, session.status ?? 'open', session.payment_status, idOf(session.payment_intent)],
  );
  return { outcome: 'updated' };
}

/** A paid top-up: the amount is the session's own (amount_total, cents), for the user it was made for. */
async function sessionPaid(sql: Sql, session: Stripe.Checkout.Session): Promise<Settlement> {
  if (session.payment_status !== 'paid') return sessionState(sql, session);
  const paymentIntent = idOf(session.payment_intent);
  const userId = session.client_reference_id;
  if (!paymentIntent) return { outcome: 'ignored', reason: `session ${session.id} has no PaymentIntent` };
  if (session.currency !== 'usd' || session.amount_total === null) return { outcome: 'ignored', reason: `session ${session.id} is not in USD` };
  const [recorded] = await sql.query<{ user_id: string }>('select user_id from public.checkout_sessions where id = $1', [session.id]);
  if (!recorded) return { outcome: 'ignored', reason: `session ${session.id} was not made by this app` };
  if (recorded.user_id !== userId) return { outcome: 'ignored', reason: `session ${session.id} names another user` };
  const amount = moneyOf(BigInt(session.amount_total));
  // the top-up range of the dialog and the checkout endpoint, once more for what was paid
  if ('problem' in parseTopUpAmount(amount)) return { outcome: 'ignored', reason: `session ${session.id} is for $${amount}, outside $5-$500` };

  const entry = await postLedgerEntry(sql, { userId, type: 'credit_purchase', amount, description: topUpDescription, paymentIntentId: paymentIntent });
  await sql.query(
    `update public.checkout_sessions set status = 'complete', payment_status = 'paid', payment_intent_id = $2, credited_at = coalesce(credited_at, now())
     where id = $1`,
    [session.id, paymentIntent],
  );
  const customer = idOf(session.customer);
  if (customer) {
    await sql.query('update public.users set stripe_customer_id = coalesce(stripe_customer_id, $2) where id = $1', [userId, customer]);
  }
  return { outcome: 'credited', userId, amount, entryId: entry.id };
}

interface AutoRechargeIntent {
  userId: string;
  jobId: string | null;
}

/** The PaymentIntent of an auto-recharge (a top-up's is credited through its session instead). */
function autoRechargeOf(intent: Stripe.PaymentIntent): AutoRechargeIntent | null {
  const { kind, user_id: userId, job_id: jobId } = intent.metadata ?? {};
  if (kind !== 'auto_recharge' || !userId || !isUuid(userId)) return null;
  return { userId, jobId: jobId && isUuid(jobId) ? jobId : null };
}

async function intentSucceeded(sql: Sql, intent: Stripe.PaymentIntent): Promise<Settlement> {
  const recharge = autoRechargeOf(intent);
  if (!recharge) return { outcome: 'ignored', reason: 'type' };
  if (intent.currency !== 'usd') return { outcome: 'ignored', reason: `${intent.id} is not in USD` };
  const amount = moneyOf(BigInt(intent.amount_received || intent.amount));
  const entry = await postLedgerEntry(sql, { userId: recharge.userId, type: 'auto_recharge', amount, description: autoRechargeDescription, paymentIntentId: intent.id });
  if (recharge.jobId) {
    await sql.query(`update private.billing_jobs set status = 'done', last_error = null where id = $1 and kind = 'auto_recharge'`, [recharge.jobId]);
  }
  return { outcome: 'credited', userId: recharge.userId, amount, entryId: entry.id };
}

async function intentFailed(sql: Sql, intent: Stripe.PaymentIntent): Promise<Settlement> {
  const recharge = autoRechargeOf(intent);
  if (!recharge) return { outcome: 'ignored', reason: 'type' };
  const reason = intent.last_payment_error?.message ?? 'The payment was declined.';
  await failAutoRecharge(sql, { userId: recharge.userId, jobId: recharge.jobId, amount: moneyOf(BigInt(intent.amount)), paymentIntentId: intent.id, reason });
  return { outcome: 'failed-payment', userId: recharge.userId };
}

/**
 * An auto-recharge that did not go through: a failed entry in the history (no money moved), the job closed,
 * and one e-mail saying why. Called by the worker when Stripe refuses the payment and by the PaymentIntent's
 * failure event, whichever comes first; the second finds the entry and does nothing more.
 */
export async function failAutoRecharge(
  sql: Sql,
  failure: { userId: string; jobId: string | null; amount: string; paymentIntentId: string | null; reason: string },
): Promise<void> {
  const { created } = await recordFailedPayment(sql, {
    userId: failure.userId,
    type: 'auto_recharge',
    amount: failure.amount,
    description: `${autoRechargeDescription} failed: ${failure.reason}`,
    paymentIntentId: failure.paymentIntentId,
  });
  if (failure.jobId) {
    await sql.query(`update private.billing_jobs set status = 'failed', last_error = $2 where id = $1 and kind = 'auto_recharge'`, [
      failure.jobId,
      failure.reason,
    ]);
  }
  if (created) {
    await sql.query(`insert into private.billing_jobs (user_id, kind, payload) values ($1, 'auto_recharge_failed', $2)`, [
      failure.userId,
      JSON.stringify({ amount: failure.amount, reason: failure.reason }),
    ]);
  }
}
