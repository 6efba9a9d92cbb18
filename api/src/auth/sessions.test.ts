// A session that has ended ends its access tokens on /api at once (issue: hardening): sign-out, global sign-out,
// a refresh token reused after GoTrue's 10 s interval, a deleted account. Through the whole app on PostgreSQL.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { decodeJwt } from 'jose';
import { createApp } from '../app.ts';
import { createTestDatabase, type TestDatabase } from '../db/testing.ts';
import { createRateService } from '../modules/rates/service.ts';
import { testConfig } from '../testing/fixtures.ts';
import { createTestAuthStandIn, testPublicUrl } from './testing.ts';

let database: TestDatabase;
let app: { handle(request: Request): Promise<Response> };

interface Session {
  access_token: string;
  refresh_token: string;
  user: { id: string };
}

const call = (method: string, path: string, options: { token?: string; body?: unknown } = {}) =>
  app.handle(
    new Request(`${testPublicUrl}${path}`, {
      method,
      headers: {
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
    }),
  );

const password = 'correct horse battery';
async function signUp(): Promise<Session & { email: string }> {
  const email = `sessions-${crypto.randomUUID()}@example.com`;
  const res = await call('POST', '/auth/v1/signup', { body: { email, password } });
  expect(res.status).toBe(200);
  return { ...((await res.json()) as Session), email };
}
async function signIn(email: string): Promise<Session> {
  const res = await call('POST', '/auth/v1/token?grant_type=password', { body: { email, password } });
  expect(res.status).toBe(200);
  return (await res.json()) as Session;
}
const refresh = (refreshToken: string) => call('POST', '/auth/v1/token?grant_type=refresh_token', { body: { refresh_token: refreshToken } });
const contactCount = (userId: string) =>
  database.db.privileged(async (sql) => Number((await sql.query<{ n: string }>('select count(*) as n from public.contacts where user_id = $1', [userId]))[0]!.n));

/** A read and a write through /api with the token: their statuses. */
async function useApi(token: string): Promise<[number, number]> {
  const read = await call('GET', '/api/auth/user', { token });
  const write = await call('POST', '/api/contacts', { token, body: { displayName: 'Eve', primaryNumber: '+442079460000' } });
  return [read.status, write.status];
}

beforeAll(async () => {
  database = await createTestDatabase();
  const testAuth = await createTestAuthStandIn(database.db);
  app = testAuth.withApp(
    createApp(testConfig({ PUBLIC_URL: testPublicUrl }), {
      logError: () => {},
      services: { db: database.db, auth: testAuth.auth, rates: createRateService({ db: database.db }) },
    }),
  );
});
afterAll(() => database.drop());

describe('ended sessions on /api', () => {
  test('after sign-out the same access token can neither read nor write (401), and nothing is written', async () => {
    const session = await signUp();
    expect((await useApi(session.access_token))[0]).toBe(200);
    const before = await contactCount(session.user.id);
    expect((await call('POST', '/auth/v1/logout', { token: session.access_token })).status).toBe(204);
    expect(await useApi(session.access_token)).toEqual([401, 401]);
    const body = (await (await call('GET', '/api/auth/user', { token: session.access_token })).json()) as { error: { code: string } };
    expect(body.error.code).toBe('unauthorized');
    expect(await contactCount(session.user.id)).toBe(before);
  });

  test('a global sign-out ends every session of the user; a local one only its own', async () => {
    const first = await signUp();
    const second = await signIn(first.email);
    const third = await signIn(first.email);
    expect((await call('POST', '/auth/v1/logout?scope=local', { token: second.access_token })).status).toBe(204);
    expect((await useApi(second.access_token))[0]).toBe(401);
    expect((await useApi(first.access_token))[0]).toBe(200);
    expect((await call('POST', '/auth/v1/logout?scope=global', { token: third.access_token })).status).toBe(204);
    expect(await useApi(first.access_token)).toEqual([401, 401]);
    expect(await useApi(third.access_token)).toEqual([401, 401]);
  });

  test('an account that no longer exists: its token is a 401, not a 500', async () => {
    const session = await signUp();
    await database.db.privileged((sql) => sql.query('delete from auth.users where id = $1', [session.user.id]));
    expect(await useApi(session.access_token)).toEqual([401, 401]);
  });
});

describe('refresh tokens', () => {
  test('a rotated token may be used again within 10 s (a refresh race), in the same session', async () => {
    const session = await signUp();
    const a = await refresh(session.refresh_token);
    const b = await refresh(session.refresh_token);
    expect([a.status, b.status]).toEqual([200, 200]);
    const [ta, tb] = [(await a.json()) as Session, (await b.json()) as Session];
    expect(decodeJwt(ta.access_token).session_id).toBe(decodeJwt(session.access_token).session_id);
    expect(decodeJwt(tb.access_token).session_id).toBe(decodeJwt(session.access_token).session_id);
  });

  test('after 10 s the same token is a reuse: 400 Already Used, the session ends and its access tokens with it', async () => {
    const session = await signUp();
    const next = (await (await refresh(session.refresh_token)).json()) as Session;
    // the rotation happened 11 s ago
    await database.db.privileged((sql) =>
      sql.query(`update auth.refresh_tokens set updated_at = now() - interval '11 seconds' where session_id = $1 and revoked`, [decodeJwt(session.access_token).session_id]),
    );
    const reused = await refresh(session.refresh_token);
    expect(reused.status).toBe(400);
    expect(((await reused.json()) as { error_code: string }).error_code).toBe('refresh_token_already_used');
    expect((await refresh(next.refresh_token)).status).toBe(400);
    expect(await useApi(next.access_token)).toEqual([401, 401]);
    expect(await useApi(session.access_token)).toEqual([401, 401]);
  });

  test('ten concurrent refreshes with one token: all answered, one session', async () => {
    const session = await signUp();
    const answers = await Promise.all(Array.from({ length: 10 }, () => refresh(session.refresh_token)));
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(200));
    const sessionIds = new Set(await Promise.all(answers.map(async (r) => decodeJwt(((await r.json()) as Session).access_token).session_id)));
    expect([...sessionIds]).toEqual([decodeJwt(session.access_token).session_id]);
    const [row] = await database.db.privileged((sql) => sql.query<{ n: string }>('select count(*) as n from auth.sessions where user_id = $1', [session.user.id]));
    expect(Number(row?.n)).toBe(1);
  });
});
