// Twilio's REST error format (/work/shared/notes/twilio-facts.md §1 "Errors"):
// `{"code":21211,"message":"…","more_info":"https://www.twilio.com/docs/errors/21211","status":400}`, with the
// HTTP status equal to `status`. twilio-node turns any non-2xx answer into a RestException carrying `status` (the
// HTTP status), `code`, `message` and `moreInfo`. Never `type`/`title` keys: those make it a TwilioServiceException.

export interface TwilioErrorBody {
  code: number;
  message: string;
  more_info: string;
  status: number;
}

/** A failure answered in Twilio's error format. */
export class TwilioApiError extends Error {
  override readonly name = 'TwilioApiError';

  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
  ) {
    super(message);
  }

  body(): TwilioErrorBody {
    return { code: this.code, message: this.message, more_info: `https://www.twilio.com/docs/errors/${this.code}`, status: this.status };
  }
}

/** Bad or missing credentials, or another account's path: 401 with 20003. */
export function authenticationError(): TwilioApiError {
  return new TwilioApiError(401, 20003, 'Authentication Error - invalid username');
}

/** No such resource (an unknown path, or an id that does not exist): 404 with 20404. */
export function notFound(path: string): TwilioApiError {
  return new TwilioApiError(404, 20404, `The requested resource ${path} was not found`);
}

/** A method the resource does not answer. */
export function methodNotAllowed(method: string): TwilioApiError {
  return new TwilioApiError(405, 20004, `Method not allowed: ${method}`);
}

/** A missing or malformed parameter (20001 is the simulator's choice of code; Twilio's varies by resource). */
export function invalidParameter(message: string): TwilioApiError {
  return new TwilioApiError(400, 20001, message);
}

export function missingParameter(name: string): TwilioApiError {
  return invalidParameter(`Missing required parameter ${name} in the post body`);
}

/** A number to buy that is not an E.164 phone number. */
export function phoneNumberInvalid(): TwilioApiError {
  return new TwilioApiError(400, 21421, 'PhoneNumber is invalid');
}

/** A number that is not in the inventory, or already bought. */
export function phoneNumberNotAvailable(): TwilioApiError {
  return new TwilioApiError(400, 21422, 'PhoneNumber is not available');
}

/** A caller ID to verify that is not a phone number (the verification call's `To`). */
export function invalidToNumber(raw: string): TwilioApiError {
  return new TwilioApiError(400, 21211, `The 'To' number ${raw} is not a valid phone number.`);
}

export function alreadyValidated(): TwilioApiError {
  return new TwilioApiError(400, 21450, 'Phone number already validated on your account');
}

/** Our own fault. */
export function internalError(): TwilioApiError {
  return new TwilioApiError(500, 20500, 'An internal server error has occurred in the carrier simulator');
}
