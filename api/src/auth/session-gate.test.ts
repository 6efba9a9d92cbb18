// The session gate and the `auth` macro on a real database (PGlite): who gets through to a route of the contract,
// and that the refusal comes before the body is read or validated.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { Elysia, t } from 'elysia';
import { routes } from '@ringwise/contract/routes';
import type { EngineDatabase } from '../db/database.ts';
import { createTestPglite } from '../db/testing.ts';
import { errors } from '../plugins/errors.ts';
import { requestLimits } from '../plugins/request-limits.ts';
import { authPlugin } from './plugin.ts';
import { bearerToken, sessionGate } from './session-gate.ts';
import { createTestSigningKey, signTestToken, testLocalAuthConfig, type SigningKey } from './testing.ts';
import { createTokenVerifier } from './verify.ts';

const sessionEnded = { code: 'unauthorized', message: 'Your session has ended (signed out or expired). Sign in again.' };

describe('bearerToken', () => {
  test('extracts the token, case-insensitive scheme', () => {
    expect(bearerToken('Bearer abc.def.ghi')).toBe('abc.def.ghi');
    expect(bearerToken('bearer abc')).toBe('abc');
    expect(() => bearerToken(undefined)).toThrow(/Sign in first/);
    expect(() => bearerToken('Bearer')).toThrow(/must be "Bearer/);
    expect(() => bearerToken('Bearer a b')).toThrow(/must be "Bearer/);
  });
});

describe('the session gate (PGlite)', () => {
  let db: EngineDatabase;
  let key: SigningKey;
  let app: { handle(request: Request): Promise<Response> };
  let handled: string[];

  beforeAll(async () => {
    db = await createTestPglite();
    key = await createTestSigningKey();
    const verifier = createTokenVerifier(testLocalAuthConfig(), { keys: key.jwks });
    handled = [];
    app = new Elysia()
      .use(errors({ log: () => {} }))
      .use(sessionGate({ verifier, db }))
      .use(requestLimits())
      .use(authPlugin({ verifier, db }))
      // contract paths (the gate knows routes by the table), with handlers of this test
      .get(routes.currentUser.path, ({ user, db: userDb }) => {
        handled.push(user.id);
        return userDb.run(async (sql) => (await sql.query('select auth.uid()::text as uid, current_user as role'))[0]);
      }, { auth: true })
      .patch(routes.updatePreference.path, ({ body }) => body, { auth: true, body: t.Object({ key: t.String({ minLength: 1 }) }) })
      .get(routes.adminDashboard.path, () => ({ admin: true }), { auth: true })
      .get(routes.health.path, () => ({ status: 'ok' }))
      // a route with auth: true that the table does not know: refused, never served
      .get('/api/not-in-the-table', () => ({ served: true }), { auth: true });
  });
  afterAll(async () => {
    await db?.close();
  });

  /** A user with a live session in the local auth tables, and a token for it. */
  async function userWithSession(role: 'customer' | 'admin' = 'customer'): Promise<{ userId: string; sessionId: string; token: string }> {
    const userId = crypto.randomUUID();
    const sessionId = crypto.randomUUID();
    await db.privileged(async (sql) => {
      await sql.query(`insert into auth.users (id, email, email_confirmed_at) values ($1, $2, now())`, [userId, `${userId}@example.test`]);
      await sql.query('insert into auth.sessions (id, user_id) values ($1, $2)', [sessionId, userId]);
      await sql.query('insert into auth.refresh_tokens (token, user_id, session_id) values ($1, $2, $3)', [crypto.randomUUID(), userId, sessionId]);
      if (role === 'admin') await sql.query(`update public.users set role = 'admin' where id = $1`, [userId]);
    });
    const token = await signTestToken(key.privateKey, { sub: userId, role: 'authenticated', session_id: sessionId }, { kid: key.kid });
    return { userId, sessionId, token };
  }

  const send = (method: string, path: string, headers: Record<string, string> = {}, body?: string) =>
    app.handle(new Request(`http://localhost${path}`, { method, headers, ...(body === undefined ? {} : { body }) }));
  const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; message: string } }).error;

  test('a live session reaches the handler, whose transactions run as role authenticated with the claims', async () => {
    const { userId, token } = await userWithSession();
    const res = await send('GET', '/api/auth/user', { authorization: `Bearer ${token}` });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ uid: userId, role: 'authenticated' });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  test('no Authorization header: 401 envelope with WWW-Authenticate; an invalid or expired token: 401 saying why', async () => {
    const res = await send('GET', '/api/auth/user');
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer');
    expect((await errorOf(res)).message).toMatch(/Authorization: Bearer/);
    const expired = await signTestToken(key.privateKey, undefined, { kid: key.kid, exp: Math.floor(Date.now() / 1000) - 120 });
    for (const [header, message] of [
      [`Bearer ${expired}`, /expired/],
      ['Bearer not-a-jwt', /malformed/],
      [`Basic ${btoa('a:b')}`, /must be "Bearer/],
    ] as const) {
      const refused = await send('GET', '/api/auth/user', { authorization: header });
      expect(refused.status).toBe(401);
      expect((await errorOf(refused)).message).toMatch(message);
    }
  });

  test("a session signed out, expired, revoked, another user's or missing, an account deleted: 401, and the handler never runs", async () => {
    const ended = await userWithSession();
    await db.privileged((sql) => sql.query('delete from auth.sessions where id = $1', [ended.sessionId]));
    const expired = await userWithSession();
    await db.privileged((sql) => sql.query(`update auth.sessions set not_after = now() - interval '1 second' where id = $1`, [expired.sessionId]));
    const other = await userWithSession();
    const mine = await userWithSession();
    const borrowed = await signTestToken(key.privateKey, { sub: mine.userId, role: 'authenticated', session_id: other.sessionId }, { kid: key.kid });
    const sessionless = await signTestToken(key.privateKey, { sub: mine.userId, role: 'authenticated' }, { kid: key.kid });
    const deletedAuth = await userWithSession();
    await db.privileged((sql) => sql.query('delete from auth.users where id = $1', [deletedAuth.userId]));
    // every refresh token of the session revoked (GoTrue's answer to a reused one): the row stays, the session is over
    const revoked = await userWithSession();
    await db.privileged((sql) => sql.query('update auth.refresh_tokens set revoked = true where session_id = $1', [revoked.sessionId]));
    const deletedProfile = await userWithSession();
    await db.privileged((sql) => sql.query('update public.users set deleted_at = now() where id = $1', [deletedProfile.userId]));
    handled.length = 0;
    for (const token of [ended.token, expired.token, borrowed, sessionless, revoked.token, deletedAuth.token, deletedProfile.token]) {
      const res = await send('GET', '/api/auth/user', { authorization: `Bearer ${token}` });
      expect(res.status).toBe(401);
      expect(await errorOf(res)).toEqual(sessionEnded);
    }
    expect(handled).toEqual([]);
    expect((await send('GET', '/api/auth/user', { authorization: `Bearer ${mine.token}` })).status).toBe(200);
  });

  test('before the body: a signed-out request with a wrong, huge or malformed body is 401, not 400, 413 or 415', async () => {
    const ended = await userWithSession();
    await db.privileged((sql) => sql.query('delete from auth.sessions where id = $1', [ended.sessionId]));
    for (const [headers, body] of [
      [{ 'content-type': 'application/json' }, '{"key": ""}'],
      [{ 'content-type': 'application/json' }, '{not json'],
      [{ 'content-type': 'text/plain' }, 'hello'],
      [{ 'content-type': 'application/json', 'content-length': String(5 * 1024 * 1024) }, '{}'],
    ] as const) {
      for (const auth of [{}, { authorization: `Bearer ${ended.token}` }] as Record<string, string>[]) {
        const res = await send('PATCH', '/api/user/preferences', { ...headers, ...auth }, body);
        expect(res.status).toBe(401);
      }
    }
    const live = await userWithSession();
    expect((await send('PATCH', '/api/user/preferences', { 'content-type': 'application/json', authorization: `Bearer ${live.token}` }, '{"key": ""}')).status).toBe(400);
  });

  test('admin routes: a customer gets 403 before anything else, an admin gets through', async () => {
    const customer = await userWithSession();
    const res = await send('GET', '/api/admin/dashboard', { authorization: `Bearer ${customer.token}` });
    expect(res.status).toBe(403);
    expect(await errorOf(res)).toEqual({ code: 'forbidden', message: 'This is for administrators only.' });
    const admin = await userWithSession('admin');
    expect((await send('GET', '/api/admin/dashboard', { authorization: `Bearer ${admin.token}` })).status).toBe(200);
    expect((await send('GET', '/api/admin/dashboard')).status).toBe(401);
  });

  test('public routes pass untouched; a route with auth: true missing from the table is refused', async () => {
    expect((await send('GET', '/api/health')).status).toBe(200);
    const { token } = await userWithSession();
    const res = await send('GET', '/api/not-in-the-table', { authorization: `Bearer ${token}` });
    expect(res.status).toBe(401);
  });
});
