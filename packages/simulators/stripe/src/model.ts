// The objects the simulator answers with, in Stripe's shapes. Each builder `satisfies` the SDK's own type
// (stripe 23.1.0, API version 2026-10-28.endive), so every field the SDK's users may read is present with the
// type Stripe documents; values are what a test-mode account with card payments answers.
import { createHash, randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import type { Metadata } from './params.ts';

/** The API version objects are rendered with, and the `api_version` of events: the SDK's pinned version. */
export const apiVersion = Stripe.API_VERSION;

const base62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

function randomBase62(length: number): string {
  const bytes = randomBytes(length * 2);
  let out = '';
  for (let i = 0; out.length < length; i++) {
    const byte = bytes[i % bytes.length] as number;
    // 248 = 62 * 4: reject the top bytes so every character is equally likely
    if (byte < 248) out += base62[byte % 62];
    if (i >= bytes.length - 1 && out.length < length) return out + randomBase62(length - out.length);
  }
  return out;
}

/** Ids as Stripe shapes them: a type prefix and random base62 (test-mode Checkout Sessions are `cs_test_…`). */
const prefixed = (prefix: string, length: number) => () => `${prefix}${randomBase62(length)}`;

export const newId = {
  customer: prefixed('cus_', 14),
  checkoutSession: prefixed('cs_test_', 58),
  paymentIntent: prefixed('pi_', 24),
  paymentMethod: prefixed('pm_', 24),
  charge: prefixed('ch_', 24),
  balanceTransaction: prefixed('txn_', 24),
  portalSession: prefixed('bps_', 24),
  portalConfiguration: prefixed('bpc_', 24),
  event: prefixed('evt_', 24),
  request: prefixed('req_', 14),
  price: prefixed('price_', 24),
  product: prefixed('prod_', 14),
  lineItem: prefixed('li_', 24),
  secret: () => randomBase62(24),
  invoicePrefix: () => randomBytes(4).toString('hex').toUpperCase(),
};

/** What a test card number does (docs.stripe.com/testing, and the simplification below). */
export type CardBehaviour = 'succeeds' | 'declined' | 'insufficient_funds_off_session';

/**
 * The test cards the hosted page accepts. 4000 0000 0000 9995 is Stripe's "insufficient funds" card; here it
 * SUCCEEDS on the hosted page (on-session) and is saved, and only its later OFF-SESSION PaymentIntents fail
 * with card_declined / insufficient_funds. This deliberate simplification lets the app's auto-recharge failure
 * be tested end to end with one card; Stripe would decline it in Checkout too.
 */
export const testCards: Record<string, { behaviour: CardBehaviour; brand: 'visa' }> = {
  '4242424242424242': { behaviour: 'succeeds', brand: 'visa' },
  '4000000000000002': { behaviour: 'declined', brand: 'visa' },
  '4000000000009995': { behaviour: 'insufficient_funds_off_session', brand: 'visa' },
};

/** Stripe's decline messages (docs.stripe.com/declines/codes). */
export const declineMessages = {
  generic_decline: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
} as const;

export interface CardInput {
  number: string;
  expMonth: number;
  expYear: number;
  name: string;
  email: string | null;
}

export function customerObject(input: {
  id: string;
  created: number;
  email: string | null;
  name: string | null;
  phone: string | null;
  description: string | null;
  metadata: Metadata;
  invoicePrefix: string;
  defaultPaymentMethod: string | null;
}) {
  return {
    id: input.id,
    object: 'customer',
    address: null,
    balance: 0,
    created: input.created,
    currency: null,
    customer_account: null,
    default_source: null,
    delinquent: false,
    description: input.description,
    discount: null,
    email: input.email,
    invoice_prefix: input.invoicePrefix,
    invoice_settings: { custom_fields: null, default_payment_method: input.defaultPaymentMethod, footer: null, rendering_options: null },
    livemode: false,
    metadata: input.metadata,
    name: input.name,
    next_invoice_sequence: 1,
    phone: input.phone,
    preferred_locales: [],
    shipping: null,
    tax_exempt: 'none',
    test_clock: null,
  } satisfies Stripe.Customer;
}

export type CustomerObject = ReturnType<typeof customerObject>;

/** A card fingerprint: the same number gives the same fingerprint, as within one Stripe account. */
export function cardFingerprint(number: string): string {
  const digest = createHash('sha256').update(`ringwise-simulator:${number}`).digest();
  let out = '';
  for (const byte of digest.subarray(0, 16)) out += base62[byte % 62];
  return out;
}

export function paymentMethodObject(input: { id: string; created: number; card: CardInput; customer: string | null }) {
  const { card } = input;
  return {
    id: input.id,
    object: 'payment_method',
    allow_redisplay: 'unspecified',
    billing_details: { address: null, email: card.email, name: card.name, phone: null, tax_id: null },
    card: {
      brand: 'visa',
      checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
      country: 'US',
      display_brand: 'visa',
      exp_month: card.expMonth,
      exp_year: card.expYear,
      fingerprint: cardFingerprint(card.number),
      funding: 'credit',
      generated_from: null,
      last4: card.number.slice(-4),
      networks: { available: ['visa'], preferred: null },
      regulated_status: 'unregulated',
      three_d_secure_usage: { supported: true },
      wallet: null,
    },
    created: input.created,
    customer: input.customer,
    customer_account: null,
    livemode: false,
    metadata: {},
    type: 'card',
  } satisfies Stripe.PaymentMethod;
}

export type PaymentMethodObject = ReturnType<typeof paymentMethodObject>;

export type PaymentIntentStatus = Stripe.PaymentIntent.Status;

export function paymentIntentObject(input: {
  id: string;
  created: number;
  amount: number;
  currency: string;
  customer: string | null;
  description: string | null;
  metadata: Metadata;
  paymentMethod: string | null;
  setupFutureUsage: 'on_session' | 'off_session' | null;
  receiptEmail: string | null;
  statementDescriptor: string | null;
  statementDescriptorSuffix: string | null;
  automaticPaymentMethods: { enabled: boolean; allow_redirects: 'always' | 'never' } | null;
  paymentMethodTypes: string[];
  status: PaymentIntentStatus;
  latestCharge: string | null;
  lastPaymentError: Stripe.PaymentIntent.LastPaymentError | null;
  clientSecret: string;
}) {
  const succeeded = input.status === 'succeeded';
  return {
    id: input.id,
    object: 'payment_intent',
    allowed_payment_method_types: null,
    amount: input.amount,
    amount_capturable: 0,
    amount_details: { tip: {} },
    amount_received: succeeded ? input.amount : 0,
    application: null,
    application_fee_amount: null,
    automatic_payment_methods: input.automaticPaymentMethods,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: 'automatic_async',
    client_secret: input.clientSecret,
    confirmation_method: 'automatic',
    created: input.created,
    currency: input.currency,
    customer: input.customer,
    customer_account: null,
    description: input.description,
    excluded_payment_method_types: null,
    last_payment_error: input.lastPaymentError,
    latest_charge: input.latestCharge,
    livemode: false,
    managed_payments: null,
    metadata: input.metadata,
    next_action: null,
    on_behalf_of: null,
    payment_method: input.paymentMethod,
    payment_method_configuration_details: null,
    payment_method_options: {
      card: { installments: null, mandate_options: null, network: null, request_three_d_secure: 'automatic' },
    },
    payment_method_types: input.paymentMethodTypes,
    payment_record: null,
    processing: null,
    receipt_email: input.receiptEmail,
    review: null,
    setup_future_usage: input.setupFutureUsage,
    shipping: null,
    source: null,
    statement_descriptor: input.statementDescriptor,
    statement_descriptor_suffix: input.statementDescriptorSuffix,
    status: input.status,
    transfer_data: null,
    transfer_group: null,
  } satisfies Stripe.PaymentIntent;
}

export type PaymentIntentObject = ReturnType<typeof paymentIntentObject>;

export function chargeObject(input: {
  id: string;
  created: number;
  amount: number;
  currency: string;
  customer: string | null;
  description: string | null;
  metadata: Metadata;
  paymentIntent: string;
  paymentMethod: PaymentMethodObject;
  receiptEmail: string | null;
  balanceTransaction: string | null;
  /** null: the charge succeeded. */
  failure: { code: 'card_declined'; declineCode: keyof typeof declineMessages } | null;
}) {
  const { failure, paymentMethod } = input;
  const card = paymentMethod.card;
  return {
    id: input.id,
    object: 'charge',
    amount: input.amount,
    amount_captured: failure ? 0 : input.amount,
    amount_refunded: 0,
    application: null,
    application_fee: null,
    application_fee_amount: null,
    balance_transaction: input.balanceTransaction,
    billing_details: paymentMethod.billing_details,
    calculated_statement_descriptor: 'RINGWISE',
    captured: !failure,
    created: input.created,
    currency: input.currency,
    customer: input.customer,
    description: input.description,
    disputed: false,
    failure_balance_transaction: null,
    failure_code: failure ? failure.code : null,
    failure_message: failure ? declineMessages[failure.declineCode] : null,
    fraud_details: {},
    livemode: false,
    metadata: input.metadata,
    on_behalf_of: null,
    outcome: failure
      ? {
          advice_code: null,
          network_advice_code: null,
          network_decline_code: null,
          network_status: 'declined_by_network',
          reason: failure.declineCode,
          risk_level: 'normal',
          risk_score: 20,
          seller_message: `The bank returned the decline code \`${failure.declineCode}\`.`,
          type: 'issuer_declined',
        }
      : {
          advice_code: null,
          network_advice_code: null,
          network_decline_code: null,
          network_status: 'approved_by_network',
          reason: null,
          risk_level: 'normal',
          risk_score: 20,
          seller_message: 'Payment complete.',
          type: 'authorized',
        },
    paid: !failure,
    payment_intent: input.paymentIntent,
    payment_method: paymentMethod.id,
    payment_method_details: {
      type: 'card',
      card: {
        amount_authorized: failure ? null : input.amount,
        authorization_code: failure ? null : String(100000 + (input.created % 900000)),
        brand: card.brand,
        checks: card.checks,
        electronic_commerce_indicator: null,
        country: card.country,
        exp_month: card.exp_month,
        exp_year: card.exp_year,
        extended_authorization: { status: 'disabled' },
        fingerprint: card.fingerprint,
        funding: card.funding,
        incremental_authorization: { status: 'unavailable' },
        installments: null,
        last4: card.last4,
        mandate: null,
        multicapture: { status: 'unavailable' },
        network: 'visa',
        network_token: { used: false },
        network_transaction_id: failure ? null : randomBase62(15),
        overcapture: { maximum_amount_capturable: input.amount, status: 'unavailable' },
        regulated_status: 'unregulated',
        three_d_secure: null,
        transaction_link_id: null,
        wallet: null,
      },
    },
    receipt_email: input.receiptEmail,
    receipt_number: null,
    receipt_url: null,
    refunded: false,
    review: null,
    shipping: null,
    source: null,
    source_transfer: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: failure ? 'failed' : 'succeeded',
    transfer_data: null,
    transfer_group: null,
  } satisfies Stripe.Charge;
}

/** A line item of a Checkout Session as stored (its Price and Product are created inline, as price_data does). */
export interface StoredLineItem {
  id: string;
  priceId: string;
  productId: string;
  name: string;
  description: string | null;
  currency: string;
  unitAmount: number;
  quantity: number;
}

export function lineItemObject(item: StoredLineItem, created: number) {
  const amount = item.unitAmount * item.quantity;
  return {
    id: item.id,
    object: 'item',
    adjustable_quantity: null,
    amount_discount: 0,
    amount_subtotal: amount,
    amount_tax: 0,
    amount_total: amount,
    currency: item.currency,
    description: item.name,
    metadata: {},
    price: {
      id: item.priceId,
      object: 'price',
      active: false,
      billing_scheme: 'per_unit',
      created,
      currency: item.currency,
      custom_unit_amount: null,
      livemode: false,
      lookup_key: null,
      metadata: {},
      nickname: null,
      product: item.productId,
      recurring: null,
      tax_behavior: 'unspecified',
      tiers_mode: null,
      transform_quantity: null,
      type: 'one_time',
      unit_amount: item.unitAmount,
      // serialised as the string Stripe sends ("2500")
      unit_amount_decimal: Stripe.Decimal.from(String(item.unitAmount)),
    },
    quantity: item.quantity,
  } satisfies Stripe.LineItem;
}

/** The line items of a Checkout Session as its `line_items` list (the first `limit`). */
export function lineItemList(session: { id: string; created: number }, items: readonly StoredLineItem[], limit = 10) {
  const objects = items.map((item) => lineItemObject(item, session.created));
  return listObject(`/v1/checkout/sessions/${session.id}/line_items`, objects.slice(0, limit), objects.length > limit);
}

export type CheckoutSessionStatus = 'open' | 'complete' | 'expired';

export function checkoutSessionObject(input: {
  id: string;
  created: number;
  expiresAt: number;
  amount: number;
  currency: string;
  cancelUrl: string | null;
  successUrl: string;
  clientReferenceId: string | null;
  customer: string | null;
  customerCreation: 'always' | 'if_required' | null;
  customerEmail: string | null;
  customerDetails: { email: string | null; name: string | null } | null;
  metadata: Metadata;
  paymentIntent: string | null;
  locale: Stripe.Checkout.Session.Locale | null;
  submitType: Stripe.Checkout.Session.SubmitType | null;
  allowPromotionCodes: boolean | null;
  status: CheckoutSessionStatus;
  url: string;
}) {
  const paid = input.status === 'complete';
  return {
    id: input.id,
    object: 'checkout.session',
    adaptive_pricing: { enabled: false },
    after_expiration: null,
    allow_promotion_codes: input.allowPromotionCodes,
    allowed_payment_method_types: null,
    amount_subtotal: input.amount,
    amount_total: input.amount,
    automatic_tax: { enabled: false, liability: null, provider: null, status: null },
    billing_address_collection: null,
    cancel_url: input.cancelUrl,
    client_reference_id: input.clientReferenceId,
    client_secret: null,
    collected_information: null,
    consent: null,
    consent_collection: null,
    created: input.created,
    currency: input.currency,
    currency_conversion: null,
    custom_fields: [],
    custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
    customer: input.customer,
    customer_account: null,
    customer_creation: input.customerCreation,
    customer_details: input.customerDetails
      ? {
          address: null,
          business_name: null,
          email: input.customerDetails.email,
          individual_name: null,
          name: input.customerDetails.name,
          phone: null,
          tax_exempt: 'none',
          tax_ids: [],
        }
      : null,
    customer_email: input.customerEmail,
    discounts: [],
    expires_at: input.expiresAt,
    integration_identifier: null,
    invoice: null,
    invoice_creation: {
      enabled: false,
      invoice_data: {
        account_tax_ids: null,
        custom_fields: null,
        description: null,
        footer: null,
        issuer: null,
        metadata: {},
        rendering_options: null,
      },
    },
    livemode: false,
    locale: input.locale,
    managed_payments: null,
    metadata: input.metadata,
    mode: 'payment',
    origin_context: null,
    payment_intent: input.paymentIntent,
    payment_link: null,
    payment_method_collection: 'if_required',
    payment_method_configuration_details: null,
    payment_method_options: { card: { request_three_d_secure: 'automatic' } },
    payment_method_types: ['card'],
    payment_status: paid ? 'paid' : 'unpaid',
    permissions: null,
    phone_number_collection: { enabled: false },
    recovered_from: null,
    saved_payment_method_options: null,
    setup_intent: null,
    shipping_address_collection: null,
    shipping_cost: null,
    shipping_options: [],
    status: input.status,
    submit_type: input.submitType,
    subscription: null,
    success_url: input.successUrl,
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    ui_mode: 'hosted',
    // the hosted page's address, only while the session can still be paid
    url: input.status === 'open' ? input.url : null,
    wallet_options: null,
  } satisfies Stripe.Checkout.Session;
}

export type SessionObject = ReturnType<typeof checkoutSessionObject>;

export function portalSessionObject(input: { id: string; created: number; customer: string; returnUrl: string | null; configuration: string; url: string }) {
  return {
    id: input.id,
    object: 'billing_portal.session',
    configuration: input.configuration,
    created: input.created,
    customer: input.customer,
    customer_account: null,
    flow: null,
    livemode: false,
    locale: null,
    on_behalf_of: null,
    return_url: input.returnUrl,
    url: input.url,
  } satisfies Stripe.BillingPortal.Session;
}

export type PortalObject = ReturnType<typeof portalSessionObject>;

/** The event types the simulator sends. */
export type EventType =
  | 'checkout.session.completed'
  | 'checkout.session.expired'
  | 'payment_intent.succeeded'
  | 'payment_intent.payment_failed';

export function eventObject(input: {
  id: string;
  created: number;
  type: EventType;
  object: Record<string, unknown>;
  request: { id: string | null; idempotencyKey: string | null };
}) {
  return {
    id: input.id,
    object: 'event',
    api_version: apiVersion,
    created: input.created,
    data: { object: input.object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: input.request.id, idempotency_key: input.request.idempotencyKey },
    type: input.type,
  };
}

/** A list, as every Stripe list endpoint answers it. */
export function listObject<T>(url: string, data: T[], hasMore: boolean) {
  return { object: 'list' as const, data, has_more: hasMore, url };
}
