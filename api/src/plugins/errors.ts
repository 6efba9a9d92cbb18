// One place that turns every error into `{ error: { code, message, details? } }` with the right status (the
// contract's error model, @ringwise/contract/errors).
import type { ErrorCode, ErrorEnvelope } from '@ringwise/contract/errors';
import Stripe from 'stripe';
import twilio from 'twilio';
import {
  Elysia,
  ElysiaCustomStatusResponse,
  InvalidCookieSignature,
  InvalidFileType,
  NotFoundError,
  ParseError,
  ValidationError,
} from 'elysia';
import { DatabaseUnavailableError } from '../db/database.ts';
import { DeadlineExceededError } from '../lib/deadline.ts';

/** What services throw for an expected failure; `code` is one of the contract's codes, which clients switch on. */
export class HttpError extends Error {
  override readonly name = 'HttpError';

  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

export type ErrorBody = ErrorEnvelope;

export interface MappedError {
  status: number;
  body: ErrorBody;
  /** True for failures that are our fault: they are logged, and their message is generic. */
  unexpected: boolean;
  /** Headers the answer carries (Retry-After of a 503). */
  headers?: Record<string, string>;
}

/** Seconds a client should wait before repeating a request refused with 503. */
export const retryAfterSeconds = 1;

export const deadlineMessage = 'This took too long and was stopped. Please try again in a moment.';
export const databaseUnavailableMessage = 'Ringwise cannot reach its database right now. Please try again in a moment.';

/** A 503 a client may simply repeat: the envelope and Retry-After. */
export function retryLater(message: string): MappedError {
  return { status: 503, body: errorBody('unavailable', message), unexpected: false, headers: { 'retry-after': String(retryAfterSeconds) } };
}

export type ErrorLogger = (error: unknown, request: { method: string; path: string }) => void;

export interface ErrorsOptions {
  log?: ErrorLogger;
}

const internalMessage = 'Something went wrong on our side. Please try again.';

const codeByStatus: Record<number, ErrorCode> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  422: 'unprocessable',
  429: 'too_many_requests',
  500: 'internal',
  502: 'bad_gateway',
  503: 'unavailable',
};

export function errorBody(code: ErrorCode, message: string, details?: unknown): ErrorBody {
  return { error: details === undefined ? { code, message } : { code, message, details: details as ErrorBody['error']['details'] } };
}

/** The 400 of fields a client sent with values the api refuses: the first message, and each field's. */
export function fieldValidationError(fieldErrors: Record<string, string>): HttpError {
  const first = Object.values(fieldErrors)[0] ?? 'The request is not valid.';
  return new HttpError(400, 'validation_failed', first, { fieldErrors });
}

/** Maps anything thrown in a request to its status and envelope (pure: no logging, no Elysia context). */
export function mapError(error: unknown, request: { method: string; path: string }): MappedError {
  const expected = (status: number, code: ErrorCode, message: string, details?: unknown): MappedError => ({
    status,
    body: errorBody(code, message, details),
    unexpected: false,
  });
  const internal: MappedError = { status: 500, body: errorBody('internal', internalMessage), unexpected: true };

  if (error instanceof DeadlineExceededError) return retryLater(deadlineMessage);
  if (error instanceof DatabaseUnavailableError) return { ...retryLater(databaseUnavailableMessage), unexpected: true };
  if (error instanceof HttpError) {
    if (error.status >= 500) return { ...internal, status: error.status, body: errorBody(error.code, error.message) };
    return expected(error.status, error.code, error.message, error.details);
  }
  if (error instanceof Stripe.errors.StripeError) return stripeFailure(error);
  if (error instanceof twilio.RestException) return carrierFailure(error);
  if (error instanceof ValidationError) {
    // A response that fails its own schema is a bug of ours, not of the client.
    if (error.type === 'response') return internal;
    const { fieldErrors, message } = describeValidation(error);
    if (Object.keys(fieldErrors).length > 0) return expected(400, 'validation_failed', message, { fieldErrors });
    return expected(400, 'bad_request', message);
  }
  if (error instanceof ParseError) {
    // a body refused while parsing (request-limits.ts: too large, not UTF-8, a NUL) keeps its own answer
    if (error.cause instanceof HttpError) return mapError(error.cause, request);
    return expected(400, 'bad_request', 'The request body could not be parsed (malformed JSON or form data).');
  }
  if (error instanceof NotFoundError) {
    return expected(404, 'not_found', `No such endpoint: ${request.method} ${request.path}`);
  }
  if (error instanceof InvalidCookieSignature) return expected(400, 'bad_request', 'A signed cookie is invalid.');
  if (error instanceof InvalidFileType) return expected(400, 'bad_request', error.message);
  if (error instanceof ElysiaCustomStatusResponse) {
    // `throw status(409, …)` from a handler: keep its status, wrap its payload unless it already is an envelope.
    const status = Number(error.code);
    if (isErrorBody(error.response)) return { status, body: error.response, unexpected: status >= 500 };
    const message = typeof error.response === 'string' ? error.response : `Request failed with status ${status}`;
    return { status, body: errorBody(codeByStatus[status] ?? 'error', message), unexpected: status >= 500 };
  }
  return internal;
}

interface SchemaError {
  path: string;
  message: string;
  schema?: { error?: unknown };
}

/** "/displayName/0" → "displayName" (JSON pointer, unescaped); "" for the value as a whole. */
function fieldOf(path: string): string {
  const first = path.split('/')[1] ?? '';
  return first.replace(/~1/g, '/').replace(/~0/g, '~');
}

/**
 * What the request got wrong, in words a person reads: each failing field with the message its schema
 * carries (the contract puts the spec's messages there), else a plain sentence from the schema library's.
 */
function describeValidation(error: ValidationError): { message: string; fieldErrors: Record<string, string> } {
  let all: SchemaError[];
  try {
    all = error.all as SchemaError[];
  } catch {
    all = [];
  }
  const fieldErrors: Record<string, string> = {};
  let whole: string | null = null;
  for (const item of all) {
    const custom = typeof item.schema?.error === 'string' ? item.schema.error : null;
    const field = fieldOf(item.path ?? '');
    const text = custom ?? (field ? `${field}: ${lowerFirst(item.message)}.` : `The request ${error.type} is not valid: ${lowerFirst(item.message)}.`);
    if (!field) whole ??= text;
    else if (!(field in fieldErrors)) fieldErrors[field] = text;
  }
  const message = whole ?? Object.values(fieldErrors)[0] ?? (typeof error.customError === 'string' ? error.customError : `Invalid request ${error.type}.`);
  // a wrong value as a whole (not an object) is not a field's fault
  return { message, fieldErrors: whole ? {} : fieldErrors };
}

const lowerFirst = (text: string) => (text ? text[0]!.toLowerCase() + text.slice(1) : text);

/**
 * The Stripe SDK's own errors (from Stripe or from the local simulator), as the user should read them: a
 * declined card says why; anything else is the payment service's trouble or ours (logged), never a 500.
 */
function stripeFailure(error: InstanceType<typeof Stripe.errors.StripeError>): MappedError {
  if (error instanceof Stripe.errors.StripeCardError) {
    return { status: 402, body: errorBody('payment_failed', error.message || 'Your card was declined.'), unexpected: false };
  }
  if (error instanceof Stripe.errors.StripeConnectionError || error instanceof Stripe.errors.StripeAPIError || error instanceof Stripe.errors.StripeRateLimitError) {
    return { status: 503, body: errorBody('unavailable', 'The payment service could not be reached. Please try again in a moment.'), unexpected: true };
  }
  // an invalid request, a bad key or a permission: our configuration or our bug, not the user's
  return { status: 502, body: errorBody('bad_gateway', 'The payment service refused the request. Please try again later.'), unexpected: true };
}

/**
 * A Twilio SDK error (from Twilio or the local carrier simulator) that the module calling it did not turn into
 * its own message: the carrier's trouble or our configuration (logged), never a 500 and never the carrier's text.
 */
function carrierFailure(error: InstanceType<typeof twilio.RestException>): MappedError {
  if (error.status === 429 || error.status >= 500) {
    return { status: 503, body: errorBody('unavailable', 'The phone carrier could not be reached. Please try again in a moment.'), unexpected: true };
  }
  return { status: 502, body: errorBody('bad_gateway', 'The phone carrier refused the request. Please try again later.'), unexpected: true };
}

function isErrorBody(value: unknown): value is ErrorBody {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const inner = (value as { error: unknown }).error;
  return typeof inner === 'object' && inner !== null && 'code' in inner && 'message' in inner;
}

const defaultLogger: ErrorLogger = (error, request) => {
  // an outage fails many requests the same way: one line each, not a stack
  if (error instanceof DatabaseUnavailableError) console.error(`[api] ${request.method} ${request.path} failed: ${error.message}`);
  else console.error(`[api] ${request.method} ${request.path} failed:`, error);
};

/**
 * The error plugin. Also owns the `/api/*` fallback, so an unknown api path answers a 404 envelope
 * (and never the shell's HTML page, whose catch-all route is less specific).
 */
export const errors = ({ log = defaultLogger }: ErrorsOptions = {}) =>
  new Elysia({ name: 'plugin.errors' })
    .onError({ as: 'global' }, ({ error, request, path, set }) => {
      const req = { method: request.method, path };
      const mapped = mapError(error, req);
      if (mapped.unexpected) log(error, req);
      set.status = mapped.status;
      Object.assign(set.headers, mapped.headers);
      // an answer about this request only (a refused token, a field of this body): never kept by a cache
      if (path.startsWith('/api/')) set.headers['cache-control'] = 'no-store';
      return mapped.body;
    })
    .get('/api', notFound)
    .all('/api', notFound)
    .get('/api/*', notFound)
    .all('/api/*', notFound);

function notFound(): never {
  throw new NotFoundError();
}
