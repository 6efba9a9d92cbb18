// Test helpers: a throwaway signing key, the local auth config, the Supabase Auth stand-in beside an app under test
// (its routes reached as its own process's would be: /auth/v1/* sent to it, the rest to the app), and hand-made
// tokens (good and bad). The stand-in is @ringwise/auth-stand-in; modules under src/modules never import it.
import { join } from 'node:path';
import { SignJWT, type CryptoKey, type JWTPayload } from 'jose';
import { loadOrCreateSigningKey, type SigningKey } from '@ringwise/auth-stand-in/keys';
import { issueServiceRoleKey } from '@ringwise/auth-stand-in/service-role';
import { createTestAuthServer, createTestSigningKey, type TestAuthServerOptions } from '@ringwise/auth-stand-in/testing';
import type { Database } from '../db/database.ts';
import type { FetchFunction } from '../payments/stripe-client.ts';
import type { ApiServices } from '../services.ts';
import { createAuthAdmin } from './admin-client.ts';
import { loadAuthConfig, type LocalAuthConfig } from './config.ts';
import { createTokenVerifier } from './verify.ts';

export type { SigningKey };
export { createTestSigningKey };

export const testPublicUrl = 'http://localhost';

/** The local auth config of tests: the stand-in at http://localhost (issuer http://localhost/auth/v1). */
export function testLocalAuthConfig(dataDir = '/tmp/ringwise-test-auth'): LocalAuthConfig {
  const config = loadAuthConfig({ AUTH_STAND_IN_URL: testPublicUrl }, dataDir);
  if (config.mode !== 'local') throw new Error('expected local auth mode');
  return config;
}

type Handles = { handle(request: Request): Promise<Response> };

/** Whether a request is for the Auth server (its /auth/v1 routes), not the api. */
const forAuth = (request: Request) => new URL(request.url).pathname.startsWith('/auth/v1/');

export interface TestAuthStandIn {
  /** What to put in ApiServices.auth: the config, a verifier trusting the stand-in's key, the official admin client. */
  auth: ApiServices['auth'];
  signingKey: SigningKey;
  /** The service_role key the admin client sends. */
  serviceRoleKey: string;
  /** The stand-in's own routes, as its process serves them. */
  standIn: Handles;
  /** `app`'s requests, with those for /auth/v1 going to the stand-in (as a browser's go to its origin). */
  withApp(app: Handles): Handles;
}

/**
 * The Supabase Auth stand-in on `db` (the api's database, as GoTrue's is the project's), as its process runs it but
 * in this process. With `transport`, each request of the admin client goes through it first (a failing Auth server).
 */
export type TestAuthStandInOptions = Omit<TestAuthServerOptions, 'db' | 'store'> & {
  transport?: (request: Request, next: (request: Request) => Promise<Response>) => Promise<Response>;
};

export async function createTestAuthStandIn(db: Pick<Database, 'privileged'>, options: TestAuthStandInOptions = {}): Promise<TestAuthStandIn> {
  const { transport, ...serverOptions } = options;
  const server = await createTestAuthServer({ ...serverOptions, db });
  const config = testLocalAuthConfig();
  const serviceRoleKey = await issueServiceRoleKey(server.signingKey);
  const standIn = server.app;
  const toStandIn: FetchFunction = (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    return transport ? transport(request, (r) => standIn.handle(r)) : standIn.handle(request);
  };
  const admin = createAuthAdmin({ url: config.issuer, serviceRoleKey, fetch: toStandIn });
  return {
    auth: { config, verifier: createTokenVerifier(config, { keys: server.signingKey.jwks }), admin },
    signingKey: server.signingKey,
    serviceRoleKey,
    standIn,
    withApp: (app) => ({ handle: (request) => (forAuth(request) ? standIn.handle(request) : app.handle(request)) }),
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

/** Signs a user's session token as the Supabase Auth stand-in of `standInUrl` does (benchmarks of the api in its own
 *  process): with the key it keeps in DATA_DIR `dataDir`, issued at its URL. */
export async function localApiTokenSigner(dataDir: string, standInUrl: string): Promise<(userId: string, sessionId: string) => Promise<string>> {
  const key = await loadOrCreateSigningKey(join(dataDir, 'auth', 'signing-key.json'));
  const issuer = `${standInUrl}/auth/v1`;
  return (userId, sessionId) => signTestToken(key.privateKey, { sub: userId, role: 'authenticated', session_id: sessionId }, { kid: key.kid, issuer });
}

/** An unsigned token (`alg: none`) carrying otherwise perfect claims. */
export function unsignedToken(claims: Record<string, unknown>): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'none', typ: 'JWT' })}.${encode(claims)}.`;
}
