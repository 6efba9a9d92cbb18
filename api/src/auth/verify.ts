// Verifies Supabase access tokens: signature (ES256/RS256 through the JWKS, HS256 only with the legacy
// secret), exp, aud and iss. Every rejection is an HttpError(401, 'unauthorized', <why>).
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  customFetch,
  errors,
  jwtVerify,
  type FetchImplementation,
  type JSONWebKeySet,
  type JWSHeaderParameters,
  type JWTVerifyGetKey,
} from 'jose';
import type { JwtClaims } from '../db/database.ts';
import { HttpError } from '../plugins/errors.ts';
import type { AuthConfig } from './config.ts';

export interface TokenVerifier {
  /** The verified claims of a user's access token; throws HttpError 401 when it is not acceptable. */
  verify(token: string): Promise<JwtClaims>;
}

export interface TokenVerifierOptions {
  /** The public keys to trust as they are (tests: a throwaway signing key's); otherwise they are fetched from the
   *  auth server's JWKS, the hosted project's or the local stand-in's alike. */
  keys?: JSONWebKeySet;
  /** The fetch used to download the JWKS (tests pass a stub). */
  fetch?: FetchImplementation;
  /** The clock exp is checked against (tests move it). */
  now?: () => Date;
}

/** Seconds of clock skew tolerated on exp/iat/nbf. */
export const clockToleranceSeconds = 5;

const asymmetricAlgorithms = ['ES256', 'RS256'] as const;
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Marks a failure to obtain the key set itself (network, bad JWKS document): our problem, not the client's. */
class KeySetUnavailable extends Error {}

export function createTokenVerifier(config: AuthConfig, options: TokenVerifierOptions = {}): TokenVerifier {
  const keySet = keySetFor(config, options);
  const secret = config.mode === 'hosted' && config.jwtSecret ? new TextEncoder().encode(config.jwtSecret) : undefined;
  const algorithms: string[] = secret ? [...asymmetricAlgorithms, 'HS256'] : [...asymmetricAlgorithms];

  const getKey = async (header: JWSHeaderParameters, token: Parameters<JWTVerifyGetKey>[1]) => {
    if (header.alg === 'HS256' && secret) return secret;
    try {
      return await keySet(header, token);
    } catch (error) {
      if (error instanceof errors.JWKSNoMatchingKey || error instanceof errors.JWKSMultipleMatchingKeys) throw error;
      throw new KeySetUnavailable(error instanceof Error ? error.message : String(error), { cause: error });
    }
  };

  // A signature check costs more than the rest of a small request: a token verified moments ago is taken as it
  // was, until it expires and at most `verifiedTokenCacheMs` (a revoked signing key stops working within that);
  // whether its session still stands is checked with every request anyway (Database.asSession).
  const verified = new Map<string, { claims: JwtClaims; until: number }>();
  const clock = () => (options.now ? options.now().getTime() : Date.now());

  return {
    async verify(token) {
      if (typeof token !== 'string' || !token) throw unauthorized('No access token was given.');
      const cached = verified.get(token);
      if (cached && cached.until > clock()) return cached.claims;
      if (cached) verified.delete(token);
      const claims = await verifySignedToken(token);
      const exp = typeof claims.exp === 'number' ? claims.exp * 1000 : 0;
      if (verified.size >= verifiedTokenCacheSize) verified.delete(verified.keys().next().value!);
      verified.set(token, { claims, until: Math.min(exp, clock() + verifiedTokenCacheMs) });
      return claims;
    },
  };

  async function verifySignedToken(token: string): Promise<JwtClaims> {
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(token, getKey, {
        algorithms,
        issuer: config.issuer,
        audience: config.audience,
        clockTolerance: clockToleranceSeconds,
        requiredClaims: ['exp'],
        ...(options.now ? { currentDate: options.now() } : {}),
      }));
    } catch (error) {
      throw rejection(error);
    }
    const { sub, role } = payload;
    if (typeof sub !== 'string' || !sub) throw unauthorized('The access token has no subject (sub): it is not a user token.');
    if (!uuidPattern.test(sub)) throw unauthorized('The access token subject (sub) is not a user id.');
    if (typeof role !== 'string' || !role) throw unauthorized('The access token has no role claim.');
    return payload as JwtClaims;
  }
}

/** How many verified tokens are remembered, and for how long at most. */
export const verifiedTokenCacheSize = 10_000;
export const verifiedTokenCacheMs = 5 * 60_000;

function keySetFor(config: AuthConfig, options: TokenVerifierOptions) {
  if (options.keys) return createLocalJWKSet(options.keys);
  // Cached by jose: refetched at most every 30 s when an unknown kid shows up, and after 10 min anyway.
  return createRemoteJWKSet(new URL(config.jwksUrl), options.fetch ? { [customFetch]: options.fetch } : {});
}

function unauthorized(message: string): HttpError {
  return new HttpError(401, 'unauthorized', message);
}

/** Turns what jwtVerify threw into the 401 (or, when the JWKS cannot be had, 503) the client sees. */
function rejection(error: unknown): HttpError {
  if (error instanceof KeySetUnavailable) {
    return new HttpError(503, 'unavailable', 'The signing keys of the auth server could not be fetched. Please try again.');
  }
  if (error instanceof errors.JWTExpired) return unauthorized('The access token has expired. Refresh the session and try again.');
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'aud') return unauthorized('The access token was not issued for this api (wrong audience).');
    if (error.claim === 'iss') return unauthorized('The access token was issued by another auth server (wrong issuer).');
    if (error.claim === 'exp') return unauthorized('The access token has no valid expiry (exp).');
    return unauthorized(`The access token has an invalid "${error.claim}" claim.`);
  }
  if (error instanceof errors.JOSEAlgNotAllowed || error instanceof errors.JOSENotSupported) {
    return unauthorized('The access token is signed with an algorithm this api does not accept.');
  }
  if (error instanceof errors.JWKSNoMatchingKey || error instanceof errors.JWKSMultipleMatchingKeys) {
    return unauthorized('The access token is signed with an unknown key.');
  }
  if (error instanceof errors.JWSSignatureVerificationFailed) return unauthorized('The access token signature is invalid.');
  if (error instanceof errors.JOSEError) return unauthorized('The access token is malformed.');
  return unauthorized('The access token could not be verified.');
}
