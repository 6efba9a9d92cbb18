// POST /webhooks/stripe: each verified event is settled once, in ONE transaction with what it does: its id goes
// into private.stripe_events first (a repeated or concurrent delivery of the same event waits on that row and
// then finds it), then the credit, the session's state, the auto-recharge's outcome. Stripe may deliver
// events twice, late and in any order; credits are also unique per PaymentIntent in the ledger, so a top-up
// is credited once whichever of its events comes first.
import { moneyOf, parseTopUpAmount } from '@ringwise/contract/billing';
import type { Database, Sql } from '../../db/database.ts';
import { isUuid } from '../../lib/uuid.ts';
import { postLedgerEntry, recordFailedPayment } from './ledger.ts';
import { autoRechargeOf, intentOf, sessionOf, type Checked, type IntentFields, type SessionFields, type StripeEventEnvelope } from './stripe-event.ts';

export type Settlement =
  | { outcome: 'duplicate' }
  | { outcome: 'ignored'; reason: string }
  | { outcome: 'credited'; userId: string; amount: string; entryId: string }
  | { outcome: 'failed-payment'; userId: string }
  | { outcome: 'updated' };

export const topUpDescription = 'Account top-up';
export const autoRechargeDescription = 'Auto-recharge';

/** The ledger's range of an auto-recharge (transactions_amount_sign_check), in cents. */
const maxAutoRechargeCents = 50_000;

/**
 * The largest body /webhooks/stripe reads. Stripe documents no size for an event; the ones we settle (a Checkout
 * Session, a PaymentIntent) are a few KB, but every event type of the endpoint comes here and is answered (200 for
 * those we ignore), and some (an invoice with its lines, say) pass the 100 KB of common body parsers: 1 MB, as
 * others settled on for Stripe's events (mozilla/fxa#8873). Past it: 413, before any signature is checked.
 */
export const maxStripeEventBytes = 1024 * 1024;
export const stripeEventTooLarge = 'A Stripe event is never this large (1 MB at most).';

/**
 * Why a verified Stripe-Signature header's timestamp is refused: more than `toleranceSeconds` ahead of our clock
 * (the SDK refuses only those older than that; a date in the future would let a captured delivery be replayed for as
 * long as it is ahead), or not a number; null when it is fine. The timestamp is read as the SDK reads it (the last
 * `t=`, parseInt), so it is the one the signature was verified with.
 */
export function futureTimestampProblem(header: string, toleranceSeconds: number, nowMs = Date.now()): string | null {
  let timestamp = Number.NaN;
  for (const item of header.split(',')) {
    const [key, value] = item.split('=');
    if (key === 't') timestamp = Number.parseInt(value ?? '', 10);
  }
  if (!Number.isFinite(timestamp)) return 'its timestamp is not a number';
  const ahead = timestamp - Math.floor(nowMs / 1000);
  return ahead > toleranceSeconds ? `its timestamp is ${ahead} s ahead of our clock (at most ${toleranceSeconds} s are allowed)` : null;
}

/** Where Stripe's events and their troubles are logged unless the caller says otherwise. */
export const warnStripe = (message: string) => console.warn(`[stripe] ${message}`);

/** Settles one verified event (stripe-event.ts `stripeEventOf`); `warn` hears about events that cannot be honoured (they are still recorded). */
export async function settleStripeEvent(
  db: Pick<Database, 'privileged'>,
  event: StripeEventEnvelope,
  warn: (message: string) => void = warnStripe,
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

const ignored = (reason: string): Settlement => ({ outcome: 'ignored', reason });

async function settle(sql: Sql, event: StripeEventEnvelope): Promise<Settlement> {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
    case 'checkout.session.async_payment_failed':
    case 'checkout.session.expired': {
      const session = sessionOf(event.object);
      if ('problem' in session) return ignored(session.problem);
      const paid = event.type === 'checkout.session.completed' || event.type === 'checkout.session.async_payment_succeeded';
      return paid ? sessionPaid(sql, session.value) : sessionState(sql, session.value);
    }
    case 'payment_intent.succeeded':
    case 'payment_intent.payment_failed': {
      const intent = intentOf(event.object);
      if ('problem' in intent) return ignored(intent.problem);
      return event.type === 'payment_intent.succeeded' ? intentSucceeded(sql, intent.value) : intentFailed(sql, intent.value);
    }
    default:
      return ignored('type');
  }
}

async function sessionState(sql: Sql, session: SessionFields): Promise<Settlement> {
  await sql.query(
    `update public.checkout_sessions set status = $2, payment_status = $3, payment_intent_id = coalesce(payment_intent_id, $4)
     where id = $1 and credited_at is null`,
    [session.id, session.status ?? 'open', session.paymentStatus, session.paymentIntent],
  );
  return { outcome: 'updated' };
}

/**
 * Why a payment cannot be credited to (or recorded for) this user: the user is gone, or the PaymentIntent is
 * already another user's entry (the ledger would refuse it); null when it can.
 */
async function paymentRefusal(sql: Sql, userId: string, paymentIntent: string): Promise<string | null> {
  const [user] = await sql.query('select 1 from public.users where id = $1', [userId]);
  if (!user) return `${paymentIntent} names user ${userId}, who does not exist`;
  const [entry] = await sql.query<{ user_id: string }>('select user_id from public.transactions where stripe_payment_intent_id = $1', [paymentIntent]);
  if (entry && entry.user_id !== userId) return `${paymentIntent} is already another user's payment`;
  return null;
}

/** A paid top-up: the amount is the session's own (amount_total, cents), for the user it was made for. */
async function sessionPaid(sql: Sql, session: SessionFields): Promise<Settlement> {
  if (session.paymentStatus !== 'paid') return sessionState(sql, session);
  const { paymentIntent, clientReferenceId: userId } = session;
  if (!paymentIntent) return ignored(`session ${session.id} has no PaymentIntent`);
  if (session.currency !== 'usd' || session.amountTotal === null) return ignored(`session ${session.id} is not in USD`);
  if (!userId || !isUuid(userId)) return ignored(`session ${session.id} names no user (client_reference_id)`);
  const [recorded] = await sql.query<{ user_id: string }>('select user_id from public.checkout_sessions where id = $1', [session.id]);
  if (!recorded) return ignored(`session ${session.id} was not made by this app`);
  if (recorded.user_id !== userId) return ignored(`session ${session.id} names another user`);
  const amount = moneyOf(BigInt(session.amountTotal));
  // the top-up range of the dialog and the checkout endpoint, once more for what was paid
  if ('problem' in parseTopUpAmount(amount)) return ignored(`session ${session.id} is for $${amount}, outside $5-$500`);
  const refusal = await paymentRefusal(sql, userId, paymentIntent);
  if (refusal) return ignored(refusal);

  const entry = await postLedgerEntry(sql, { userId, type: 'credit_purchase', amount, description: topUpDescription, paymentIntentId: paymentIntent });
  await sql.query(
    `update public.checkout_sessions set status = 'complete', payment_status = 'paid', payment_intent_id = $2, credited_at = coalesce(credited_at, now())
     where id = $1`,
    [session.id, paymentIntent],
  );
  if (session.customer) {
    // the user's customer, unless they have one already or it is another user's (stripe_customer_id is unique)
    await sql.query(
      `update public.users set stripe_customer_id = $2
       where id = $1 and stripe_customer_id is null and not exists (select 1 from public.users other where other.stripe_customer_id = $2)`,
      [userId, session.customer],
    );
  }
  return { outcome: 'credited', userId, amount, entryId: entry.id };
}

/** An auto-recharge's amount in the ledger's range, or why not. */
function autoRechargeAmount(intent: IntentFields, cents: number): Checked<string> {
  const amount = moneyOf(BigInt(cents));
  if (cents <= 0 || cents > maxAutoRechargeCents) return { problem: `${intent.id} is for $${amount}, outside what an auto-recharge can be` };
  return { value: amount };
}

async function intentSucceeded(sql: Sql, intent: IntentFields): Promise<Settlement> {
  const recharge = autoRechargeOf(intent);
  if (!recharge) return ignored('type');
  if (intent.currency !== 'usd') return ignored(`${intent.id} is not in USD`);
  const amount = autoRechargeAmount(intent, intent.amountReceived || intent.amount);
  if ('problem' in amount) return ignored(amount.problem);
  const refusal = await paymentRefusal(sql, recharge.userId, intent.id);
  if (refusal) return ignored(refusal);
  const entry = await postLedgerEntry(sql, { userId: recharge.userId, type: 'auto_recharge', amount: amount.value, description: autoRechargeDescription, paymentIntentId: intent.id });
  if (recharge.jobId) {
    await sql.query(`update private.billing_jobs set status = 'done', last_error = null where id = $1 and kind = 'auto_recharge'`, [recharge.jobId]);
  }
  return { outcome: 'credited', userId: recharge.userId, amount: amount.value, entryId: entry.id };
}

async function intentFailed(sql: Sql, intent: IntentFields): Promise<Settlement> {
  const recharge = autoRechargeOf(intent);
  if (!recharge) return ignored('type');
  const amount = autoRechargeAmount(intent, intent.amount);
  if ('problem' in amount) return ignored(amount.problem);
  const refusal = await paymentRefusal(sql, recharge.userId, intent.id);
  if (refusal) return ignored(refusal);
  const reason = intent.failureMessage ?? 'The payment was declined.';
  await failAutoRecharge(sql, { userId: recharge.userId, jobId: recharge.jobId, amount: amount.value, paymentIntentId: intent.id, reason });
  return { outcome: 'failed-payment', userId: recharge.userId };
}

/**
 * An auto-recharge that did not go through: a failed entry in the history (no money moved, and the automatic
 * recharges held for an hour or until the user answers: private.record_failed_payment), the job closed, and one
 * e-mail saying why. Called by the worker when Stripe refuses the payment and by the PaymentIntent's
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
