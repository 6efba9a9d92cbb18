// Stripe's error format (docs.stripe.com/api/errors; /work/shared/notes/stripe-facts.md §3):
// `{ error: { type, code?, decline_code?, message, param?, doc_url?, charge?, payment_intent?, payment_method? } }`.
// stripe-node picks its error class from the HTTP status (400/404 → StripeInvalidRequestError, or
// StripeIdempotencyError for type idempotency_error; 401 → StripeAuthenticationError; 402 → StripeCardError;
// other → StripeAPIError), so each error here carries the status Stripe answers it with.

export type StripeErrorType = 'api_error' | 'card_error' | 'idempotency_error' | 'invalid_request_error';

export interface StripeErrorFields {
  type: StripeErrorType;
  message: string;
  code?: string;
  decline_code?: string;
  param?: string;
  doc_url?: string;
  charge?: string;
  payment_intent?: unknown;
  payment_method?: unknown;
}

export interface StripeErrorBody {
  error: StripeErrorFields;
}

/** Stripe's page for an error code: `card_declined` → https://stripe.com/docs/error-codes/card-declined. */
export function docUrl(code: string): string {
  return `https://stripe.com/docs/error-codes/${code.replace(/_/g, '-')}`;
}

/** A failure answered in Stripe's error format with Stripe's status for it. */
export class SimulatorError extends Error {
  override readonly name = 'SimulatorError';

  constructor(
    readonly status: number,
    readonly fields: StripeErrorFields,
  ) {
    super(fields.message);
  }

  body(): StripeErrorBody {
    const { type, code, decline_code, message, param, charge, payment_intent, payment_method } = this.fields;
    // in Stripe's own key order: charge, code, decline_code, doc_url, message, param, payment_intent, payment_method, type
    return {
      error: {
        ...(charge === undefined ? {} : { charge }),
        ...(code === undefined ? {} : { code }),
        ...(decline_code === undefined ? {} : { decline_code }),
        ...(code === undefined ? {} : { doc_url: this.fields.doc_url ?? docUrl(code) }),
        message,
        ...(param === undefined ? {} : { param }),
        ...(payment_intent === undefined ? {} : { payment_intent }),
        ...(payment_method === undefined ? {} : { payment_method }),
        type,
      },
    };
  }
}

/** A 400 invalid_request_error (the common case). */
export function invalidRequest(message: string, extra: { code?: string; param?: string } = {}): SimulatorError {
  return new SimulatorError(400, { type: 'invalid_request_error', message, ...extra });
}

/** The object named in the path does not exist: 404 resource_missing ("No such customer: 'cus_x'"). */
export function noSuchObject(noun: string, id: string, param = 'id'): SimulatorError {
  return new SimulatorError(404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${noun}: '${id}'`, param });
}

/** An object named in a parameter does not exist: the same message, as a 400 on that parameter. */
export function noSuchParamObject(noun: string, id: string, param: string): SimulatorError {
  return new SimulatorError(400, { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${noun}: '${id}'`, param });
}

export function parameterMissing(param: string): SimulatorError {
  return invalidRequest(`Missing required param: ${param}.`, { code: 'parameter_missing', param });
}

export function parameterUnknown(param: string): SimulatorError {
  return invalidRequest(`Received unknown parameter: ${param}`, { code: 'parameter_unknown', param });
}

/** The message of Stripe's 401s (quoted in stripe-node#950, stripe-node#361, stripe-node#1353). */
export function missingApiKey(): SimulatorError {
  return new SimulatorError(401, {
    type: 'invalid_request_error',
    message:
      "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). " +
      'See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.',
  });
}

/** `sk_test_abcdefgh1234` → `sk_test_********1234`: Stripe shows the first 8 and the last 4 characters. */
export function maskKey(key: string): string {
  if (key.length <= 12) return `${key.slice(0, Math.min(8, key.length))}${'*'.repeat(Math.max(0, key.length - 8))}`;
  return `${key.slice(0, 8)}${'*'.repeat(key.length - 12)}${key.slice(-4)}`;
}

export function invalidApiKey(key: string): SimulatorError {
  return new SimulatorError(401, { type: 'invalid_request_error', message: `Invalid API Key provided: ${maskKey(key)}` });
}

/** A path no endpoint answers (Stripe's wording, trailing-slash hint included). */
export function unrecognizedUrl(method: string, path: string): SimulatorError {
  const hint = path.endsWith('/')
    ? ' If you are trying to list objects, remove the trailing slash. If you are trying to retrieve an object, make sure you passed a valid (non-empty) identifier in your code.'
    : '';
  return new SimulatorError(404, {
    type: 'invalid_request_error',
    message: `Unrecognized request URL (${method}: ${path}).${hint} Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
  });
}

/** [Idem]: the same key with other parameters (message quoted in the facts file). */
export function idempotencyMismatch(key: string): SimulatorError {
  return new SimulatorError(400, {
    type: 'idempotency_error',
    message:
      'Keys for idempotent requests can only be used with the same parameters they were first used with. ' +
      `Try using a key other than '${key}' if you meant to execute a different request.`,
  });
}

/** Our own fault: Stripe's 500 api_error (stripe-node retries it). */
export function internalError(): SimulatorError {
  return new SimulatorError(500, { type: 'api_error', message: 'An unknown error occurred in the payment simulator.' });
}
