// Test helpers: an app with the auth server mounted on a store of the test's choice, and request helpers.
import { Elysia } from 'elysia';
import { decodeJwt } from 'jose';
import type { SigningKey } from '../../auth/keys.ts';
import { createTestSigningKey, testLocalAuthConfig, testPublicUrl } from '../../auth/testing.ts';
import type { MailMessage, Mailer } from '../../mail/mailer.ts';
import { createTokenVerifier, type TokenVerifier } from '../../auth/verify.ts';
import { errors } from '../../plugins/errors.ts';
import { authServer, type AuthServerLogger } from './index.ts';
import { createMemoryAuthStore } from './memory-store.ts';
import type { GoTrueSession } from './model.ts';
import type { PasswordHashing } from './service.ts';
import { createLimiter } from '../../limits/limiter.ts';
import { createMemoryRateLimitStore } from '../../limits/store.ts';
import { clientAddress } from '../../limits/client-address.ts';
import type { AuthLimits, Limiter } from './ports.ts';
import type { AuthStore } from './store.ts';

/** Cheap argon2id parameters: tests hash dozens of passwords. */
export const fastHashing: PasswordHashing = { memoryCost: 1024, timeCost: 1 };

/** Limits no ordinary test reaches (the rate-limit tests set their own). */
export const relaxedRateLimits: AuthLimits = {
  signIn: { limit: 10_000, windowSeconds: 300 },
  signUp: { limit: 10_000, windowSeconds: 3600 },
  refresh: { limit: 10_000, windowSeconds: 3600 },
  signInFailures: { freeFailures: 10_000, maxSeconds: 900 },
};

export interface TestAuthServerOptions {
  store?: AuthStore;
  /** Default: one in this process's memory, on the test's clock. */
  limiter?: Limiter;
  limits?: Partial<AuthLimits>;
  /** TRUSTED_PROXY_HOPS of the server (default 1: each test's X-Forwarded-For is its client). */
  trustedProxyHops?: number;
  now?: () => Date;
  log?: AuthServerLogger;
  /** GOTRUE_MAILER_SECURE_EMAIL_CHANGE_ENABLED (default true, as GoTrue's). */
  secureEmailChange?: boolean;
}

/** A mailer that keeps what it was given (`sent`), for reading the links of e-mails. */
export interface RecordingMailer extends Mailer {
  readonly sent: MailMessage[];
}

export function createRecordingMailer(): RecordingMailer {
  const sent: MailMessage[] = [];
  return {
    destination: 'memory',
    sent,
    async send(message) {
      sent.push(message);
    },
  };
}

/** The e-mail link in a message's text (the one of the newest message to `to` when several were sent). */
export function linkIn(mailer: RecordingMailer, to: string): string {
  const mail = mailer.sent.findLast((m) => m.to === to.toLowerCase());
  const link = mail?.text.match(/https?:\/\/\S+\/auth\/v1\/verify\?\S+/)?.[0];
  if (!link) throw new Error(`no e-mail link was sent to ${to}`);
  return link;
}

export interface TestAuthServer {
  app: { handle(request: Request): Promise<Response> };
  store: AuthStore;
  signingKey: SigningKey;
  verifier: TokenVerifier;
  issuer: string;
  mailer: RecordingMailer;
}

export async function createTestAuthServer(options: TestAuthServerOptions = {}): Promise<TestAuthServer> {
  const config = testLocalAuthConfig();
  const signingKey = await createTestSigningKey();
  const verifier = createTokenVerifier(config, { keys: signingKey.jwks, ...(options.now ? { now: options.now } : {}) });
  const store = options.store ?? createMemoryAuthStore(options.now);
  const mailer = createRecordingMailer();
  const hops = options.trustedProxyHops ?? 1;
  const app = new Elysia().use(errors({ log: () => {} })).use(
    authServer({
      store,
      issuer: config.issuer,
      signingKey,
      passwordHashing: fastHashing,
      limiter: options.limiter ?? createLimiter(createMemoryRateLimitStore(), options.now),
      limits: { ...relaxedRateLimits, ...options.limits },
      clientAddress: (request, server) => clientAddress(request, server, hops),
      ...(options.now ? { now: options.now } : {}),
      log: options.log ?? (() => {}),
      siteUrl: testPublicUrl,
      mailer,
      ...(options.secureEmailChange === undefined ? {} : { secureEmailChange: options.secureEmailChange }),
    }),
  );
  return { app, store, signingKey, verifier, issuer: config.issuer, mailer };
}

type Handler = TestAuthServer['app'];

export function request(app: Handler, method: string, path: string, options: { body?: unknown; token?: string; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const body = options.body === undefined ? undefined : typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
  return app.handle(new Request(`http://localhost${path}`, { method, headers, ...(body === undefined ? {} : { body }) }));
}

export const signUp = (app: Handler, email: string, password = 'correct horse battery', headers?: Record<string, string>) =>
  request(app, 'POST', '/auth/v1/signup', { body: { email, password }, ...(headers ? { headers } : {}) });

export const signIn = (app: Handler, email: string, password: string, headers?: Record<string, string>) =>
  request(app, 'POST', '/auth/v1/token?grant_type=password', { body: { email, password }, ...(headers ? { headers } : {}) });

export const refresh = (app: Handler, refreshToken: string) =>
  request(app, 'POST', '/auth/v1/token?grant_type=refresh_token', { body: { refresh_token: refreshToken } });

/** Signs up and returns the session (fails the test when the answer is not 200). */
export async function signedUpSession(app: Handler, email: string, password?: string): Promise<GoTrueSession> {
  const res = await signUp(app, email, password);
  if (res.status !== 200) throw new Error(`sign-up answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as GoTrueSession;
}

export function sessionIdOf(session: GoTrueSession): string {
  return String(decodeJwt(session.access_token).session_id);
}

let counter = 0;
/** A unique e-mail address, in mixed case so that normalisation is exercised. */
export function uniqueEmail(label = 'User'): string {
  counter += 1;
  return `${label}.${Date.now().toString(36)}${counter}@Example.TEST`;
}
