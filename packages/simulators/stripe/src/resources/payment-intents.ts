// PaymentIntents and the Charge of each attempt: create (confirmed on- or off-session, or not) and retrieve; a
// Checkout payment confirms one too (page-actions.ts).
import { minimumAmount, ok, supportedCurrency, unsupported, type ApiResult, type SimulatorContext } from '../context.ts';
import { docUrl, invalidRequest, noSuchObject, SimulatorError } from '../errors.ts';
import { expandObject } from '../expansion.ts';
import type { ParamHash } from '../form.ts';
import { chargeObject, declineMessages, newId, paymentIntentObject, type PaymentIntentObject, type PaymentMethodObject } from '../model.ts';
import { newMetadata, ParamReader, readUrl, type Metadata } from '../params.ts';
import { getObject, insertObject, updateObject } from '../store.ts';
import { loadCustomer } from './customers.ts';
import { loadPaymentMethod, type PaymentMethodInternal } from './payment-methods.ts';

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
export async function chargeCard(ctx: SimulatorContext, input: ChargeInput): Promise<{ paymentIntent: PaymentIntentObject; declined: SimulatorError | null }> {
  const pm = input.paymentMethod.data;
  const behaviour = input.paymentMethod.internal.behaviour;
  const declineCode =
    behaviour === 'declined' ? 'generic_decline' : behaviour === 'insufficient_funds_off_session' && input.offSession ? 'insufficient_funds' : null;
  const paymentIntentId = newId.paymentIntent();
  // what the payment and its charge both say
  const payment = {
    created: ctx.now,
    amount: input.amount,
    currency: input.currency,
    customer: input.customer,
    description: input.description,
    metadata: input.metadata,
  };
  const charge = chargeObject({
    id: newId.charge(),
    ...payment,
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
    ...payment,
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
