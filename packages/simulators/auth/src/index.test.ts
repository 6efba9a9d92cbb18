import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createLocalJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify, type JSONWebKeySet } from 'jose';
import { backends, type TestBackend } from './backends.ts';
import { createMemoryAuthStore } from './memory-store.ts';
import type { GoTrueSession, GoTrueUser } from './model.ts';
import { hashRefreshToken } from './service.ts';
import {
  createTestAuthServer,
  expectGoTrueError,
  refresh,
  request,
  sessionIdOf,
  signedUpSession,
  signIn,
  signUp,
  uniqueEmail,
  type TestAuthServer,
} from './testing.ts';

for (const backend of backends) {
  describe.skipIf(!backend.available)(`auth server on the ${backend.name} store`, () => {
    let opened: TestBackend;
    let server: TestAuthServer;
    let app: TestAuthServer['app'];

    beforeAll(async () => {
      opened = await backend.open();
      server = await createTestAuthServer({ store: opened.store });
      app = server.app;
    });
    afterAll(async () => {
      await opened?.close();
    });

    describe('POST /auth/v1/signup', () => {
      test('creates a confirmed user and answers a session whose token works on /user', async () => {
        const email = uniqueEmail('Ada');
        const res = await request(app, 'POST', '/auth/v1/signup?redirect_to=http%3A%2F%2Flocalhost', {
          body: { email, password: 'correct horse battery', data: { first_name: 'Ada' }, gotrue_meta_security: {}, code_challenge: null },
          headers: { 'user-agent': 'bun-test', 'x-forwarded-for': '203.0.113.7, 10.0.0.1' },
        });
        expect(res.status).toBe(200);
        expect(res.headers.get('cache-control')).toBe('no-store');
        const session = (await res.json()) as GoTrueSession;
        const nowSeconds = Math.floor(Date.now() / 1000);
        expect(session).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
        expect(Math.abs(session.expires_at - (nowSeconds + 3600))).toBeLessThanOrEqual(2);
        expect(session.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
        expect(session.user).toMatchObject({
          aud: 'authenticated',
          role: 'authenticated',
          email: email.toLowerCase(),
          phone: '',
          app_metadata: { provider: 'email', providers: ['email'] },
          user_metadata: { first_name: 'Ada' },
          identities: [],
          is_anonymous: false,
        });
        expect(session.user.email_confirmed_at).toEqual(expect.any(String));
        expect(session.user.last_sign_in_at).toEqual(expect.any(String));

        const header = decodeProtectedHeader(session.access_token);
        expect(header).toEqual({ alg: 'ES256', kid: server.signingKey.kid, typ: 'JWT' });
        const claims = decodeJwt(session.access_token);
        expect(claims).toMatchObject({
          iss: 'http://localhost/auth/v1',
          aud: 'authenticated',
          sub: session.user.id,
          email: email.toLowerCase(),
          phone: '',
          role: 'authenticated',
          aal: 'aal1',
          amr: [{ method: 'password', timestamp: expect.any(Number) }],
          session_id: expect.any(String),
          is_anonymous: false,
          app_metadata: { provider: 'email', providers: ['email'] },
          user_metadata: { first_name: 'Ada' },
        });
        expect(claims.exp! - claims.iat!).toBe(3600);
        // Whoever holds the published keys (the api, in local mode) can verify it.
        const jwks = (await (await request(app, 'GET', '/auth/v1/.well-known/jwks.json')).json()) as JSONWebKeySet;
        const verified = await jwtVerify(session.access_token, createLocalJWKSet(jwks), { issuer: server.issuer, audience: 'authenticated' });
        expect(verified.payload.sub).toBe(session.user.id);

        const me = await request(app, 'GET', '/auth/v1/user', { token: session.access_token });
        expect(me.status).toBe(200);
        const user = (await me.json()) as GoTrueUser;
        expect(user).toEqual(session.user);
      });

      test('refuses a weak password with 422 weak_password', async () => {
        const res = await signUp(app, uniqueEmail(), 'short');
        const body = await expectGoTrueError(res, 422, 'weak_password', 'Password should be at least 8 characters.');
        expect(body.weak_password).toEqual({ reasons: ['length'] });
      });

      test('refuses an invalid e-mail address and a missing password', async () => {
        await expectGoTrueError(await signUp(app, 'not-an-email'), 400, 'validation_failed', /email address/);
        await expectGoTrueError(await request(app, 'POST', '/auth/v1/signup', { body: { email: uniqueEmail() } }), 422, 'validation_failed');
      });

      test('refuses an address that is taken, whatever its case', async () => {
        const email = uniqueEmail('Grace');
        await signedUpSession(app, email);
        await expectGoTrueError(await signUp(app, email.toUpperCase()), 422, 'user_already_exists', 'User already registered');
      });

      test('answers bad_json for a body that is not a JSON object', async () => {
        await expectGoTrueError(await request(app, 'POST', '/auth/v1/signup', { body: '{"email":' }), 400, 'bad_json');
        await expectGoTrueError(await request(app, 'POST', '/auth/v1/signup', { body: '[1]' }), 400, 'bad_json');
      });
    });

    describe('POST /auth/v1/token?grant_type=password', () => {
      test('signs in with the right password (any case of the address), in a new session', async () => {
        const email = uniqueEmail('Linus');
        const first = await signedUpSession(app, email, 'open sesame 1');
        const res = await signIn(app, email.toUpperCase(), 'open sesame 1');
        expect(res.status).toBe(200);
        const session = (await res.json()) as GoTrueSession;
        expect(session.user.id).toBe(first.user.id);
        expect(sessionIdOf(session)).not.toBe(sessionIdOf(first));
        expect(session.refresh_token).not.toBe(first.refresh_token);
      });

      test('a wrong password and an unknown address get the same 400 invalid_credentials', async () => {
        const email = uniqueEmail();
        await signedUpSession(app, email, 'open sesame 2');
        const wrong = await expectGoTrueError(await signIn(app, email, 'open sesame 3'), 400, 'invalid_credentials', 'Invalid login credentials');
        const unknown = await expectGoTrueError(await signIn(app, uniqueEmail('Nobody'), 'open sesame 2'), 400, 'invalid_credentials');
        expect(unknown).toEqual(wrong);
      });

      test('missing fields are a validation error; an unknown grant type too', async () => {
        await expectGoTrueError(await request(app, 'POST', '/auth/v1/token?grant_type=password', { body: { email: 'a@b.co' } }), 400, 'validation_failed');
        await expectGoTrueError(await request(app, 'POST', '/auth/v1/token?grant_type=magic', { body: {} }), 400, 'validation_failed', /unsupported_grant_type/);
      });
    });

    describe('POST /auth/v1/token?grant_type=refresh_token', () => {
      test('rotates: a new refresh token and access token, same session; only hashes are stored', async () => {
        const first = await signedUpSession(app, uniqueEmail());
        const res = await refresh(app, first.refresh_token);
        expect(res.status).toBe(200);
        const second = (await res.json()) as GoTrueSession;
        expect(second.refresh_token).not.toBe(first.refresh_token);
        expect(second.user.id).toBe(first.user.id);
        expect(sessionIdOf(second)).toBe(sessionIdOf(first));
        expect(decodeJwt(second.access_token).amr).toEqual(decodeJwt(first.access_token).amr);

        const rows = (await opened.refreshTokens()).filter((row) => row.sessionId === sessionIdOf(first));
        expect(rows).toEqual([
          { token: hashRefreshToken(first.refresh_token), parent: null, revoked: true, sessionId: sessionIdOf(first) },
          { token: hashRefreshToken(second.refresh_token), parent: hashRefreshToken(first.refresh_token), revoked: false, sessionId: sessionIdOf(first) },
        ]);
        const all = await opened.refreshTokens();
        expect(all.some((row) => row.token === first.refresh_token || row.token === second.refresh_token)).toBe(false);
      });

      test('reusing an old token answers refresh_token_already_used and revokes the whole session', async () => {
        const first = await signedUpSession(app, uniqueEmail());
        const second = (await (await refresh(app, first.refresh_token)).json()) as GoTrueSession;
        const third = (await (await refresh(app, second.refresh_token)).json()) as GoTrueSession;
        // `first` is neither live nor the parent of the live token: a stolen copy is being replayed.
        await expectGoTrueError(await refresh(app, first.refresh_token), 400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');
        // The legitimate holder's current token is dead too, and so is the session's access token.
        await expectGoTrueError(await refresh(app, third.refresh_token), 400, 'refresh_token_already_used');
        await expectGoTrueError(await request(app, 'GET', '/auth/v1/user', { token: third.access_token }), 403, 'session_not_found');
        expect((await opened.refreshTokens()).filter((row) => row.sessionId === sessionIdOf(first)).every((row) => row.revoked)).toBe(true);
      });

      test('two tabs refreshing with the same token both succeed (parent of the live token), and one line survives', async () => {
        const first = await signedUpSession(app, uniqueEmail());
        const [tabA, tabB] = (await Promise.all([refresh(app, first.refresh_token), refresh(app, first.refresh_token)])) as [Response, Response];
        expect([tabA.status, tabB.status]).toEqual([200, 200]);
        const a = (await tabA.json()) as GoTrueSession;
        const b = (await tabB.json()) as GoTrueSession;
        expect(a.refresh_token).not.toBe(b.refresh_token);
        // Tab A's tokens were kept; its next refresh retires tab B's sibling.
        const a2 = (await (await refresh(app, a.refresh_token)).json()) as GoTrueSession;
        expect(sessionIdOf(a2)).toBe(sessionIdOf(first));
        const live = (await opened.refreshTokens()).filter((row) => row.sessionId === sessionIdOf(first) && !row.revoked);
        expect(live).toEqual([{ token: hashRefreshToken(a2.refresh_token), parent: hashRefreshToken(a.refresh_token), revoked: false, sessionId: sessionIdOf(first) }]);
        // The discarded sibling is now an old token: replaying it ends the session.
        await expectGoTrueError(await refresh(app, b.refresh_token), 400, 'refresh_token_already_used');
        await expectGoTrueError(await refresh(app, a2.refresh_token), 400, 'refresh_token_already_used');
      });

      test('an unknown token answers refresh_token_not_found', async () => {
        await expectGoTrueError(await refresh(app, 'no-such-token'), 400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
        await expectGoTrueError(await request(app, 'POST', '/auth/v1/token?grant_type=refresh_token', { body: {} }), 400, 'validation_failed');
      });
    });

    describe('GET /auth/v1/user', () => {
      test('401 no_authorization without a token, 403 bad_jwt with a bad one', async () => {
        await expectGoTrueError(await request(app, 'GET', '/auth/v1/user'), 401, 'no_authorization');
        await expectGoTrueError(await request(app, 'GET', '/auth/v1/user', { token: 'garbage' }), 403, 'bad_jwt', /invalid JWT/);
      });
    });

    describe('POST /auth/v1/logout', () => {
      test('scope=local ends this session only: its refresh token and access token stop working', async () => {
        const email = uniqueEmail();
        const here = await signedUpSession(app, email);
        const there = (await (await signIn(app, email, 'correct horse battery')).json()) as GoTrueSession;
        const res = await request(app, 'POST', '/auth/v1/logout?scope=local', { token: here.access_token });
        expect(res.status).toBe(204);
        expect(await res.text()).toBe('');
        await expectGoTrueError(await refresh(app, here.refresh_token), 400, 'refresh_token_not_found');
        await expectGoTrueError(await request(app, 'GET', '/auth/v1/user', { token: here.access_token }), 403, 'session_not_found');
        expect((await refresh(app, there.refresh_token)).status).toBe(200);
      });

      test('scope=others keeps this session; the default (global) ends them all', async () => {
        const email = uniqueEmail();
        const a = await signedUpSession(app, email);
        const b = (await (await signIn(app, email, 'correct horse battery')).json()) as GoTrueSession;
        const c = (await (await signIn(app, email, 'correct horse battery')).json()) as GoTrueSession;
        expect((await request(app, 'POST', '/auth/v1/logout?scope=others', { token: a.access_token })).status).toBe(204);
        await expectGoTrueError(await refresh(app, b.refresh_token), 400, 'refresh_token_not_found');
        await expectGoTrueError(await refresh(app, c.refresh_token), 400, 'refresh_token_not_found');
        const a2 = (await (await refresh(app, a.refresh_token)).json()) as GoTrueSession;
        const d = (await (await signIn(app, email, 'correct horse battery')).json()) as GoTrueSession;

        expect((await request(app, 'POST', '/auth/v1/logout', { token: a2.access_token })).status).toBe(204);
        await expectGoTrueError(await refresh(app, a2.refresh_token), 400, 'refresh_token_not_found');
        await expectGoTrueError(await refresh(app, d.refresh_token), 400, 'refresh_token_not_found');
      });

      test('needs a token and a known scope', async () => {
        await expectGoTrueError(await request(app, 'POST', '/auth/v1/logout'), 401, 'no_authorization');
        const s = await signedUpSession(app, uniqueEmail());
        await expectGoTrueError(await request(app, 'POST', '/auth/v1/logout?scope=everything', { token: s.access_token }), 400, 'validation_failed');
      });
    });
  });
}

describe('auth server: public endpoints', () => {
  let server: TestAuthServer;
  beforeAll(async () => {
    server = await createTestAuthServer();
  });

  test('GET /auth/v1/.well-known/jwks.json publishes the public key', async () => {
    const res = await request(server.app, 'GET', '/auth/v1/.well-known/jwks.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=600');
    const body = (await res.json()) as { keys: Record<string, unknown>[] };
    expect(body).toEqual(server.signingKey.jwks as never);
    expect(body.keys[0]).not.toHaveProperty('d');
  });

  test('GET /auth/v1/settings and /auth/v1/health', async () => {
    const settings = await request(server.app, 'GET', '/auth/v1/settings');
    expect(await settings.json()).toMatchObject({
      external: { email: true, google: false, github: false, apple: false, phone: false },
      disable_signup: false,
      mailer_autoconfirm: true,
      phone_autoconfirm: false,
      sms_provider: '',
    });
    const health = await request(server.app, 'GET', '/auth/v1/health');
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ name: 'GoTrue' });
  });

  test('unimplemented endpoints answer a GoTrue-shaped 404', async () => {
    await expectGoTrueError(await request(server.app, 'POST', '/auth/v1/recover', { body: { email: 'a@b.co' } }), 404, 'not_found', /POST \/auth\/v1\/recover/);
    await expectGoTrueError(await request(server.app, 'GET', '/auth/v1/authorize?provider=google'), 404, 'not_found');
  });

  test('a failing store answers 500 unexpected_failure (retryable for auth-js) and is logged', async () => {
    const logged: unknown[] = [];
    const store = createMemoryAuthStore();
    store.findUserByEmail = async () => {
      throw new Error('database is down');
    };
    const broken = await createTestAuthServer({ store, log: (error) => logged.push(error) });
    await expectGoTrueError(await signIn(broken.app, 'a@b.co', 'whatever1'), 500, 'unexpected_failure');
    expect(logged).toHaveLength(1);
  });

  test('a banned user cannot sign in', async () => {
    const store = createMemoryAuthStore();
    const s = await createTestAuthServer({ store });
    const email = uniqueEmail();
    const session = await signedUpSession(s.app, email);
    const user = store.users.get(session.user.id)!;
    user.bannedUntil = new Date(Date.now() + 60_000);
    await expectGoTrueError(await signIn(s.app, email, 'correct horse battery'), 400, 'user_banned');
    await expectGoTrueError(await refresh(s.app, session.refresh_token), 400, 'user_banned');
  });
});
