// Top-ups through Stripe Checkout (or its local stand-in: the SDK is the same), and the payment portal.
// The browser only names an amount; the api checks it again, makes the session with the user's Stripe
// customer (created once, its card saved for auto-recharge) and records it, and the balance is credited by
// the session's event alone (webhook.ts), never by the page the payment returns to.
import type Stripe from 'stripe';
import { centsOf, parseTopUpAmount } from '@ringwise/contract/billing';
import type { CheckoutSessionCreated, CheckoutSessionState, PortalSession } from '@ringwise/contract/schemas';
import type { Database, Sql } from '../../db/database.ts';
import { HttpError, fieldValidationError } from '../../plugins/errors.ts';

export interface BillingUser {
  id: string;
  email: string | undefined;
}

export const noPaymentMethodsMessage = 'No payment methods yet';

/** The user's Stripe customer, created on first use (idempotently: two concurrent top-ups get one customer). */
export async function ensureCustomer(db: Pick<Database, 'privileged'>, stripe: Stripe, user: BillingUser): Promise<string> {
  const [row] = await db.privileged((sql) =>
    sql.query<{ stripe_customer_id: string | null; email: string }>('select stripe_customer_id, email from public.users where id = $1', [user.id]),
  );
  if (!row) throw new HttpError(404, 'not_found', 'Your profile was not found. Sign out and in again.');
  if (row.stripe_customer_id) return row.stripe_customer_id;
  const customer = await stripe.customers.create(
    { email: row.email, metadata: { user_id: user.id } },
    { idempotencyKey: `ringwise-customer-${user.id}` },
  );
  const [saved] = await db.privileged((sql) =>
    sql.query<{ stripe_customer_id: string }>(
      'update public.users set stripe_customer_id = coalesce(stripe_customer_id, $2) where id = $1 returning stripe_customer_id',
      [user.id, customer.id],
    ),
  );
  return saved!.stripe_customer_id;
}

export interface CheckoutOptions {
  db: Pick<Database, 'privileged'>;
  stripe: Stripe;
  /** Where the payment page sends the browser back to (the app's public origin). */
  publicUrl: string;
}

/** POST /api/stripe/checkout-sessions: a Checkout Session in USD for the amount ($5-$500, read again here). */
export async function createCheckoutSession({ db, stripe, publicUrl }: CheckoutOptions, user: BillingUser, amountText: string): Promise<CheckoutSessionCreated> {
  const parsed = parseTopUpAmount(amountText);
  if ('problem' in parsed) throw fieldValidationError({ amount: parsed.problem });
  const { amount } = parsed;
  const customer = await ensureCustomer(db, stripe, user);
  const metadata = { kind: 'top_up', user_id: user.id };
  const session = await stripe.checkout.sessions.create({
    mode: 'payment',
    customer,
    client_reference_id: user.id,
    line_items: [
      {
        quantity: 1,
        price_data: { currency: 'usd', unit_amount: Number(centsOf(amount)), product_data: { name: `Ringwise calling credit ($${amount})` } },
      },
    ],
    // the card is kept for auto-recharge, charged later without the user present
    payment_intent_data: { setup_future_usage: 'off_session', metadata },
    metadata,
    success_url: `${publicUrl}/checkout?session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${publicUrl}/checkout?canceled=1`,
  });
  if (!session.url) throw new HttpError(502, 'bad_gateway', 'The payment page could not be opened. Please try again.');
  await db.privileged((sql) =>
    sql.query('insert into public.checkout_sessions (id, user_id, amount) values ($1, $2, $3) on conflict (id) do nothing', [
      session.id,
      user.id,
      amount,
    ]),
  );
  return { id: session.id, url: session.url };
}

interface SessionRow {
  id: string;
  status: CheckoutSessionState['status'];
  payment_status: CheckoutSessionState['paymentStatus'];
  amount: string;
  credited: boolean;
}

/** GET /api/stripe/checkout-sessions/{id}: the user's own session as the events left it (RLS: others' are 404). */
export async function getCheckoutSession(sql: Sql, id: string): Promise<CheckoutSessionState> {
  const [row] = await sql.query<SessionRow>(
    `select id, status, payment_status, amount::text as amount, credited_at is not null as credited
     from public.checkout_sessions where id = $1`,
    [id],
  );
  if (!row) throw new HttpError(404, 'not_found', 'This payment was not found.');
  return { id: row.id, status: row.status, paymentStatus: row.payment_status, amount: row.amount, credited: row.credited };
}

/** POST /api/stripe/create-portal-session: the provider's page for the saved cards; 409 without a customer. */
export async function createPortalSession({ db, stripe, publicUrl }: CheckoutOptions, user: BillingUser): Promise<PortalSession> {
  const [row] = await db.privileged((sql) =>
    sql.query<{ stripe_customer_id: string | null }>('select stripe_customer_id from public.users where id = $1', [user.id]),
  );
  if (!row?.stripe_customer_id) throw new HttpError(409, 'conflict', noPaymentMethodsMessage);
  const session = await stripe.billingPortal.sessions.create({ customer: row.stripe_customer_id, return_url: `${publicUrl}/home/settings` });
  return { url: session.url };
}
