// The simulator's operations, without Elysia: each runs inside one database transaction (`ctx.sql`), reads its
// parameters as Stripe validates them, and answers `{ status, body }` in Stripe's shapes. Failures that change
// nothing are thrown (SimulatorError: no idempotent result is saved for them, as [Idem] says); an outcome that
// changes state (a declined off-session payment) is answered, so it is saved and replayed like any response.
import type Stripe from 'stripe';
import type { SimulatorSql as Sql } from '@ringwise/simulator-common/host';
import { docUrl, invalidRequest, noSuchObject, noSuchParamObject, SimulatorError } from './errors.ts';
import type { ParamHash } from './form.ts';
import {
  chargeObject,
  checkoutSessionObject,
  customerObject,
  declineMessages,
  lineItemObject,
  listObject,
  newId,
  paymentIntentObject,
  paymentMethodObject,
  portalSessionObject,
  testCards,
  type CardBehaviour,
  type CardInput,
  type EventType,
  type PaymentIntentObject,
  type PaymentMethodObject,
  type StoredLineItem,
} from './model.ts';
import { newMetadata, ParamReader, readUrl, updatedMetadata, type Metadata } from './params.ts';
import { getAnyObject, getObject, insertObject, listObjects, updateObject, type ObjectType } from './store.ts';

export interface SimulatorContext {
  sql: Sql;
  /** Now, in Unix seconds. */
  now: number;
  /** The app's public origin: the hosted pages' addresses are below it. */
  publicUrl: string;
  /** Records an event in this transaction; it is delivered after the transaction commits. */
  emit(type: EventType, object: object): Promise<void>;
}

export interface ApiResult {
  status: number;
  body: unknown;
}

/** Where the simulator's pages live below the app's origin. */
export const pagesPath = '/sim/stripe';

const ok = (body: unknown): ApiResult => ({ status: 200, body });

/** Stripe's Checkout Sessions expire 24 hours after creation by default, and at least 30 minutes after it. */
const sessionLifetime = { default: 24 * 3600, min: 30 * 60, max: 24 * 3600 };

/** Stripe's minimum charge amount in usd. */
const minimumAmount = 50;

const supportedCurrency = 'usd';

type CustomerObject = ReturnType<typeof customerObject>;
type SessionObject = ReturnType<typeof checkoutSessionObject>;
type PortalObject = ReturnType<typeof portalSessionObject>;

interface SessionInternal {
  lineItems: StoredLineItem[];
  paymentIntentData: {
    setupFutureUsage: 'on_session' | 'off_session' | null;
    metadata: Metadata;
    description: string | null;
    receiptEmail: string | null;
    statementDescriptor: string | null;
    statementDescriptorSuffix: string | null;
  };
}

interface PaymentMethodInternal {
  behaviour: CardBehaviour;
}

/** A real Stripe parameter this simulator does not model: refused plainly rather than ignored. */
function unsupported(param: string, what = `the parameter \`${param}\``): SimulatorError {
  return invalidRequest(`The Ringwise payment simulator does not support ${what}.`, { param });
}

// ── Customers ────────────────────────────────────────────────────────────────────────────────────────────

export async function createCustomer(ctx: SimulatorContext, params: ParamHash): Promise<ApiResult> {
  const r = new ParamReader(params);
  const email = r.string('email', { max: 512 });
  const name = r.string('name', { max: 256 });
  const phone = r.string('phone', { max: 20 });
  const description = r.string('description', { max: 350 });
  const metadata = r.metadata();
  const expand = r.stringArray('expand') ?? [];
  r.ignore('preferred_locales', 'address', 'shipping', 'tax_exempt');
  r.done();
  const customer = customerObject({
    id: newId.customer(),
    created: ctx.now,
    email: email ?? null,
    name: name ?? null,
    phone: phone ?? null,
    description: description ?? null,
    metadata: newMetadata(metadata),
    invoicePrefix: newId.invoicePrefix(),
    defaultPaymentMethod: null,
  });
  await insertObject(ctx.sql, { id: customer.id, type: 'customer', data: customer });
  return ok(await expandObject(ctx, customer, expand));
}

async function loadCustomer(ctx: SimulatorContext, id: string, param?: string) {
  const stored = await getObject<CustomerObject>(ctx.sql, 'customer', id);
  if (!stored) throw param ? noSuchParamObject('customer', id, param) : noSuchObject('customer', id);
  return stored.data;
}

export async function retrieveCustomer(ctx: SimulatorContext, id: string, params: ParamHash): Promise<ApiResult> {
  const r = new ParamReader(params);
  const expand = r.stringArray('expand') ?? [];
  r.done();
  return ok(await expandObject(ctx, await loadCustomer(ctx, id), expand));
}

export async function updateCustomer(ctx: SimulatorContext, id: string, params: ParamHash): Promise<ApiResult> {
  const customer = await loadCustomer(ctx, id);
  const r = new ParamReader(params);
  const email = r.string('email', { max: 512 });
  const name = r.string('name', { max: 256 });
  const phone = r.string('phone', { max: 20 });
  const description = r.string('description', { max: 350 });
  const metadata = r.metadata();
  const invoiceSettings = r.hash('invoice_settings');
  const defaultPaymentMethod = invoiceSettings?.string('default_payment_method');
  invoiceSettings?.done();
  const expand = r.stringArray('expand') ?? [];
  r.ignore('preferred_locales', 'address', 'shipping', 'tax_exempt');
  r.done();
  if (defaultPaymentMethod !== undefined) {
    const pm = await getObject<PaymentMethodObject>(ctx.sql, 'payment_method', defaultPaymentMethod);
    if (!pm || pm.data.customer !== id) {
      throw invalidRequest(
        `The customer does not have a payment method with the ID ${defaultPaymentMethod}. The payment method must be attached to the customer.`,
        { param: 'invoice_settings[default_payment_method]' },
      );
    }
  }
  const updated: CustomerObject = {
    ...customer,
    email: email ?? customer.email,
    name: name ?? customer.name,
    phone: phone ?? customer.phone,
    description: description ?? customer.description,
    metadata: updatedMetadata(customer.metadata, metadata),
    invoice_settings: { ...customer.invoice_settings, default_payment_method: defaultPaymentMethod ?? customer.invoice_settings.default_payment_method },
  };
  await updateObject(ctx.sql, id, { data: updated });
  return ok(await expandObject(ctx, updated, expand));
}

// ── Payment methods ──────────────────────────────────────────────────────────────────────────────────────

function readListParams(r: ParamReader) {
  const limit = r.integer('limit', { min: 1, max: 100 }) ?? 10;
  const startingAfter = r.string('starting_after');
  const endingBefore = r.string('ending_before');
  if (startingAfter !== undefined && endingBefore !== undefined) {
    throw invalidRequest('You may only specify one of these parameters: ending_before, starting_after.', { param: 'ending_before' });
  }
  return { limit, ...(startingAfter === undefined ? {} : { startingAfter }), ...(endingBefore === undefined ? {} : { endingBefore }) };
}

async function listPaymentMethodsOf(ctx: SimulatorContext, customer: string, r: ParamReader, url: string): Promise<ApiResult> {
  const type = r.string('type');
  const page = readListParams(r);
  const expand = r.stringArray('expand') ?? [];
  r.ignore('allow_redisplay');
  r.done();
  // only cards exist here; any other type is an empty list
  const result =
    type === undefined || type === 'card'
      ? await listObjects<PaymentMethodObject>(ctx.sql, { type: 'payment_method', customer, ...page })
      : { data: [], hasMore: false };
  if ('missingCursor' in result) {
    throw invalidRequest(`No such payment_method: '${result.missingCursor}'`, { code: 'resource_missing', param: page.startingAfter ? 'starting_after' : 'ending_before' });
  }
  return ok(await expandObject(ctx, listObject(url, result.data, result.hasMore), expand));
}

export async function listCustomerPaymentMethods(ctx: SimulatorContext, customer: string, params: ParamHash): Promise<ApiResult> {
  await loadCustomer(ctx, customer);
  return listPaymentMethodsOf(ctx, customer, new ParamReader(params), `/v1/customers/${customer}/payment_methods`);
}

export async function listPaymentMethods(ctx: SimulatorContext, params: ParamHash): Promise<ApiResult> {
  const r = new ParamReader(params);
  const customer = r.string('customer');
  if (customer === undefined) {
    // Stripe would list the account's unattached payment methods; the simulator keeps cards only for customers
    readListParams(r);
    r.stringArray('expand');
    r.ignore('type', 'allow_redisplay');
    r.done();
    return ok(listObject('/v1/payment_methods', [], false));
  }
  await loadCustomer(ctx, customer, 'customer');
  return listPaymentMethodsOf(ctx, customer, r, '/v1/payment_methods');
}

async function loadPaymentMethod(ctx: SimulatorContext, id: string, param?: string) {
  const stored = await getObject<PaymentMethodObject, PaymentMethodInternal>(ctx.sql, 'payment_method', id);
  if (!stored) {
    const error = param ? noSuchParamObject('PaymentMethod', id, param) : noSuchObject('PaymentMethod', id, 'payment_method');
    throw error;
  }
  return stored;
}

export async function retrievePaymentMethod(ctx: SimulatorContext, id: string, params: ParamHash): Promise<ApiResult> {
  const r = new ParamReader(params);
  const expand = r.stringArray('expand') ?? [];
  r.done();
  return ok(await expandObject(ctx, (await loadPaymentMethod(ctx, id)).data, expand));
}

export async function detachPaymentMethod(ctx: SimulatorContext, id: string, params: ParamHash): Promise<ApiResult> {
  const r = new ParamReader(params);
  const expand = r.stringArray('expand') ?? [];
  r.done();
  const { data } = await loadPaymentMethod(ctx, id);
  if (data.customer === null) {
    throw invalidRequest(`The payment method you provided is not attached to a customer so detachment is impossible.`, { param: 'payment_method' });
  }
  const detached = await detach(ctx, data);
  return ok(await expandObject(ctx, detached, expand));
}

async function detach(ctx: SimulatorContext, pm: PaymentMethodObject): Promise<PaymentMethodObject> {
  const customerId = pm.customer;
  const detached: PaymentMethodObject = { ...pm, customer: null };
  await updateObject(ctx.sql, pm.id, { data: detached, customer: null });
  if (customerId) {
    const customer = await getObject<CustomerObject>(ctx.sql, 'customer', customerId);
    if (customer && customer.data.invoice_settings.default_payment_method === pm.id) {
      const data = { ...customer.data, invoice_settings: { ...customer.data.invoice_settings, default_payment_method: null } };
      await updateObject(ctx.sql, customerId, { data });
    }
  }
  return detached;
}

// ── Checkout Sessions ────────────────────────────────────────────────────────────────────────────────────

export async function createCheckoutSession(ctx: SimulatorContext, params: ParamHash): Promise<ApiResult> {
  const r = new ParamReader(params);
  const mode = r.oneOf('mode', ['payment', 'setup', 'subscription'] as const, { required: true });
  if (mode !== 'payment') throw unsupported('mode', `Checkout Sessions in ${mode} mode (only mode=payment)`);
  const uiMode = r.oneOf('ui_mode', ['hosted', 'embedded', 'custom'] as const);
  if (uiMode !== undefined && uiMode !== 'hosted') throw unsupported('ui_mode', `ui_mode=${uiMode} (only the hosted page)`);
  const successUrl = readUrl(r, 'success_url', { required: true }) as string;
  const cancelUrl = readUrl(r, 'cancel_url') ?? null;
  const customer = r.string('customer');
  const customerEmail = r.string('customer_email', { max: 800 });
  if (customer !== undefined && customerEmail !== undefined) {
    throw invalidRequest('You may only specify one of these parameters: customer, customer_email.', { param: 'customer' });
  }
  const customerCreation = r.oneOf('customer_creation', ['always', 'if_required'] as const);
  if (customer !== undefined && customerCreation !== undefined) {
    throw invalidRequest('You may only specify one of these parameters: customer, customer_creation.', { param: 'customer_creation' });
  }
  const clientReferenceId = r.string('client_reference_id', { max: 200 });
  const metadata = r.metadata();
  const locale = r.string('locale') as Stripe.Checkout.Session.Locale | undefined;
  const submitType = r.oneOf('submit_type', ['auto', 'book', 'donate', 'pay', 'subscribe'] as const);
  const allowPromotionCodes = r.boolean('allow_promotion_codes');
  const expiresAt = r.integer('expires_at');
  if (expiresAt !== undefined && (expiresAt < ctx.now + sessionLifetime.min || expiresAt > ctx.now + sessionLifetime.max)) {
    throw invalidRequest('The `expires_at` timestamp must be between 30 minutes and 24 hours after the Checkout Session is created.', { param: 'expires_at' });
  }
  const methodTypes = r.stringArray('payment_method_types');
  if (methodTypes !== undefined && methodTypes.some((type) => type !== 'card')) {
    throw unsupported('payment_method_types', 'payment method types other than card');
  }
  const intentData = r.hash('payment_intent_data');
  const setupFutureUsage = intentData?.oneOf('setup_future_usage', ['on_session', 'off_session'] as const) ?? null;
  const paymentIntentData: SessionInternal['paymentIntentData'] = {
    setupFutureUsage,
    metadata: newMetadata(intentData?.metadata()),
    description: intentData?.string('description', { max: 1000 }) ?? null,
    receiptEmail: intentData?.string('receipt_email') ?? null,
    statementDescriptor: intentData?.string('statement_descriptor', { max: 22 }) ?? null,
    statementDescriptorSuffix: intentData?.string('statement_descriptor_suffix', { max: 22 }) ?? null,
  };
  const captureMethod = intentData?.oneOf('capture_method', ['automatic', 'automatic_async', 'manual'] as const);
  if (captureMethod === 'manual') throw unsupported('payment_intent_data[capture_method]', 'capture_method=manual');
  intentData?.done();
  const lineItems = readLineItems(r);
  const expand = r.stringArray('expand') ?? [];
  r.ignore('billing_address_collection', 'phone_number_collection', 'custom_text', 'payment_method_options', 'automatic_tax', 'tax_id_collection');
  r.done();

  if (customer !== undefined) await loadCustomer(ctx, customer, 'customer');
  const currency = lineItems[0]?.currency ?? supportedCurrency;
  const amount = lineItems.reduce((sum, item) => sum + item.unitAmount * item.quantity, 0);
  if (amount < minimumAmount) {
    throw invalidRequest(`The Checkout Session's total amount due must add up to at least $0.50 usd`, { code: 'amount_too_small', param: 'line_items' });
  }
  const id = newId.checkoutSession();
  const session = checkoutSessionObject({
    id,
    created: ctx.now,
    expiresAt: expiresAt ?? ctx.now + sessionLifetime.default,
    amount,
    currency,
    cancelUrl,
    successUrl,
    clientReferenceId: clientReferenceId ?? null,
    customer: customer ?? null,
    customerCreation: customer !== undefined ? null : (customerCreation ?? 'if_required'),
    customerEmail: customerEmail ?? null,
    customerDetails: null,
    metadata: newMetadata(metadata),
    paymentIntent: null,
    locale: locale ?? null,
    submitType: submitType ?? null,
    allowPromotionCodes: allowPromotionCodes ?? null,
    status: 'open',
    url: `${ctx.publicUrl}${pagesPath}/checkout/${id}`,
  });
  const internal: SessionInternal = { lineItems, paymentIntentData };
  await insertObject(ctx.sql, { id, type: 'checkout.session', customer: customer ?? null, data: session, internal });
  return ok(await expandObject(ctx, session, expand));
}

function readLineItems(r: ParamReader): StoredLineItem[] {
  const items = r.hashArray('line_items', { required: true }) ?? [];
  if (items.length === 0) throw invalidRequest('Missing required param: line_items.', { code: 'parameter_missing', param: 'line_items' });
  const stored = items.map((item) => {
    if (item.has('price')) throw unsupported(item.name('price'), 'Prices created beforehand (use `price_data`)');
    const quantity = item.integer('quantity', { required: true, min: 1, max: 999_999 }) as number;
    const priceData = item.hash('price_data', { required: true }) as ParamReader;
    const currency = (priceData.string('currency', { required: true }) as string).toLowerCase();
    if (currency !== supportedCurrency) {
      throw invalidRequest(`Invalid currency: ${currency}. The Ringwise payment simulator supports only ${supportedCurrency}.`, { param: priceData.name('currency') });
    }
    const unitAmount = priceData.integer('unit_amount', { required: true, min: 0, max: 99_999_999 }) as number;
    const productData = priceData.hash('product_data', { required: true }) as ParamReader;
    const name = productData.string('name', { required: true, max: 250 }) as string;
    const description = productData.string('description', { max: 40_000 }) ?? null;
    productData.ignore('images', 'metadata', 'tax_code', 'unit_label');
    productData.done();
    priceData.ignore('tax_behavior');
    priceData.done();
    item.ignore('tax_rates', 'dynamic_tax_rates');
    item.done();
    return { id: newId.lineItem(), priceId: newId.price(), productId: newId.product(), name, description, currency, unitAmount, quantity };
  });
  return stored;
}

interface LoadedSession {
  data: SessionObject;
  internal: SessionInternal;
}

async function loadSession(ctx: SimulatorContext, id: string, options: { lock?: boolean } = {}): Promise<LoadedSession> {
  const stored = await getObject<SessionObject, SessionInternal>(ctx.sql, 'checkout.session', id, options);
  if (!stored) throw noSuchObject('checkout.session', id, 'session');
  return expireIfDue(ctx, { data: stored.data, internal: stored.internal });
}

/** An open session past its `expires_at` expires when next read (and sends checkout.session.expired then). */
async function expireIfDue(ctx: SimulatorContext, session: LoadedSession): Promise<LoadedSession> {
  if (session.data.status !== 'open' || ctx.now < session.data.expires_at) return session;
  return { ...session, data: await expire(ctx, session.data) };
}

async function expire(ctx: SimulatorContext, session: SessionObject): Promise<SessionObject> {
  const expired: SessionObject = { ...session, status: 'expired', url: null };
  await updateObject(ctx.sql, session.id, { data: expired });
  await ctx.emit('checkout.session.expired', expired);
  return expired;
}

export async function retrieveCheckoutSession(ctx: SimulatorContext, id: string, params: ParamHash): Promise<ApiResult> {
  const r = new ParamReader(params);
  const expand = r.stringArray('expand') ?? [];
  r.done();
  const session = await loadSession(ctx, id);
  return ok(await expandObject(ctx, session.data, expand, session.internal));
}

export async function listCheckoutSessionLineItems(ctx: SimulatorContext, id: string, params: ParamHash): Promise<ApiResult> {
  const r = new ParamReader(params);
  const page = readListParams(r);
  const expand = r.stringArray('expand') ?? [];
  r.done();
  const session = await loadSession(ctx, id);
  return ok(await expandObject(ctx, lineItemsList(session, page.limit), expand));
}

function lineItemsList(session: LoadedSession, limit = 10) {
  const items = session.internal.lineItems.map((item) => lineItemObject(item, session.data.created));
  return listObject(`/v1/checkout/sessions/${session.data.id}/line_items`, items.slice(0, limit), items.length > limit);
}

export async function expireCheckoutSession(ctx: SimulatorContext, id: string, params: ParamHash): Promise<ApiResult> {
  const r = new ParamReader(params);
  const expand = r.stringArray('expand') ?? [];
  r.done();
  const session = await loadSession(ctx, id, { lock: true });
  if (session.data.status !== 'open') {
    throw invalidRequest(
      `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.data.status}".`,
      { code: 'checkout_session_unexpected_state' },
    );
  }
  const expired = await expire(ctx, session.data);
  return ok(await expandObject(ctx, expired, expand, session.internal));
}

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

async function createPaymentMethod(ctx: SimulatorContext, card: CardInput, behaviour: CardBehaviour, customer: string | null) {
  const pm = paymentMethodObject({ id: newId.paymentMethod(), created: ctx.now, card, customer });
  const internal: PaymentMethodInternal = { behaviour };
  await insertObject(ctx.sql, { id: pm.id, type: 'payment_method', customer, data: pm, internal });
  return { data: pm, internal };
}

interface ChargeInput {
  amount: number;
  currency: string;
  customer: string | null;
  description: string | null;
  metadata: Metadata;
  receiptEmail: string | null;
  statementDescriptor: string | null;
  statementDescriptorSuffix: string | null;
  setupFutureUsage: 'on_session' | 'off_session' | null;
  automaticPaymentMethods: { enabled: boolean; allow_redirects: 'always' | 'never' } | null;
  paymentMethodTypes: string[];
  paymentMethod: { data: PaymentMethodObject; internal: PaymentMethodInternal };
  offSession: boolean;
}

/**
 * Confirms a payment with a saved or just-entered card: a PaymentIntent and its Charge, and the event.
 * A 4000 0000 0000 9995 card fails off-session only (see `testCards`).
 */
async function chargeCard(ctx: SimulatorContext, input: ChargeInput): Promise<{ paymentIntent: PaymentIntentObject; declined: SimulatorError | null }> {
  const pm = input.paymentMethod.data;
  const behaviour = input.paymentMethod.internal.behaviour;
  const declineCode =
    behaviour === 'declined' ? 'generic_decline' : behaviour === 'insufficient_funds_off_session' && input.offSession ? 'insufficient_funds' : null;
  const paymentIntentId = newId.paymentIntent();
  const charge = chargeObject({
    id: newId.charge(),
    created: ctx.now,
    amount: input.amount,
    currency: input.currency,
    customer: input.customer,
    description: input.description,
    metadata: input.metadata,
    paymentIntent: paymentIntentId,
    paymentMethod: pm,
    receiptEmail: input.receiptEmail,
    balanceTransaction: declineCode ? null : newId.balanceTransaction(),
    failure: declineCode ? { code: 'card_declined', declineCode } : null,
  });
  await insertObject(ctx.sql, { id: charge.id, type: 'charge', customer: input.customer, data: charge });
  const lastPaymentError = declineCode
    ? {
        charge: charge.id,
        code: 'card_declined',
        decline_code: declineCode,
        doc_url: docUrl('card_declined'),
        message: declineMessages[declineCode],
        payment_method: pm,
        type: 'card_error' as const,
      }
    : null;
  const paymentIntent = paymentIntentObject({
    id: paymentIntentId,
    created: ctx.now,
    amount: input.amount,
    currency: input.currency,
    customer: input.customer,
    description: input.description,
    metadata: input.metadata,
    // a failed attempt takes the card off the PaymentIntent (it is in last_payment_error)
    paymentMethod: declineCode ? null : pm.id,
    setupFutureUsage: input.setupFutureUsage,
    receiptEmail: input.receiptEmail,
    statementDescriptor: input.statementDescriptor,
    statementDescriptorSuffix: input.statementDescriptorSuffix,
    automaticPaymentMethods: input.automaticPaymentMethods,
    paymentMethodTypes: input.paymentMethodTypes,
    status: declineCode ? 'requires_payment_method' : 'succeeded',
    latestCharge: charge.id,
    lastPaymentError,
    clientSecret: `${paymentIntentId}_secret_${newId.secret()}`,
  });
  await insertObject(ctx.sql, { id: paymentIntent.id, type: 'payment_intent', customer: input.customer, data: paymentIntent });
  if (!declineCode) {
    // a card confirmed with setup_future_usage is saved to the customer
    if (input.setupFutureUsage && input.customer && pm.customer === null) {
      await updateObject(ctx.sql, pm.id, { data: { ...pm, customer: input.customer }, customer: input.customer });
    }
    await ctx.emit('payment_intent.succeeded', paymentIntent);
    return { paymentIntent, declined: null };
  }
  await ctx.emit('payment_intent.payment_failed', paymentIntent);
  const declined = new SimulatorError(402, {
    type: 'card_error',
    code: 'card_declined',
    decline_code: declineCode,
    message: declineMessages[declineCode],
    charge: charge.id,
    payment_intent: paymentIntent,
    payment_method: pm,
  });
  return { paymentIntent, declined };
}

// ── PaymentIntents ───────────────────────────────────────────────────────────────────────────────────────

export async function createPaymentIntent(ctx: SimulatorContext, params: ParamHash): Promise<ApiResult> {
  const r = new ParamReader(params);
  const amount = r.integer('amount', { required: true, min: 1, max: 99_999_999 }) as number;
  const currency = (r.string('currency', { required: true }) as string).toLowerCase();
  if (currency !== supportedCurrency) {
    throw invalidRequest(`Invalid currency: ${currency}. The Ringwise payment simulator supports only ${supportedCurrency}.`, { param: 'currency' });
  }
  if (amount < minimumAmount) throw invalidRequest('Amount must be at least $0.50 usd', { code: 'amount_too_small', param: 'amount' });
  const customer = r.string('customer');
  const paymentMethodId = r.string('payment_method');
  const confirm = r.boolean('confirm') ?? false;
  const offSessionRaw = r.oneOf('off_session', ['true', 'false', 'one_off', 'recurring'] as const);
  const offSession = offSessionRaw !== undefined && offSessionRaw !== 'false';
  const metadata = r.metadata();
  const description = r.string('description', { max: 1000 });
  const receiptEmail = r.string('receipt_email');
  const statementDescriptor = r.string('statement_descriptor', { max: 22 });
  const statementDescriptorSuffix = r.string('statement_descriptor_suffix', { max: 22 });
  const setupFutureUsage = r.oneOf('setup_future_usage', ['on_session', 'off_session'] as const);
  const apmReader = r.hash('automatic_payment_methods');
  const apmEnabled = apmReader?.boolean('enabled');
  if (apmReader && apmEnabled === undefined) throw invalidRequest('Missing required param: automatic_payment_methods[enabled].', { code: 'parameter_missing', param: 'automatic_payment_methods[enabled]' });
  const allowRedirects = apmReader?.oneOf('allow_redirects', ['always', 'never'] as const);
  apmReader?.done();
  const methodTypes = r.stringArray('payment_method_types');
  const returnUrl = readUrl(r, 'return_url');
  const captureMethod = r.oneOf('capture_method', ['automatic', 'automatic_async', 'manual'] as const);
  if (captureMethod === 'manual') throw unsupported('capture_method', 'capture_method=manual');
  const expand = r.stringArray('expand') ?? [];
  r.ignore('error_on_requires_action', 'payment_method_options', 'confirmation_method', 'use_stripe_sdk', 'shipping', 'transfer_group', 'radar_options', 'mandate', 'mandate_data');
  r.done();

  if (apmReader && methodTypes !== undefined) {
    throw invalidRequest('You may only specify one of these parameters: automatic_payment_methods, payment_method_types.', { param: 'automatic_payment_methods' });
  }
  if (methodTypes !== undefined && methodTypes.some((type) => type !== 'card')) {
    throw unsupported('payment_method_types', 'payment method types other than card');
  }
  if (offSessionRaw !== undefined && !confirm) {
    throw invalidRequest('The parameter `off_session` can only be used when `confirm=true`.', { param: 'off_session' });
  }
  if (customer !== undefined) await loadCustomer(ctx, customer, 'customer');
  const paymentMethod = paymentMethodId === undefined ? null : await loadPaymentMethod(ctx, paymentMethodId, 'payment_method');
  if (paymentMethod && paymentMethod.data.customer !== null && paymentMethod.data.customer !== customer) {
    throw invalidRequest(
      `The \`payment_method\` parameter supplied ${paymentMethod.data.id} belongs to the Customer ${paymentMethod.data.customer}. ` +
        'Please include the Customer in the `customer` parameter on the PaymentIntent.',
      { param: 'payment_method' },
    );
  }
  const automaticPaymentMethods =
    methodTypes !== undefined ? null : { enabled: apmEnabled ?? true, allow_redirects: allowRedirects ?? ('always' as const) };
  if (confirm && paymentMethod === null) {
    throw invalidRequest(
      "You cannot confirm this PaymentIntent because it's missing a payment method. You can either update the PaymentIntent with a payment method and then confirm it again, or confirm it again directly with a payment method.",
      { code: 'payment_intent_unexpected_state' },
    );
  }
  // the pitfall of confirming on-session with dynamic payment methods (stripe-facts.md §2); off-session is exempt here
  if (confirm && !offSession && automaticPaymentMethods?.allow_redirects === 'always' && returnUrl === undefined) {
    throw invalidRequest(
      'This PaymentIntent is configured to accept payment methods enabled in your Dashboard. Because some of these payment methods might redirect your ' +
        "customer off of your page, you must provide a `return_url`. If you don't want to accept redirect-based payment methods, set " +
        '`automatic_payment_methods[enabled]` to `true` and `automatic_payment_methods[allow_redirects]` to `never` when creating Setup Intents and Payment Intents.',
      { param: 'return_url' },
    );
  }

  const common = {
    amount,
    currency,
    customer: customer ?? null,
    description: description ?? null,
    metadata: newMetadata(metadata),
    receiptEmail: receiptEmail ?? null,
    statementDescriptor: statementDescriptor ?? null,
    statementDescriptorSuffix: statementDescriptorSuffix ?? null,
    setupFutureUsage: setupFutureUsage ?? null,
    automaticPaymentMethods,
    paymentMethodTypes: ['card'],
  };
  if (!confirm) {
    const id = newId.paymentIntent();
    const paymentIntent = paymentIntentObject({
      ...common,
      id,
      created: ctx.now,
      paymentMethod: paymentMethod?.data.id ?? null,
      status: paymentMethod ? 'requires_confirmation' : 'requires_payment_method',
      latestCharge: null,
      lastPaymentError: null,
      clientSecret: `${id}_secret_${newId.secret()}`,
    });
    await insertObject(ctx.sql, { id, type: 'payment_intent', customer: customer ?? null, data: paymentIntent });
    return ok(await expandObject(ctx, paymentIntent, expand));
  }
  const { paymentIntent, declined } = await chargeCard(ctx, { ...common, paymentMethod: paymentMethod as NonNullable<typeof paymentMethod>, offSession });
  if (declined) return { status: declined.status, body: declined.body() };
  return ok(await expandObject(ctx, paymentIntent, expand));
}

export async function retrievePaymentIntent(ctx: SimulatorContext, id: string, params: ParamHash): Promise<ApiResult> {
  const r = new ParamReader(params);
  const expand = r.stringArray('expand') ?? [];
  r.ignore('client_secret');
  r.done();
  const stored = await getObject<PaymentIntentObject>(ctx.sql, 'payment_intent', id);
  if (!stored) throw noSuchObject('payment_intent', id, 'intent');
  return ok(await expandObject(ctx, stored.data, expand));
}

// ── Customer portal ──────────────────────────────────────────────────────────────────────────────────────

export async function createPortalSession(ctx: SimulatorContext, params: ParamHash): Promise<ApiResult> {
  const r = new ParamReader(params);
  const customer = r.string('customer', { required: true }) as string;
  const returnUrl = readUrl(r, 'return_url') ?? null;
  if (r.has('flow_data')) throw unsupported('flow_data');
  if (r.has('configuration')) throw unsupported('configuration', 'portal configurations');
  const expand = r.stringArray('expand') ?? [];
  r.ignore('locale');
  r.done();
  await loadCustomer(ctx, customer, 'customer');
  const id = newId.portalSession();
  const session = portalSessionObject({
    id,
    created: ctx.now,
    customer,
    returnUrl,
    configuration: 'bpc_simulator',
    url: `${ctx.publicUrl}${pagesPath}/portal/${id}`,
  });
  await insertObject(ctx.sql, { id, type: 'billing_portal.session', customer, data: session });
  return ok(await expandObject(ctx, session, expand));
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

// ── Expansion ────────────────────────────────────────────────────────────────────────────────────────────

/** Fields whose id can be replaced by the object (`expand[0]=payment_intent`), per object type. */
const expandable: Partial<Record<ObjectType | 'list' | 'invoice_settings', readonly string[]>> = {
  'checkout.session': ['customer', 'payment_intent', 'line_items'],
  payment_intent: ['customer', 'payment_method', 'latest_charge'],
  charge: ['customer', 'payment_intent'],
  payment_method: ['customer'],
  customer: ['invoice_settings.default_payment_method'],
  'billing_portal.session': [],
};

const maxExpansionDepth = 4;

/**
 * Applies `expand[]` paths to an answer: `payment_intent`, `payment_intent.payment_method`, `data.customer` on
 * lists. A path that names something not expandable is Stripe's 400 "This property cannot be expanded (x)."
 */
export async function expandObject<T extends object>(ctx: SimulatorContext, object: T, paths: readonly string[], internal?: SessionInternal): Promise<T> {
  let result: Record<string, unknown> = object as Record<string, unknown>;
  for (const [index, path] of paths.entries()) {
    const segments = path.split('.');
    if (segments.length > maxExpansionDepth) {
      throw invalidRequest(`You cannot expand more than ${maxExpansionDepth} levels of a property. Property: ${path}`, { param: `expand[${index}]` });
    }
    result = await expandPath(ctx, result, segments, path, `expand[${index}]`, internal);
  }
  return result as T;
}

async function expandPath(
  ctx: SimulatorContext,
  object: Record<string, unknown>,
  segments: string[],
  path: string,
  param: string,
  internal: SessionInternal | undefined,
): Promise<Record<string, unknown>> {
  const [head, ...rest] = segments as [string, ...string[]];
  const cannot = () => invalidRequest(`This property cannot be expanded (${path}).`, { param });
  if (object.object === 'list') {
    if (head !== 'data' || rest.length === 0) throw cannot();
    const data = object.data as Record<string, unknown>[];
    return { ...object, data: await Promise.all(data.map((item) => expandPath(ctx, item, rest, path, param, internal))) };
  }
  // customer.invoice_settings.default_payment_method: a nested hash, then the id in it
  if (object.object === 'customer' && head === 'invoice_settings' && rest[0] === 'default_payment_method') {
    const settings = object.invoice_settings as Record<string, unknown>;
    return { ...object, invoice_settings: await expandPath(ctx, { ...settings, object: 'invoice_settings' }, rest, path, param, internal).then(stripObjectKey) };
  }
  const type = object.object as ObjectType | 'invoice_settings';
  const allowed = type === 'invoice_settings' ? ['default_payment_method'] : (expandable[type] ?? []);
  if (!allowed.includes(head)) throw cannot();
  if (head === 'line_items' && type === 'checkout.session') {
    if (!internal) throw cannot();
    const list = lineItemsList({ data: object as unknown as SessionObject, internal }, 100);
    const expanded = rest.length > 0 ? await expandPath(ctx, list, rest, path, param, internal) : list;
    return { ...object, line_items: expanded };
  }
  const value = object[head];
  if (value === null || value === undefined) return object;
  let child: Record<string, unknown>;
  if (typeof value === 'string') {
    const stored = await getAnyObject(ctx.sql, value);
    if (!stored) return object;
    child = stored.data;
  } else {
    child = value as Record<string, unknown>;
  }
  if (rest.length > 0) child = await expandPath(ctx, child, rest, path, param, undefined);
  return { ...object, [head]: child };
}

function stripObjectKey(value: Record<string, unknown>): Record<string, unknown> {
  const { object: _ignored, ...rest } = value;
  return rest;
}
