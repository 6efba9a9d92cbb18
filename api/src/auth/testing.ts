// Test helpers: a throwaway signing key, the local auth config, the auth services of an app under test, and
// hand-made tokens (good and bad). The signing keys are the Supabase Auth stand-in's (@ringwise/auth-stand-in):
// the api's tests reach them here, and modules under src/modules never import the stand-in.
import { SignJWT, type CryptoKey, type JWTPayload } from 'jose';
import { loadOrCreateSigningKey, type SigningKey } from '@ringwise/auth-stand-in/keys';
import { issueServiceRoleKey } from '@ringwise/auth-stand-in/service-role';
import { createTestSigningKey } from '@ringwise/auth-stand-in/testing';
import type { FetchFunction } from '../payments/stripe-client.ts';
import type { ApiServices } from '../services.ts';
import { createAuthAdmin } from './admin-client.ts';
import { loadAuthConfig, type LocalAuthConfig } from './config.ts';
import { createTokenVerifier } from './verify.ts';

export type { SigningKey };
export { createTestSigningKey };

export const testPublicUrl = 'http://localhost';

/** The local auth config of tests: issuer http://localhost/auth/v1, keys in a throwaway directory. */
export function testLocalAuthConfig(dataDir = '/tmp/ringwise-test-auth'): LocalAuthConfig {
  const config = loadAuthConfig({}, testPublicUrl, dataDir);
  if (config.mode !== 'local') throw new Error('expected local auth mode');
  return config;
}

export interface TestAuthServices {
  /** What to put in ApiServices.auth: the local stand-in's key and verifier, and the official admin client. */
  auth: ApiServices['auth'] & { signingKey: SigningKey };
  /** The service_role key the admin client sends. */
  serviceRoleKey: string;
  /** Sends the admin client's requests to this app (through `app.handle`) from now on. */
  attach(app: { handle(request: Request): Promise<Response> }): void;
}

/**
 * Auth of an app under test, as createAuthServices makes it without SUPABASE_URL, but with an in-memory key and the
 * admin client reaching the app through `app.handle` (no port). Create it before the app, then `attach(app)`. With
 * `transport`, each request of the admin client goes through it first (a test's failing Auth server).
 */
export async function createTestAuthServices(transport?: (request: Request, next: (request: Request) => Promise<Response>) => Promise<Response>): Promise<TestAuthServices> {
  const signingKey = await createTestSigningKey();
  const config = testLocalAuthConfig();
  const serviceRoleKey = await issueServiceRoleKey(signingKey);
  let target: { handle(request: Request): Promise<Response> } | null = null;
  const viaApp: FetchFunction = (input, init) => {
    if (!target) throw new Error('createTestAuthServices: call attach(app) before using the admin client');
    const app = target;
    const request = input instanceof Request ? input : new Request(input, init);
    return transport ? transport(request, (r) => app.handle(r)) : app.handle(request);
  };
  const admin = createAuthAdmin({ url: `${testPublicUrl}/auth/v1`, serviceRoleKey, fetch: viaApp });
  return {
    auth: { config, verifier: createTokenVerifier(config, { keys: signingKey.jwks }), signingKey, admin },
    serviceRoleKey,
    attach(app) {
      target = app;
    },
  };
}

export interface TestTokenOptions {
  alg?: 'ES256' | 'RS256' | 'HS256';
  kid?: string;
  issuer?: string;
  audience?: string;
  /** Unix seconds; default one hour from now. */
  exp?: number;
  /** Unix seconds; default now. */
  iat?: number;
}

export const testUserId = '6f1c2b9e-3a4d-4e5f-8a7b-9c0d1e2f3a4b';

/** Signs claims (default: a signed-in user's) with `key`. */
export async function signTestToken(
  key: CryptoKey | Uint8Array,
  claims: JWTPayload = { sub: testUserId, role: 'authenticated', email: 'ada@example.test' },
  options: TestTokenOptions = {},
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: options.alg ?? 'ES256', typ: 'JWT', ...(options.kid ? { kid: options.kid } : {}) })
    .setIssuer(options.issuer ?? `${testPublicUrl}/auth/v1`)
    .setAudience(options.audience ?? 'authenticated')
    .setIssuedAt(options.iat ?? now)
    .setExpirationTime(options.exp ?? now + 3600)
    .sign(key);
}

/** Signs a user's session token as an api running in local auth mode accepts it (benchmarks of the api in its own
 *  process): with the key the api keeps in its DATA_DIR `dataDir`, issued at its public URL. */
export async function localApiTokenSigner(dataDir: string, publicUrl: string): Promise<(userId: string, sessionId: string) => Promise<string>> {
  const config = loadAuthConfig({}, publicUrl, dataDir);
  if (config.mode !== 'local') throw new Error('expected local auth mode');
  const key = await loadOrCreateSigningKey(config.signingKeyFile);
  return (userId, sessionId) =>
    signTestToken(key.privateKey, { sub: userId, role: 'authenticated', session_id: sessionId }, { kid: key.kid, issuer: config.issuer });
}

/** An unsigned token (`alg: none`) carrying otherwise perfect claims. */
export function unsignedToken(claims: Record<string, unknown>): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'none', typ: 'JWT' })}.${encode(claims)}.`;
}
