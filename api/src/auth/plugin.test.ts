import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { Elysia } from 'elysia';
import type { Database, EngineDatabase, JwtClaims, Sql } from '../db/database.ts';
import { createTestPglite } from '../db/testing.ts';
import { errors } from '../plugins/errors.ts';
import type { SigningKey } from './keys.ts';
import { authPlugin, bearerToken } from './plugin.ts';
import { createTestSigningKey, signTestToken, testLocalAuthConfig, testUserId } from './testing.ts';
import { createTokenVerifier } from './verify.ts';

/** Records what asSession was called with, and hands out a fake Sql. */
function fakeDb() {
  const calls: JwtClaims[] = [];
  const db: Pick<Database, 'asSession'> = {
    async asSession<T>(claims: JwtClaims, work: (sql: Sql) => Promise<T>) {
      calls.push(claims);
      const sql: Sql = { query: async <R>() => [{ uid: claims.sub }] as R[] };
      return work(sql);
    },
  };
  return { db, calls };
}

describe('authPlugin', () => {
  let key: SigningKey;
  let app: { handle(request: Request): Promise<Response> };
  let calls: JwtClaims[];

  beforeAll(async () => {
    key = await createTestSigningKey();
    const fake = fakeDb();
    calls = fake.calls;
    const verifier = createTokenVerifier(testLocalAuthConfig(), { keys: key.jwks });
    app = new Elysia()
      .use(errors({ log: () => {} }))
      .use(authPlugin({ verifier, db: fake.db }))
      .get(
        '/api/me',
        async ({ user, db }) => {
          const rows = await db.run((sql) => sql.query<{ uid: string }>('select auth.uid() as uid'));
          return { id: user.id, email: user.email, role: user.claims.role, uid: rows[0]?.uid };
        },
        { auth: true },
      )
      .get('/api/public', () => ({ ok: true }));
  });

  const get = (path: string, headers: Record<string, string> = {}) => app.handle(new Request(`http://localhost${path}`, { headers }));

  test('a valid bearer token resolves the user and runs db work as that user', async () => {
    const token = await signTestToken(key.privateKey, undefined, { kid: key.kid });
    const res = await get('/api/me', { authorization: `Bearer ${token}` });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id: testUserId, email: 'ada@example.test', role: 'authenticated', uid: testUserId });
    expect(calls.at(-1)).toMatchObject({ sub: testUserId, role: 'authenticated', aud: 'authenticated' });
  });

  test('no Authorization header: 401 envelope with WWW-Authenticate', async () => {
    const res = await get('/api/me');
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer');
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('unauthorized');
    expect(body.error.message).toMatch(/Authorization: Bearer/);
  });

  test('an invalid or expired token: 401 envelope saying why', async () => {
    const expired = await signTestToken(key.privateKey, undefined, { kid: key.kid, exp: Math.floor(Date.now() / 1000) - 120 });
    for (const [header, message] of [
      [`Bearer ${expired}`, /expired/],
      ['Bearer not-a-jwt', /malformed/],
      [`Basic ${btoa('a:b')}`, /must be "Bearer/],
    ] as const) {
      const res = await get('/api/me', { authorization: header });
      expect(res.status).toBe(401);
      expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(message);
    }
  });

  test('routes without auth: true are untouched', async () => {
    const res = await get('/api/public');
    expect(res.status).toBe(200);
  });
});

describe('bearerToken', () => {
  test('extracts the token, case-insensitive scheme', () => {
    expect(bearerToken('Bearer abc.def.ghi')).toBe('abc.def.ghi');
    expect(bearerToken('bearer abc')).toBe('abc');
    expect(() => bearerToken(undefined)).toThrow(/Sign in first/);
    expect(() => bearerToken('Bearer')).toThrow(/must be "Bearer/);
    expect(() => bearerToken('Bearer a b')).toThrow(/must be "Bearer/);
  });
});

describe('authPlugin on a real database (PGlite)', () => {
  let db: EngineDatabase;
  let key: SigningKey;
  beforeAll(async () => {
    db = await createTestPglite();
    key = await createTestSigningKey();
  });
  afterAll(async () => {
    await db?.close();
  });

  /** A user with a live session in the local auth tables, and a token for it. */
  async function userWithSession(): Promise<{ userId: string; sessionId: string; token: string }> {
    const userId = crypto.randomUUID();
    const sessionId = crypto.randomUUID();
    await db.privileged(async (sql) => {
      await sql.query(`insert into auth.users (id, email, email_confirmed_at) values ($1, $2, now())`, [userId, `${userId}@example.test`]);
      await sql.query('insert into auth.sessions (id, user_id) values ($1, $2)', [sessionId, userId]);
    });
    const token = await signTestToken(key.privateKey, { sub: userId, role: 'authenticated', session_id: sessionId }, { kid: key.kid });
    return { userId, sessionId, token };
  }

  const appOn = () =>
    new Elysia()
      .use(errors({ log: () => {} }))
      .use(authPlugin({ verifier: createTokenVerifier(testLocalAuthConfig(), { keys: key.jwks }), db }))
      .get('/api/whoami', ({ db: userDb }) => userDb.run(async (sql) => (await sql.query('select auth.uid()::text as uid, current_user as role'))[0]), {
        auth: true,
      });
  const whoami = (token: string) => appOn().handle(new Request('http://localhost/api/whoami', { headers: { authorization: `Bearer ${token}` } }));

  test('db.run runs as role authenticated with the verified claims', async () => {
    const { userId, token } = await userWithSession();
    const res = await whoami(token);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ uid: userId, role: 'authenticated' });
  });

  test('a token whose session has ended, expired, is another user\'s or is missing is a 401, and nothing runs', async () => {
    const ended = await userWithSession();
    await db.privileged((sql) => sql.query('delete from auth.sessions where id = $1', [ended.sessionId]));
    const expired = await userWithSession();
    await db.privileged((sql) => sql.query(`update auth.sessions set not_after = now() - interval '1 second' where id = $1`, [expired.sessionId]));
    const other = await userWithSession();
    const mine = await userWithSession();
    const borrowed = await signTestToken(key.privateKey, { sub: mine.userId, role: 'authenticated', session_id: other.sessionId }, { kid: key.kid });
    const sessionless = await signTestToken(key.privateKey, { sub: mine.userId, role: 'authenticated' }, { kid: key.kid });
    const deleted = await userWithSession();
    await db.privileged((sql) => sql.query('delete from auth.users where id = $1', [deleted.userId]));
    for (const token of [ended.token, expired.token, borrowed, sessionless, deleted.token]) {
      const res = await whoami(token);
      expect(res.status).toBe(401);
      expect(((await res.json()) as { error: { code: string; message: string } }).error).toEqual({
        code: 'unauthorized',
        message: 'Your session has ended (signed out or expired). Sign in again.',
      });
    }
    expect((await whoami(mine.token)).status).toBe(200);
  });
});
