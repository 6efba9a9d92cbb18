// What the hosted pages do (pages.ts renders them, routes.ts serves them): the Checkout page shows and pays a
// session, the customer portal lists and removes the customer's cards. Each runs in one transaction, like an
// operation, but answers the page rather than Stripe's JSON.
import { supportedCurrency, type SimulatorContext } from './context.ts';
import {
  customerObject,
  declineMessages,
  newId,
  testCards,
  type CardInput,
  type CustomerObject,
  type PaymentMethodObject,
  type PortalObject,
  type SessionObject,
  type StoredLineItem,
} from './model.ts';
import { expireIfDue, type SessionInternal } from './resources/checkout-sessions.ts';
import { chargeCard } from './resources/payment-intents.ts';
import { createPaymentMethod, detach } from './resources/payment-methods.ts';
import { getObject, insertObject, listObjects, updateObject } from './store.ts';

/** The hosted page's view of a session: what it shows, and whether it can still be paid. */
export interface CheckoutPageData {
  session: SessionObject;
  lineItems: StoredLineItem[];
  /** The e-mail address Checkout already knows (the customer's, or customer_email); null: the page asks for one. */
  knownEmail: string | null;
  /** Paying saves the card for later (setup_future_usage, with a customer to save it to). */
  saveCard: boolean;
}

function savesCard(session: SessionObject, internal: SessionInternal): boolean {
  return internal.paymentIntentData.setupFutureUsage !== null && (session.customer !== null || session.customer_creation === 'always');
}

export async function checkoutPage(ctx: SimulatorContext, id: string): Promise<CheckoutPageData | null> {
  const stored = await getObject<SessionObject, SessionInternal>(ctx.sql, 'checkout.session', id);
  if (!stored) return null;
  const session = await expireIfDue(ctx, { data: stored.data, internal: stored.internal });
  return {
    session: session.data,
    lineItems: session.internal.lineItems,
    knownEmail: await knownEmail(ctx, session.data),
    saveCard: savesCard(session.data, session.internal),
  };
}

async function knownEmail(ctx: SimulatorContext, session: SessionObject): Promise<string | null> {
  if (session.customer_email) return session.customer_email;
  const customerId = typeof session.customer === 'string' ? session.customer : null;
  if (!customerId) return null;
  return (await getObject<CustomerObject>(ctx.sql, 'customer', customerId))?.data.email ?? null;
}

export type CheckoutPayment =
  | { outcome: 'paid'; redirectTo: string }
  | { outcome: 'declined'; message: string; page: CheckoutPageData }
  | { outcome: 'closed'; page: CheckoutPageData }
  | { outcome: 'missing' };

/**
 * Pays an open session with a card of the hosted page (already validated, one of `testCards`). A declined card
 * changes nothing: the session stays open, no PaymentIntent and no event (Stripe would record a failed
 * attempt on a PaymentIntent). A good card completes the session, with its PaymentIntent, Charge and saved
 * PaymentMethod, and sends payment_intent.succeeded then checkout.session.completed.
 */
export async function payCheckoutSession(ctx: SimulatorContext, id: string, card: CardInput): Promise<CheckoutPayment> {
  const stored = await getObject<SessionObject, SessionInternal>(ctx.sql, 'checkout.session', id, { lock: true });
  if (!stored) return { outcome: 'missing' };
  const { data: session, internal } = await expireIfDue(ctx, { data: stored.data, internal: stored.internal });
  const known = await knownEmail(ctx, session);
  const email = known ?? card.email;
  const page: CheckoutPageData = { session, lineItems: internal.lineItems, knownEmail: known, saveCard: savesCard(session, internal) };
  if (session.status === 'complete') return { outcome: 'paid', redirectTo: successRedirect(session) };
  if (session.status !== 'open') return { outcome: 'closed', page };
  const behaviour = testCards[card.number]?.behaviour;
  if (behaviour === undefined) throw new Error('payCheckoutSession needs one of the test cards');
  if (behaviour === 'declined') return { outcome: 'declined', message: declineMessages.generic_decline, page };

  let customerId = typeof session.customer === 'string' ? session.customer : null;
  if (customerId === null && session.customer_creation === 'always') {
    const customer = customerObject({
      id: newId.customer(),
      created: ctx.now,
      email,
      name: card.name,
      phone: null,
      description: null,
      metadata: {},
      invoicePrefix: newId.invoicePrefix(),
      defaultPaymentMethod: null,
    });
    await insertObject(ctx.sql, { id: customer.id, type: 'customer', data: customer });
    customerId = customer.id;
  }
  const { setupFutureUsage } = internal.paymentIntentData;
  // setup_future_usage saves the card to the customer (when there is one)
  const attachTo = setupFutureUsage && customerId ? customerId : null;
  const paymentMethod = await createPaymentMethod(ctx, { ...card, email }, behaviour, attachTo);
  const { paymentIntent } = await chargeCard(ctx, {
    amount: session.amount_total ?? 0,
    currency: session.currency ?? supportedCurrency,
    customer: customerId,
    description: internal.paymentIntentData.description,
    metadata: internal.paymentIntentData.metadata,
    receiptEmail: internal.paymentIntentData.receiptEmail,
    statementDescriptor: internal.paymentIntentData.statementDescriptor,
    statementDescriptorSuffix: internal.paymentIntentData.statementDescriptorSuffix,
    setupFutureUsage,
    automaticPaymentMethods: null,
    paymentMethodTypes: ['card'],
    paymentMethod,
    offSession: false,
  });
  const completed: SessionObject = {
    ...session,
    status: 'complete',
    payment_status: 'paid',
    payment_intent: paymentIntent.id,
    customer: customerId,
    customer_details: {
      address: null,
      business_name: null,
      email,
      individual_name: null,
      name: card.name,
      phone: null,
      tax_exempt: 'none',
      tax_ids: [],
    },
    url: null,
  };
  await updateObject(ctx.sql, id, { data: completed, customer: customerId });
  await ctx.emit('checkout.session.completed', completed);
  return { outcome: 'paid', redirectTo: successRedirect(completed) };
}

/** success_url with Stripe's template variable filled in. */
export function successRedirect(session: Pick<SessionObject, 'id' | 'success_url'>): string {
  return (session.success_url ?? '').replace(/\{CHECKOUT_SESSION_ID\}/g, session.id);
}

export interface PortalPageData {
  session: PortalObject;
  customer: CustomerObject;
  cards: PaymentMethodObject[];
}

export async function portalPage(ctx: SimulatorContext, id: string): Promise<PortalPageData | null> {
  const session = await getObject<PortalObject>(ctx.sql, 'billing_portal.session', id);
  if (!session) return null;
  const customer = await getObject<CustomerObject>(ctx.sql, 'customer', session.data.customer);
  if (!customer) return null;
  const cards = await listObjects<PaymentMethodObject>(ctx.sql, { type: 'payment_method', customer: customer.data.id, limit: 100 });
  return { session: session.data, customer: customer.data, cards: 'data' in cards ? cards.data : [] };
}

/** The portal's "Remove" button: detaches one of the portal customer's cards. False when it is not theirs. */
export async function portalDetach(ctx: SimulatorContext, portalId: string, paymentMethodId: string): Promise<boolean> {
  const session = await getObject<PortalObject>(ctx.sql, 'billing_portal.session', portalId);
  const pm = await getObject<PaymentMethodObject>(ctx.sql, 'payment_method', paymentMethodId);
  if (!session || !pm || pm.data.customer !== session.data.customer) return false;
  await detach(ctx, pm.data);
  return true;
}
