// A verified Stripe event, read before anything of it is settled (ARCHITECTURE.md §4). The signature proves who
// sent the bytes, not that they hold what the code reads, so no value of the body reaches SQL, BigInt or the
// ledger before it is checked here:
//  - the envelope (a JSON object with a string id, a string type and data.object an object) is what recording
//    and routing need. Without it the event cannot be recorded (no id) nor routed (no type): the route refuses it
//    with a 400 (stripeEventOf);
//  - the object of a type we settle is read field by field (sessionOf, intentOf). One that does not read is
//    recorded and ignored with a warning, like every event we cannot honour (a foreign session, another
//    currency), rather than refused with a 400: the bytes are signed, so each of Stripe's retries would carry
//    them unchanged and fail the same way for three days, while the recorded id makes the outcome final and the
//    warning is the trail to follow it up.
import { isUuid } from '../../lib/uuid.ts';

export type Checked<T> = { value: T } | { problem: string };

/** Stripe's ids are at most 255 characters. */
const maxIdLength = 255;
/** A failure's message is a sentence; a longer one is not used (the default reason is). */
const maxMessageLength = 500;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Text PostgreSQL takes (never a NUL) of a sane length, or null. */
function textOf(value: unknown, max = maxIdLength): string | null {
  return typeof value === 'string' && value.length > 0 && value.length <= max && !value.includes('\0') ? value : null;
}

/** Amounts are integers of the currency's smallest unit (cents). */
const centsOf = (value: unknown): number | null => (typeof value === 'number' && Number.isSafeInteger(value) ? value : null);

/** An expandable reference (an id, or the object with its id) → the id; null when absent; undefined when malformed. */
function referenceOf(value: unknown): string | null | undefined {
  if (value === null || value === undefined) return null;
  return textOf(isRecord(value) ? value.id : value) ?? undefined;
}

export interface StripeEventEnvelope {
  id: string;
  type: string;
  /** data.object: read it with the reader of the type (sessionOf, intentOf). */
  object: Record<string, unknown>;
}

/** The parsed body of a verified request as an event, or what is wrong with it (a 400: it cannot be recorded). */
export function stripeEventOf(body: unknown): Checked<StripeEventEnvelope> {
  if (!isRecord(body)) return { problem: `it is ${Array.isArray(body) ? 'an array' : body === null ? 'null' : `a ${typeof body}`}, not an event object` };
  const id = textOf(body.id);
  if (!id) return { problem: `its id is not a string of 1 to ${maxIdLength} characters` };
  const type = textOf(body.type);
  if (!type) return { problem: `event ${id} has no type (a string of 1 to ${maxIdLength} characters)` };
  if (!isRecord(body.data) || !isRecord(body.data.object)) return { problem: `event ${id} (${type}) has no data.object object` };
  return { value: { id, type, object: body.data.object } };
}

const sessionStatuses = ['open', 'complete', 'expired'] as const;
const paymentStatuses = ['paid', 'unpaid', 'no_payment_required'] as const;

/** What the settlement reads of a Checkout Session, each value of the type its column or rule takes. */
export interface SessionFields {
  id: string;
  status: (typeof sessionStatuses)[number] | null;
  paymentStatus: (typeof paymentStatuses)[number];
  paymentIntent: string | null;
  /** Whatever the session was made with (ours: the user id; a foreign session's may be anything). */
  clientReferenceId: string | null;
  currency: string | null;
  /** Cents. */
  amountTotal: number | null;
  customer: string | null;
}

const oneOf = <T extends string>(values: readonly T[], value: unknown): value is T => typeof value === 'string' && (values as readonly string[]).includes(value);

export function sessionOf(object: Record<string, unknown>): Checked<SessionFields> {
  const id = textOf(object.id);
  if (!id) return { problem: 'the session has no id' };
  const status = object.status ?? null;
  if (status !== null && !oneOf(sessionStatuses, status)) return { problem: `session ${id} has an unknown status` };
  if (!oneOf(paymentStatuses, object.payment_status)) return { problem: `session ${id} has an unknown payment_status` };
  const paymentIntent = referenceOf(object.payment_intent);
  if (paymentIntent === undefined) return { problem: `session ${id} has a malformed payment_intent` };
  const customer = referenceOf(object.customer);
  if (customer === undefined) return { problem: `session ${id} has a malformed customer` };
  const clientReferenceId = object.client_reference_id ?? null;
  if (clientReferenceId !== null && typeof clientReferenceId !== 'string') return { problem: `session ${id} has a malformed client_reference_id` };
  const currency = object.currency ?? null;
  if (currency !== null && typeof currency !== 'string') return { problem: `session ${id} has a malformed currency` };
  const amountTotal = object.amount_total ?? null;
  if (amountTotal !== null && centsOf(amountTotal) === null) return { problem: `session ${id} has an amount_total that is not a whole number of cents` };
  return {
    value: { id, status, paymentStatus: object.payment_status, paymentIntent, clientReferenceId, currency, amountTotal: amountTotal as number | null, customer },
  };
}

/** What the settlement reads of a PaymentIntent. */
export interface IntentFields {
  id: string;
  currency: string | null;
  /** Cents. */
  amount: number;
  amountReceived: number | null;
  /** The metadata keys we set on an auto-recharge (undefined when absent). */
  kind: string | undefined;
  userId: string | undefined;
  jobId: string | undefined;
  /** last_payment_error.message when it is a plain sentence. */
  failureMessage: string | null;
}

export function intentOf(object: Record<string, unknown>): Checked<IntentFields> {
  const id = textOf(object.id);
  if (!id) return { problem: 'the PaymentIntent has no id' };
  const metadata = object.metadata ?? {};
  if (!isRecord(metadata)) return { problem: `${id} has metadata that is not an object` };
  const { kind, user_id: userId, job_id: jobId } = metadata;
  for (const [key, value] of Object.entries({ kind, user_id: userId, job_id: jobId })) {
    if (value !== undefined && typeof value !== 'string') return { problem: `${id} has a metadata.${key} that is not a string` };
  }
  const currency = object.currency ?? null;
  if (currency !== null && typeof currency !== 'string') return { problem: `${id} has a malformed currency` };
  const amount = centsOf(object.amount);
  if (amount === null) return { problem: `${id} has an amount that is not a whole number of cents` };
  const amountReceived = object.amount_received ?? null;
  if (amountReceived !== null && centsOf(amountReceived) === null) return { problem: `${id} has an amount_received that is not a whole number of cents` };
  const error = object.last_payment_error;
  const failureMessage = isRecord(error) ? textOf(error.message, maxMessageLength) : null;
  return {
    value: {
      id,
      currency,
      amount,
      amountReceived: amountReceived as number | null,
      kind: kind as string | undefined,
      userId: userId as string | undefined,
      jobId: jobId as string | undefined,
      failureMessage,
    },
  };
}

/** An auto-recharge's PaymentIntent (a top-up's is credited through its session instead): its user and job. */
export function autoRechargeOf(intent: IntentFields): { userId: string; jobId: string | null } | null {
  if (intent.kind !== 'auto_recharge' || !intent.userId || !isUuid(intent.userId)) return null;
  return { userId: intent.userId, jobId: intent.jobId && isUuid(intent.jobId) ? intent.jobId : null };
}
