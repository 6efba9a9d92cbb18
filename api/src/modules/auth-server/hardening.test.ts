// The auth server as an attacker finds it (issue: hardening): limits that a made-up X-Forwarded-For cannot dodge,
// per-account backoff from any address, across api processes sharing one store, password rules, hostile input.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createApp } from '../../app.ts';
import { createTestSigningKey, testLocalAuthConfig, testPublicUrl } from '../../auth/testing.ts';
import { createTokenVerifier } from '../../auth/verify.ts';
import { createTestDatabase, postgresReachable, type TestDatabase } from '../../db/testing.ts';
import { createLimiter } from '../../limits/limiter.ts';
import { createRedisRateLimitStore } from '../../limits/redis-store.ts';
import { createSqlRateLimitStore, type RateLimitStore } from '../../limits/store.ts';
import { testConfig } from '../../testing/fixtures.ts';
import { createRateService } from '../rates/service.ts';
import type { GoTrueErrorBody } from './model.ts';
import { createTestAuthServer, refresh, signedUpSession, signIn, signUp, uniqueEmail } from './testing.ts';

const strong = 'correct horse battery';

async function expectWeak(res: Response, reason: string, message: RegExp) {
  expect(res.status).toBe(422);
  const body = (await res.json()) as GoTrueErrorBody;
  expect(body.error_code).toBe('weak_password');
  expect(body.weak_password?.reasons).toEqual([reason]);
  expect(body.msg).toMatch(message);
}

describe('password rules on sign-up', () => {
  test('common passwords, only spaces, the e-mail or its name part are refused with a clear reason', async () => {
    const { app } = await createTestAuthServer();
    await expectWeak(await signUp(app, uniqueEmail(), 'password'), 'pwned', /too common/);
    await expectWeak(await signUp(app, uniqueEmail(), '12345678'), 'pwned', /too common/);
    await expectWeak(await signUp(app, uniqueEmail(), 'Password1'), 'pwned', /too common/);
    await expectWeak(await signUp(app, uniqueEmail(), '        '), 'characters', /only spaces/);
    await expectWeak(await signUp(app, 'ada.lovelace@example.com', 'Ada.Lovelace'), 'email', /email address/);
    await expectWeak(await signUp(app, 'ada.lovelace@example.com', 'ada.lovelace@example.com'), 'email', /email address/);
    await expectWeak(await signUp(app, uniqueEmail(), 'short'), 'length', /at least 8 characters/);
    expect((await signUp(app, uniqueEmail(), strong)).status).toBe(200);
  });
});

describe('hostile input', () => {
  test('a NUL character in the e-mail, the password or the metadata is a 400, never a 500', async () => {
    const { app, store } = await createTestAuthServer();
    const email = uniqueEmail();
    const post = (path: string, body: unknown) =>
      app.handle(new Request(`http://localhost/auth/v1/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }));
    for (const body of [
      { email: `nul\u0000${email}`, password: strong },
      { email, password: `${strong}\u0000` },
      { email, password: strong, data: { full_name: 'Ada\u0000' } },
      { email, password: strong, data: { 'na\u0000me': 'Ada' } },
    ]) {
      const res = await post('signup', body);
      expect(res.status).toBe(400);
      expect(((await res.json()) as GoTrueErrorBody).msg).toMatch(/NUL/);
      expect((await post('token?grant_type=password', body)).status).toBe(400);
    }
    expect(await store.findUserByEmail(email)).toBeNull();
  });

  test('user metadata is bounded: 40 KB of it is refused (it would ride in every access token)', async () => {
    const { app, store } = await createTestAuthServer();
    const email = uniqueEmail();
    const res = await app.handle(
      new Request('http://localhost/auth/v1/signup', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: strong, data: { full_name: 'x'.repeat(40_000) } }),
      }),
    );
    expect(res.status).toBe(422);
    expect(((await res.json()) as GoTrueErrorBody).msg).toMatch(/at most 2048 bytes/);
    expect(await store.findUserByEmail(email)).toBeNull();
  });
});

describe('per-account backoff', () => {
  test('failures of one e-mail from 40 addresses: after 5, attempts wait, even with the right password; a success resets', async () => {
    let clock = Date.parse('2030-01-01T00:00:00Z');
    const now = () => new Date(clock);
    const { app } = await createTestAuthServer({ now, limits: { signInFailures: { freeFailures: 5, maxSeconds: 900 } } });
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
    const { app } = await createTestAuthServer({ now: () => new Date(clock), limits: { signInFailures: { freeFailures: 5, maxSeconds: 900 } } });
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
    const { app } = await createTestAuthServer({ limits: { refresh: { limit: 3, windowSeconds: 3600 } } });
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
const hasPostgres = await postgresReachable();
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
