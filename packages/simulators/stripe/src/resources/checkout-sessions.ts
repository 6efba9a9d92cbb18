// Checkout Sessions (mode payment, on the hosted page): create, retrieve, list line items, expire. Paying one is a
// hosted-page action (page-actions.ts).
import type Stripe from 'stripe';
import { minimumAmount, ok, pagesPath, supportedCurrency, unsupported, type ApiResult, type SimulatorContext } from '../context.ts';
import { invalidRequest, noSuchObject } from '../errors.ts';
import { expandObject } from '../expansion.ts';
import type { ParamHash } from '../form.ts';
import { checkoutSessionObject, lineItemList, newId, type SessionObject, type StoredLineItem } from '../model.ts';
import { newMetadata, ParamReader, readListParams, readUrl, type Metadata } from '../params.ts';
import { getObject, insertObject, updateObject } from '../store.ts';
import { loadCustomer } from './customers.ts';

/** Stripe's Checkout Sessions expire 24 hours after creation by default, and at least 30 minutes after it. */
const sessionLifetime = { default: 24 * 3600, min: 30 * 60, max: 24 * 3600 };

export interface SessionInternal {
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
export async function expireIfDue(ctx: SimulatorContext, session: LoadedSession): Promise<LoadedSession> {
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
  return ok(await expandObject(ctx, lineItemList(session.data, session.internal.lineItems, page.limit), expand));
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
