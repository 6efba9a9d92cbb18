// The browser's access tokens, checked as Twilio's signalling gateway checks them (twilio-facts.md §2
// "Access token"): a JWT signed HS256 with the API key's secret, header `cty: twilio-fpa;v=1`, `iss` the API key
// SID, `sub` the account, not expired, at most 24 h of life, and a Voice grant. Failures are Twilio's
// 20101 (invalid) and 20104 (expired).
import { errors, jwtVerify } from 'jose';

export interface AccessTokenKeys {
  accountSid: string;
  apiKeySid: string;
  apiKeySecret: string;
  /** The TwiML App whose Voice URL outgoing calls reach: the token's outgoing grant must name it. */
  twimlAppSid: string;
}

export interface VerifiedAccessToken {
  identity: string;
  /** The Voice grant's outgoing application, when there is one. */
  outgoingApplicationSid: string | null;
  /** The Voice grant's `incoming.allow`. */
  incomingAllow: boolean;
  /** Expiry, epoch milliseconds. */
  expiresAtMs: number;
}

export class AccessTokenError extends Error {
  constructor(
    readonly code: 20101 | 20104,
    message: string,
  ) {
    super(message);
    this.name = 'AccessTokenError';
  }
}

/** Twilio refuses tokens living longer than this (twilio.com/docs/api/errors/20104). */
export const maxTokenLifeSeconds = 24 * 3600;

const invalid = (why: string) => new AccessTokenError(20101, `Invalid Access Token: ${why}`);

export async function verifyAccessToken(token: string | null | undefined, keys: AccessTokenKeys, nowMs: number): Promise<VerifiedAccessToken> {
  if (!token) throw invalid('missing');
  let payload: Record<string, unknown>;
  try {
    const verified = await jwtVerify(token, new TextEncoder().encode(keys.apiKeySecret), {
      algorithms: ['HS256'],
      currentDate: new Date(nowMs),
      issuer: keys.apiKeySid,
      subject: keys.accountSid,
      requiredClaims: ['exp'],
    });
    if (verified.protectedHeader.cty !== 'twilio-fpa;v=1') throw invalid('the header has no cty twilio-fpa;v=1');
    payload = verified.payload as Record<string, unknown>;
  } catch (error) {
    if (error instanceof AccessTokenError) throw error;
    if (error instanceof errors.JWTExpired) throw new AccessTokenError(20104, 'Access Token expired or expiration date invalid');
    if (error instanceof errors.JOSEError) throw invalid(error.code === 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED' ? 'signature verification failed' : error.message);
    throw invalid('not a JWT');
  }
  const exp = Number(payload.exp);
  const iat = typeof payload.iat === 'number' ? payload.iat : Math.floor(nowMs / 1000);
  if (exp - iat > maxTokenLifeSeconds) throw new AccessTokenError(20104, 'Access Token expired or expiration date invalid: it lives longer than 24 hours');
  const grants = payload.grants as { identity?: unknown; voice?: { incoming?: { allow?: unknown }; outgoing?: { application_sid?: unknown } } } | undefined;
  if (!grants || typeof grants.identity !== 'string' || grants.identity === '') throw invalid('no identity in its grants');
  if (!grants.voice) throw invalid('no Voice grant');
  const application = grants.voice.outgoing?.application_sid;
  return {
    identity: grants.identity,
    outgoingApplicationSid: typeof application === 'string' ? application : null,
    incomingAllow: grants.voice.incoming?.allow === true,
    expiresAtMs: exp * 1000,
  };
}

/** For placing calls: the outgoing grant must name the TwiML App. */
export function requireOutgoing(token: VerifiedAccessToken, keys: AccessTokenKeys): void {
  if (token.outgoingApplicationSid !== keys.twimlAppSid) throw invalid(`its Voice grant may not place calls through ${keys.twimlAppSid}`);
}

/** For registering (receiving calls): `incoming.allow`. */
export function requireIncoming(token: VerifiedAccessToken): void {
  if (!token.incomingAllow) throw invalid('its Voice grant does not allow incoming calls');
}
