import { beforeAll, describe, expect, test } from 'bun:test';
import { exportJWK, generateKeyPair } from 'jose';
import { HttpError } from '../plugins/errors.ts';
import { loadAuthConfig } from './config.ts';
import { createTestSigningKey, signTestToken, testLocalAuthConfig, testPublicUrl, testUserId, unsignedToken, type SigningKey } from './testing.ts';
import { createTokenVerifier, type TokenVerifier } from './verify.ts';

const now = () => Math.floor(Date.now() / 1000);
const userClaims = { sub: testUserId, role: 'authenticated', email: 'ada@example.test' };

async function rejection(verifier: TokenVerifier, token: string): Promise<HttpError> {
  try {
    await verifier.verify(token);
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  throw new Error('the token was accepted');
}

async function expectUnauthorized(verifier: TokenVerifier, token: string, message: RegExp) {
  const error = await rejection(verifier, token);
  expect(error.status).toBe(401);
  expect(error.code).toBe('unauthorized');
  expect(error.message).toMatch(message);
}

describe('local mode', () => {
  let key: SigningKey;
  let verifier: TokenVerifier;
  beforeAll(async () => {
    key = await createTestSigningKey();
    verifier = createTokenVerifier(testLocalAuthConfig(), { keys: key.jwks });
  });

  test('accepts a good token and returns its claims', async () => {
    const claims = await verifier.verify(await signTestToken(key.privateKey, userClaims, { kid: key.kid }));
    expect(claims).toMatchObject({ ...userClaims, aud: 'authenticated', iss: 'http://localhost/auth/v1' });
  });

  test('a token verified before is taken again without a signature check, but never past its expiry', async () => {
    let clock = Date.now();
    const timed = createTokenVerifier(testLocalAuthConfig(), { keys: key.jwks, now: () => new Date(clock) });
    const token = await signTestToken(key.privateKey, userClaims, { kid: key.kid, exp: Math.floor(clock / 1000) + 60 });
    const first = await timed.verify(token);
    expect(await timed.verify(token)).toBe(first);
    clock += 70_000;
    await expectUnauthorized(timed, token, /expired/);
  });

  test('tolerates a few seconds of clock skew, no more', async () => {
    await verifier.verify(await signTestToken(key.privateKey, userClaims, { kid: key.kid, exp: now() - 3 }));
    await expectUnauthorized(verifier, await signTestToken(key.privateKey, userClaims, { kid: key.kid, exp: now() - 60 }), /expired/);
  });

  test('rejects a token signed by another key', async () => {
    const other = await createTestSigningKey();
    // Same kid, other key: the signature does not verify.
    await expectUnauthorized(verifier, await signTestToken(other.privateKey, userClaims, { kid: key.kid }), /signature is invalid/);
    // Unknown kid.
    await expectUnauthorized(verifier, await signTestToken(other.privateKey, userClaims, { kid: other.kid }), /unknown key/);
  });

  test('rejects alg none', async () => {
    const claims = { ...userClaims, iss: 'http://localhost/auth/v1', aud: 'authenticated', exp: now() + 600, iat: now() };
    await expectUnauthorized(verifier, unsignedToken(claims), /algorithm|malformed/);
  });

  test('rejects a wrong audience and a wrong issuer', async () => {
    await expectUnauthorized(verifier, await signTestToken(key.privateKey, userClaims, { kid: key.kid, audience: 'anon' }), /audience/);
    await expectUnauthorized(
      verifier,
      await signTestToken(key.privateKey, userClaims, { kid: key.kid, issuer: 'https://evil.example/auth/v1' }),
      /issuer/,
    );
  });

  test('rejects HS256 (no secret exists in local mode)', async () => {
    const secret = new TextEncoder().encode('x'.repeat(40));
    await expectUnauthorized(verifier, await signTestToken(secret, userClaims, { alg: 'HS256' }), /algorithm/);
  });

  test('rejects a token without sub, with a non-uuid sub, or without role', async () => {
    await expectUnauthorized(verifier, await signTestToken(key.privateKey, { role: 'anon' }, { kid: key.kid }), /no subject/);
    await expectUnauthorized(verifier, await signTestToken(key.privateKey, { sub: 'root', role: 'authenticated' }, { kid: key.kid }), /not a user id/);
    await expectUnauthorized(verifier, await signTestToken(key.privateKey, { sub: testUserId }, { kid: key.kid }), /role/);
  });

  test('rejects garbage and empty tokens', async () => {
    await expectUnauthorized(verifier, 'garbage', /malformed/);
    await expectUnauthorized(verifier, 'a.b.c', /malformed/);
    await expectUnauthorized(verifier, '', /No access token/);
  });

  test('without keys given, the stand-in\'s published JWKS is fetched, as a hosted project\'s is', async () => {
    const key = await createTestSigningKey();
    const fetched: string[] = [];
    const fromStandIn = createTokenVerifier(testLocalAuthConfig(), {
      fetch: (async (url: string) => {
        fetched.push(url);
        return Response.json(key.jwks);
      }) as never,
    });
    const token = await signTestToken(key.privateKey, userClaims, { kid: key.kid });
    expect((await fromStandIn.verify(token)).sub).toBe(testUserId);
    expect(fetched).toEqual([`${testPublicUrl}/auth/v1/.well-known/jwks.json`]);
  });
});

describe('hosted mode (JWKS served by a stub fetch)', () => {
  const hostedEnv = { SUPABASE_URL: 'https://abcd.supabase.co' };
  const issuer = 'https://abcd.supabase.co/auth/v1';
  const secret = 's'.repeat(40);
  let es: SigningKey;
  let rsa: CryptoKey;
  let jwksBody: string;
  let fetches: string[];
  let fetchFails = false;

  const stubFetch = async (url: string) => {
    fetches.push(url);
    if (fetchFails) throw new TypeError('fetch failed');
    return new Response(jwksBody, { headers: { 'content-type': 'application/json' } });
  };

  beforeAll(async () => {
    es = await createTestSigningKey();
    const pair = await generateKeyPair('RS256', { extractable: true });
    rsa = pair.privateKey;
    const rsaPublic = { ...(await exportJWK(pair.publicKey)), kid: 'rsa-1', alg: 'RS256', use: 'sig' };
    jwksBody = JSON.stringify({ keys: [es.publicJwk, rsaPublic] });
  });

  const verifierWith = (env: Record<string, string>) => {
    fetches = [];
    fetchFails = false;
    return createTokenVerifier(loadAuthConfig(env), { fetch: stubFetch as never });
  };

  test('accepts ES256 and RS256 tokens from the project JWKS, fetched once and cached', async () => {
    const verifier = verifierWith(hostedEnv);
    const esToken = await signTestToken(es.privateKey, userClaims, { kid: es.kid, issuer });
    const rsToken = await signTestToken(rsa, userClaims, { alg: 'RS256', kid: 'rsa-1', issuer });
    expect((await verifier.verify(esToken)).sub).toBe(testUserId);
    expect((await verifier.verify(rsToken)).sub).toBe(testUserId);
    expect(fetches).toEqual(['https://abcd.supabase.co/auth/v1/.well-known/jwks.json']);
  });

  test('rejects a token issued for local mode (wrong issuer), and HS256 when no secret is configured', async () => {
    const verifier = verifierWith(hostedEnv);
    await expectUnauthorized(verifier, await signTestToken(es.privateKey, userClaims, { kid: es.kid }), /issuer/);
    await expectUnauthorized(
      verifier,
      await signTestToken(new TextEncoder().encode(secret), userClaims, { alg: 'HS256', issuer }),
      /algorithm/,
    );
  });

  test('accepts HS256 with SUPABASE_JWT_SECRET, and rejects another secret', async () => {
    const verifier = verifierWith({ ...hostedEnv, SUPABASE_JWT_SECRET: secret });
    const good = await signTestToken(new TextEncoder().encode(secret), userClaims, { alg: 'HS256', issuer });
    expect((await verifier.verify(good)).email).toBe('ada@example.test');
    const bad = await signTestToken(new TextEncoder().encode('t'.repeat(40)), userClaims, { alg: 'HS256', issuer });
    await expectUnauthorized(verifier, bad, /signature is invalid/);
    // ES256 still works next to the secret.
    expect((await verifier.verify(await signTestToken(es.privateKey, userClaims, { kid: es.kid, issuer }))).sub).toBe(testUserId);
  });

  test('an unreachable JWKS is a 503, not a 401', async () => {
    const verifier = verifierWith(hostedEnv);
    fetchFails = true;
    const error = await rejection(verifier, await signTestToken(es.privateKey, userClaims, { kid: es.kid, issuer }));
    expect(error.status).toBe(503);
  });
});
