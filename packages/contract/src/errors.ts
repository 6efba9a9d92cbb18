// The one error model of the /api: every failure answers `{ "error": { code, message, details? } }` with its
// HTTP status. `message` is written for the user (the browser shows it as it is); `code` is stable and
// snake_case, for programs to switch on; `details` carries what a form needs (field messages).
import { Type, type Static } from '@sinclair/typebox';

/**
 * Every code the api sends: its `HttpError` and its envelope take no other. The envelope's schema below still reads
 * `code` as any string, for forward compatibility: a client built before a code was added meets it, and treats it by
 * its HTTP status.
 */
export const errorCodes = [
  /** The request is malformed or not what the endpoint takes (not JSON, wrong shape). */
  'bad_request',
  /** One or more fields have values the endpoint refuses; `details.fieldErrors` names them. */
  'validation_failed',
  /** A call to a number Ringwise does not call (400): premium-rate, shared-cost, or a prefix an admin blocked. */
  'destination_refused',
  /** A call to a number no rate of the deck covers (400). */
  'no_rate',
  /** Deleting the account: the e-mail address typed to confirm is not the account's (400). */
  'confirmation_mismatch',
  /** A Stripe webhook whose `Stripe-Signature` does not verify or is too old (400); Stripe delivers it again. */
  'bad_signature',
  /** No valid access token, or its session has ended (401, with `WWW-Authenticate: Bearer`). */
  'unauthorized',
  /** Signed in but not allowed (not an admin), or a Twilio webhook whose signature does not verify (403). */
  'forbidden',
  /** No such entry, not the user's, or no such endpoint (404). */
  'not_found',
  /** The path does not take this method (405, with `Allow`). */
  'method_not_allowed',
  /** The request clashes with what exists (a number already saved as a contact). */
  'conflict',
  /** A call started while another call of the user is in progress (409). */
  'call_in_progress',
  /** A number bought at a price that is no longer its price (409); `details.price` is the current one (Money). */
  'price_changed',
  /** A number someone else took first (409): the user picks another. */
  'number_unavailable',
  /** The balance does not cover what was asked for (402); `details` names `balance` and `required` (Money). */
  'insufficient_balance',
  /** The card was declined (402); the message says why, in the payment service's words. */
  'payment_failed',
  /** A number search matched nothing; the message contains 'No available numbers' (spec §8: not a failure). */
  'no_available_numbers',
  /** A body over its route's size limit (413). */
  'payload_too_large',
  /** A body of a type the route does not take (415). */
  'unsupported_media_type',
  /** Understood but not done (422); only a handler's own `status(422, …)` answers it. */
  'unprocessable',
  /** Too many requests from this address (429, with `Retry-After`). */
  'too_many_requests',
  /** A failure of ours (500): logged, and its message is generic. */
  'internal',
  /** A provider (Stripe, Twilio) refused the request or answered what the api did not expect (502). */
  'bad_gateway',
  /** A dependency is down or not set up, or the request passed its deadline (503; `Retry-After` when a repeat may work). */
  'unavailable',
  /** A status no other code names (a handler's own `status(…)`): read the HTTP status. */
  'error',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

/** Field name → the message shown next to that field. */
export const FieldErrors = Type.Record(Type.String(), Type.String());
export type FieldErrors = Static<typeof FieldErrors>;

export const ErrorEnvelope = Type.Object({
  error: Type.Object({
    code: Type.String(),
    message: Type.String(),
    /** `fieldErrors` for a form; other keys as an endpoint documents them. */
    details: Type.Optional(Type.Intersect([Type.Object({ fieldErrors: Type.Optional(FieldErrors) }), Type.Record(Type.String(), Type.Unknown())])),
  }),
});
export type ErrorEnvelope = Static<typeof ErrorEnvelope>;
export type ApiErrorBody = ErrorEnvelope['error'];
