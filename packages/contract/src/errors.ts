// The one error model of the /api: every failure answers `{ "error": { code, message, details? } }` with its
// HTTP status. `message` is written for the user (the browser shows it as it is); `code` is stable and
// snake_case, for programs to switch on; `details` carries what a form needs (field messages).
import { Type, type Static } from '@sinclair/typebox';

/** The codes the api sends. A client may meet a code it does not know: treat it by its HTTP status. */
export const errorCodes = [
  /** The request is malformed or not what the endpoint takes (not JSON, wrong shape). */
  'bad_request',
  /** One or more fields have values the endpoint refuses; `details.fieldErrors` names them. */
  'validation_failed',
  'unauthorized',
  'forbidden',
  'not_found',
  'method_not_allowed',
  /** The request clashes with what exists (a number already saved as a contact). */
  'conflict',
  /** The balance does not cover what was asked for (402); `details` names `balance` and `required` (Money). */
  'insufficient_balance',
  /** A number search matched nothing; the message contains 'No available numbers' (spec §8: not a failure). */
  'no_available_numbers',
  'payload_too_large',
  'unsupported_media_type',
  'too_many_requests',
  'internal',
  'bad_gateway',
  'unavailable',
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
