// Test helpers: an app with the stand-in mounted on a store of the test's choice, a throwaway signing key, and
// request helpers. The api's tests use them too (through @ringwise/auth-stand-in/testing).
import { isIP } from 'node:net';
import { expect } from 'bun:test';
import { Elysia } from 'elysia';
import { calculateJwkThumbprint, decodeJwt, exportJWK, generateKeyPair } from 'jose';
import { authStandIn, type AuthStandInLogger } from './index.ts';
import { importSigningKey, type SigningKey } from './keys.ts';
import { createMemoryAuthStore } from './memory-store.ts';
import type { GoTrueErrorBody, GoTrueSession } from './model.ts';
import type { AuthDatabase, AuthLimits, ClientAddress, Limiter, MailMessage, Mailer } from './ports.ts';
import type { PasswordHashing } from './service.ts';
import { createSqlAuthStore, type AuthStore } from './store.ts';

/** The site of the tests' stand-in (GoTrue's SITE_URL) and the issuer of its tokens. */
export const testSiteUrl = 'http://localhost';
export const testIssuer = `${testSiteUrl}/auth/v1`;

/** Cheap argon2id parameters: tests hash dozens of passwords. */
export const fastHashing: PasswordHashing = { memoryCost: 1024, timeCost: 1 };

/** Limits no ordinary test reaches (the rate-limit tests set their own). */
export const relaxedRateLimits: AuthLimits = {
  signIn: { limit: 10_000, windowSeconds: 300 },
  signUp: { limit: 10_000, windowSeconds: 3600 },
  refresh: { limit: 10_000, windowSeconds: 3600 },
  signInFailures: { freeFailures: 10_000, maxSeconds: 900 },
};

/** A fresh in-memory ES256 signing key (nothing written to disk). */
export async function createTestSigningKey(): Promise<SigningKey> {
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  const jwk = await exportJWK(privateKey);
  return importSigningKey({ ...jwk, kid: await calculateJwkThumbprint(jwk), alg: 'ES256' });
}

/** A limiter that never limits: the limits' own tests give the stand-in a real one (the api's, in the api's tests). */
export const unlimited: Limiter = {
  hit: async () => null,
  backoff: async () => null,
  failed: async () => {},
  succeeded: async () => {},
};

/** The tests' client address: the last X-Forwarded-For entry, as behind one trusted proxy. */
export const lastForwardedFor: ClientAddress = (request) => {
  const last = request.headers.get('x-forwarded-for')?.split(',').at(-1)?.trim() ?? '';
  return isIP(last) ? last : null;
};

export interface TestAuthServerOptions {
  /** Default: an in-memory store, on the test's clock. */
  store?: AuthStore;
  /** Instead of `store`: the SQL store on this database. */
  db?: AuthDatabase;
  /** Default: `unlimited`. */
  limiter?: Limiter;
  limits?: Partial<AuthLimits>;
  /** Default: `lastForwardedFor` (each test's X-Forwarded-For is its client). */
  clientAddress?: ClientAddress;
  now?: () => Date;
  log?: AuthStandInLogger;
  /** GOTRUE_MAILER_SECURE_EMAIL_CHANGE_ENABLED (default true, as GoTrue's). */
  secureEmailChange?: boolean;
  /** Default: a recording mailer (`mailer.sent`); the api's tests give a real one. */
  mailer?: Mailer;
  /** Default: a fresh one. */
  signingKey?: SigningKey;
}

/** A mailer that keeps what it was given (`sent`), for reading the links of e-mails. */
export interface RecordingMailer extends Mailer {
  readonly sent: MailMessage[];
}

export function createRecordingMailer(): RecordingMailer {
  const sent: MailMessage[] = [];
  return {
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
  issuer: string;
  /** The recording mailer (nothing in `sent` when the test gave its own). */
  mailer: RecordingMailer;
}

export async function createTestAuthServer(options: TestAuthServerOptions = {}): Promise<TestAuthServer> {
  const signingKey = options.signingKey ?? (await createTestSigningKey());
  const store = options.store ?? (options.db ? createSqlAuthStore(options.db) : createMemoryAuthStore(options.now));
  const recording = createRecordingMailer();
  const mailer = options.mailer ?? recording;
  const app = new Elysia().use(
    authStandIn({
      store,
      issuer: testIssuer,
      signingKey,
      passwordHashing: fastHashing,
      limiter: options.limiter ?? unlimited,
      limits: { ...relaxedRateLimits, ...options.limits },
      clientAddress: options.clientAddress ?? lastForwardedFor,
      ...(options.now ? { now: options.now } : {}),
      log: options.log ?? (() => {}),
      siteUrl: testSiteUrl,
      mailer,
      ...(options.secureEmailChange === undefined ? {} : { secureEmailChange: options.secureEmailChange }),
    }),
  );
  return { app, store, signingKey, issuer: testIssuer, mailer: recording };
}

type Handler = TestAuthServer['app'];

/** Expects GoTrue's error shape: the status (also as `code`), the error code and, when given, the message. */
export async function expectGoTrueError(res: Response, status: number, errorCode: string, msg?: string | RegExp): Promise<GoTrueErrorBody> {
  const body = (await res.json()) as GoTrueErrorBody;
  expect({ status: res.status, code: body.code, error_code: body.error_code }).toEqual({ status, code: status, error_code: errorCode as never });
  if (msg !== undefined) expect(body.msg).toMatch(msg);
  return body;
}

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
