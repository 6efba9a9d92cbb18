// The Supabase Auth stand-in (@ringwise/auth-stand-in) as the api runs it: its limits on the api's limiter (sign-ins
// and sign-ups per client address, each account's failure backoff, refreshes per session, shared by api processes
// through PostgreSQL or Redis), its tables in the api's database (the profile trigger), its mails through the api's
// mailer, and its tokens accepted by the api's verifier. The stand-in's own tests are in its package.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { GoTrueSession } from '@ringwise/auth-stand-in';
import { simpleParser } from 'mailparser';
import {
  createTestAuthServer,
  expectGoTrueError,
  refresh,
  signedUpSession,
  signIn,
  signUp,
  uniqueEmail,
  type TestAuthServerOptions,
} from '@ringwise/auth-stand-in/testing';
import { createApp } from '../app.ts';
import { createTestDatabase, createTestPglite, postgresReachable, type TestDatabase } from '../db/testing.ts';
import { clientAddress } from '../limits/client-address.ts';
import { createLimiter } from '../limits/limiter.ts';
import { createRedisRateLimitStore } from '../limits/redis-store.ts';
import { createMemoryRateLimitStore, createSqlRateLimitStore, type RateLimitStore } from '../limits/store.ts';
import { createMailer } from '../mail/mailer.ts';
import { billingTestApp, type BillingTestApp } from '../modules/billing/testing.ts';
import { createRateService } from '../modules/rates/service.ts';
import { testConfig } from '../testing/fixtures.ts';
import { createTestSigningKey, testLocalAuthConfig, testPublicUrl } from './testing.ts';
import { createTokenVerifier } from './verify.ts';

const strong = 'correct horse battery';
const password = strong;

const hasPostgres = await postgresReachable();

/** The stand-in on the api's limiter (in this process's memory, on the test's clock), the client address read as
 *  the api reads it behind one trusted proxy. */
const withApiLimits = (options: TestAuthServerOptions = {}) =>
  createTestAuthServer({
    limiter: createLimiter(createMemoryRateLimitStore(), options.now),
    clientAddress: (request, server) => clientAddress(request, server, 1),
    ...options,
  });

describe('its tokens', () => {
  test('a session the stand-in answers is accepted by the api\'s verifier (through the stand-in\'s public keys)', async () => {
    const server = await createTestAuthServer();
    const session = await signedUpSession(server.app, uniqueEmail());
    const verifier = createTokenVerifier(testLocalAuthConfig(), { keys: server.signingKey.jwks });
    expect((await verifier.verify(session.access_token)).sub).toBe(session.user.id);
  });
});

describe('its tables in the api\'s database (PGlite)', () => {
  test('a new user gets a public.users profile', async () => {
    const db = await createTestPglite();
    try {
      const { app } = await createTestAuthServer({ db });
      const session = await signedUpSession(app, uniqueEmail());
      const profiles = await db.privileged((sql) => sql.query('select 1 from public.users where id = $1', [session.user.id]));
      expect(profiles).toHaveLength(1);
    } finally {
      await db.close();
    }
  });
});

describe('rate limits on the api\'s limiter', () => {
  test('sign-in: 429 over_request_rate_limit with Retry-After past the limit, per client IP, until the window ends', async () => {
    let clock = Date.now();
    const now = () => new Date(clock);
    const { app } = await withApiLimits({ now, limits: { signIn: { limit: 3, windowSeconds: 300 } } });
    const email = uniqueEmail();
    await signedUpSession(app, email);
    const from = (ip: string) => ({ 'x-forwarded-for': ip });
    for (let i = 0; i < 3; i++) expect((await signIn(app, email, 'wrong password', from('198.51.100.1'))).status).toBe(400);
    const limited = await signIn(app, email, 'correct horse battery', from('198.51.100.1'));
    await expectGoTrueError(limited, 429, 'over_request_rate_limit', 'Request rate limit reached');
    expect(limited.headers.get('retry-after')).toBe('300');
    // Another client is not affected.
    expect((await signIn(app, email, 'correct horse battery', from('198.51.100.2'))).status).toBe(200);
    clock += 120_000;
    expect((await signIn(app, email, 'correct horse battery', from('198.51.100.1'))).headers.get('retry-after')).toBe('180');
    clock += 181_000;
    expect((await signIn(app, email, 'correct horse battery', from('198.51.100.1'))).status).toBe(200);
  });

  test('sign-up: 429 past the limit', async () => {
    const { app } = await withApiLimits({ limits: { signUp: { limit: 2, windowSeconds: 3600 } } });
    const from = { 'x-forwarded-for': '192.0.2.9' };
    expect((await signUp(app, uniqueEmail(), undefined, from)).status).toBe(200);
    expect((await signUp(app, uniqueEmail(), 'short', from)).status).toBe(422);
    const limited = await signUp(app, uniqueEmail(), undefined, from);
    await expectGoTrueError(limited, 429, 'over_request_rate_limit');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(3500);
  });
});

describe('per-account backoff', () => {
  test('failures of one e-mail from 40 addresses: after 5, attempts wait, even with the right password; a success resets', async () => {
    let clock = Date.parse('2030-01-01T00:00:00Z');
    const now = () => new Date(clock);
    const { app } = await withApiLimits({ now, limits: { signInFailures: { freeFailures: 5, maxSeconds: 900 } } });
    const email = uniqueEmail();
    await signedUpSession(app, email);
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) statuses.push((await signIn(app, email, `wrong guess ${i}`, { 'x-forwarded-for': `203.0.113.${i}` })).status);
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(statuses.slice(5).every((s) => s === 429)).toBe(true);
    const locked = await signIn(app, email, strong, { 'x-forwarded-for': '198.51.100.77' });
    expect(locked.status).toBe(429);
    expect(locked.headers.get('retry-after')).toBe('1');
    // the sixth failure doubles the wait
    clock += 1_000;
    expect((await signIn(app, email, 'wrong again', { 'x-forwarded-for': '198.51.100.78' })).status).toBe(400);
    expect((await signIn(app, email, strong)).headers.get('retry-after')).toBe('2');
    clock += 2_000;
    expect((await signIn(app, email, strong, { 'x-forwarded-for': '198.51.100.79' })).status).toBe(200);
    expect((await signIn(app, email, 'one slip')).status).toBe(400);
    expect((await signIn(app, email, strong)).status).toBe(200);
  });

  test('the wait doubles up to 15 minutes: 75 failures never let the right password in early', async () => {
    let clock = Date.parse('2030-01-01T00:00:00Z');
    const { app } = await withApiLimits({ now: () => new Date(clock), limits: { signInFailures: { freeFailures: 5, maxSeconds: 900 } } });
    const email = uniqueEmail();
    await signedUpSession(app, email);
    let failures = 0;
    while (failures < 75) {
      const res = await signIn(app, email, 'guess', { 'x-forwarded-for': `192.0.2.${failures % 250}` });
      if (res.status === 400) failures++;
      else clock += Number(res.headers.get('retry-after')) * 1000;
    }
    const res = await signIn(app, email, strong);
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('900');
  });
});

describe('refresh per session', () => {
  test('past the limit a session is refused with 429 and Retry-After; other sessions are not', async () => {
    const { app } = await withApiLimits({ limits: { refresh: { limit: 3, windowSeconds: 3600 } } });
    const email = uniqueEmail();
    let session = await signedUpSession(app, email);
    for (let i = 0; i < 3; i++) {
      const res = await refresh(app, session.refresh_token);
      expect(res.status).toBe(200);
      session = await res.json();
    }
    const limited = await refresh(app, session.refresh_token);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(3500);
    const other = (await (await signIn(app, email, strong)).json()) as { refresh_token: string };
    expect((await refresh(app, other.refresh_token)).status).toBe(200);
  });
});

// Two api processes (two apps) on one PostgreSQL, limits in the database (default) or Redis (REDIS_URL).
describe.skipIf(!hasPostgres)('two api processes share the limits', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  async function twoApps(env: Record<string, string>, store: () => RateLimitStore) {
    const signingKey = await createTestSigningKey();
    const authConfig = testLocalAuthConfig();
    const verifier = createTokenVerifier(authConfig, { keys: signingKey.jwks });
    const make = () =>
      createApp(testConfig({ PUBLIC_URL: testPublicUrl, AUTH_SIGNIN_LIMIT: '1000', AUTH_SIGNUP_LIMIT: '1000', ...env }), {
        logError: () => {},
        services: { db: database.db, auth: { config: authConfig, verifier, signingKey }, rates: createRateService({ db: database.db }), limiter: createLimiter(store()) },
      });
    return [make(), make()] as const;
  }

  const post = (app: { handle(r: Request): Promise<Response> }, path: string, body: unknown, forwardedFor: string) =>
    app.handle(
      new Request(`${testPublicUrl}/auth/v1/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
        body: JSON.stringify(body),
      }),
    );

  async function hundredGuesses(env: Record<string, string>, store: () => RateLimitStore, addressOf: (i: number) => string) {
    const apps = await twoApps(env, store);
    const email = uniqueEmail();
    expect((await post(apps[0], 'signup', { email, password: strong }, '192.0.2.1')).status).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < 100; i++) statuses.push((await post(apps[i % 2]!, 'token?grant_type=password', { email, password: `guess ${i}` }, addressOf(i))).status);
    const rightPassword = await post(apps[1], 'token?grant_type=password', { email, password: strong }, '198.51.100.200');
    return { wrong: statuses.filter((s) => s === 400).length, limited: statuses.filter((s) => s === 429).length, rightPassword: rightPassword.status };
  }

  for (const hops of ['0', '1']) {
    test(`TRUSTED_PROXY_HOPS=${hops}: 100 wrong passwords from 100 claimed addresses are limited as from one`, async () => {
      const sql = () => createSqlRateLimitStore(database.db);
      const spread = await hundredGuesses({ TRUSTED_PROXY_HOPS: hops }, sql, (i) => `203.0.113.${i}`);
      const single = await hundredGuesses({ TRUSTED_PROXY_HOPS: hops }, sql, () => '203.0.113.1');
      expect(spread).toEqual({ wrong: 5, limited: 95, rightPassword: 429 });
      expect(single).toEqual(spread);
    });
  }

  const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  test('with the limits in Redis: the same', async () => {
    const redis = () => createRedisRateLimitStore(redisUrl);
    try {
      await redis().failureStreak('probe', new Date());
    } catch {
      console.warn('[auth hardening] no Redis: skipped');
      return;
    }
    const spread = await hundredGuesses({ TRUSTED_PROXY_HOPS: '1', REDIS_URL: redisUrl }, redis, (i) => `203.0.113.${i}`);
    expect(spread).toEqual({ wrong: 5, limited: 95, rightPassword: 429 });
  });

  test('sign-ups from made-up addresses count against the one real address (what our proxy appended)', async () => {
    const apps = await twoApps({ AUTH_SIGNUP_LIMIT: '3', TRUSTED_PROXY_HOPS: '1' }, () => createSqlRateLimitStore(database.db));
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      statuses.push((await post(apps[i % 2]!, 'signup', { email: uniqueEmail(), password: strong }, `198.51.100.${i}, 192.0.2.222`)).status);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(9);
  });
});

// The whole api on PostgreSQL, with the real mailer writing .eml files: the link in the e-mail changes auth.users,
// public.users follows (its trigger), and /api/auth/user says the new address.
describe.skipIf(!hasPostgres)('e-mail change through the api (PostgreSQL, .eml files)', () => {
  let database: TestDatabase;
  let testApp: BillingTestApp;
  const mailDir = mkdtempSync(join(tmpdir(), 'ringwise-auth-mail-'));
  beforeAll(async () => {
    database = await createTestDatabase();
    testApp = await billingTestApp(database.db, { services: { mailer: createMailer({ from: 'Ringwise <no-reply@ringwise.test>', mailDir }) } });
  });
  afterAll(async () => {
    await database?.drop();
    rmSync(mailDir, { recursive: true, force: true });
  });

  /** The link of the newest .eml file to `to`. */
  async function emailedLink(to: string): Promise<string> {
    const mails = await Promise.all(readdirSync(mailDir).sort().map(async (name) => simpleParser(readFileSync(join(mailDir, name)))));
    const mail = mails.findLast((m) => (Array.isArray(m.to) ? m.to : [m.to]).some((a) => a?.text === to));
    const link = mail?.text?.match(/http:\/\/localhost\/auth\/v1\/verify\?\S+/)?.[0];
    if (!link) throw new Error(`no link mailed to ${to}`);
    return link;
  }

  test('PUT /auth/v1/user, then both links: GET /api/auth/user shows the new address, sign-in uses it', async () => {
    const { call } = testApp;
    const email = `before-${crypto.randomUUID()}@example.com`;
    const newEmail = `after-${crypto.randomUUID()}@example.com`;
    const signedUp = (await (await call('POST', '/auth/v1/signup', undefined, { email, password })).json()) as GoTrueSession;
    const token = signedUp.access_token;
    expect((await call('PUT', '/auth/v1/user', token, { email: newEmail })).status).toBe(200);
    const profileEmail = async () => ((await (await call('GET', '/api/auth/user', token)).json()) as { email: string }).email;
    expect(await profileEmail()).toBe(email);

    const toNew = await emailedLink(newEmail);
    const toCurrent = await emailedLink(email);
    // without an allowed redirect_to the links lead to the site (PUBLIC_URL)
    expect(toNew).toMatch(/&redirect_to=http:\/\/localhost$/);
    expect((await call('GET', toNew)).headers.get('location')).toStartWith('http://localhost#message=');
    expect(await profileEmail()).toBe(email);
    const location = (await call('GET', toCurrent)).headers.get('location')!;
    expect(location).toStartWith('http://localhost#access_token=');

    expect(await profileEmail()).toBe(newEmail);
    const fresh = new URLSearchParams(location.split('#')[1]).get('access_token')!;
    expect(((await (await call('GET', '/api/auth/user', fresh)).json()) as { email: string }).email).toBe(newEmail);
    expect((await call('POST', '/auth/v1/token?grant_type=password', undefined, { email: newEmail, password })).status).toBe(200);
    expect((await call('POST', '/auth/v1/token?grant_type=password', undefined, { email, password })).status).toBe(400);
  });
});
