// DELETE /api/user's last step, Supabase Auth's admin API through the official client (here against the local
// stand-in, through app.handle), on PGlite and PostgreSQL: the order of the steps, no database transaction held while
// Auth works (PGlite has one connection: a held transaction would make the stand-in wait for ever), and what a
// failing Auth leaves (a 503, logged, an account that deleting again finishes).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createApp } from '../../app.ts';
import { createTestAuthServices, testPublicUrl } from '../../auth/testing.ts';
import type { EngineDatabase } from '../../db/database.ts';
import { createTestDatabase, createTestPglite, postgresReachable } from '../../db/testing.ts';
import { HttpError } from '../../plugins/errors.ts';
import { testConfig } from '../../testing/fixtures.ts';
import { createRateService } from '../rates/service.ts';
import { authUnavailable } from './deletion.ts';

const password = 'correct horse battery';
const hasPostgres = await postgresReachable();

const engines: { name: string; available: boolean; open(): Promise<{ db: EngineDatabase; close(): Promise<void> }> }[] = [
  {
    name: 'PGlite',
    available: true,
    async open() {
      const db = await createTestPglite();
      return { db, close: () => db.close() };
    },
  },
  {
    name: 'PostgreSQL',
    available: hasPostgres,
    async open() {
      const { db, drop } = await createTestDatabase();
      return { db, close: drop };
    },
  },
];

/** What the Auth server does with the admin client's next requests. */
type AuthMode = 'up' | 'unreachable' | 'refusing';

for (const engine of engines) {
  describe.skipIf(!engine.available)(`DELETE /api/user and Supabase Auth on ${engine.name}`, () => {
    let opened: { db: EngineDatabase; close(): Promise<void> };
    let app: ReturnType<typeof createApp>;
    let serviceRoleKey: string;
    let authMode: AuthMode = 'up';
    /** Each admin request as it arrived at Auth, with the profile's deleted_at at that moment (read from the database then). */
    const atAuth: { method: string; path: string; profileDeleted: boolean | null }[] = [];
    const logged: { error: unknown; method: string; path: string }[] = [];

    beforeAll(async () => {
      opened = await engine.open();
      const { db } = opened;
      const testAuth = await createTestAuthServices(async (request, next) => {
        const userId = new URL(request.url).pathname.split('/').pop();
        // a privileged transaction of its own: on PGlite it waits for any transaction still open
        const [profile] = await db.privileged((sql) => sql.query<{ deleted: boolean }>('select deleted_at is not null as deleted from public.users where id::text = $1', [userId]));
        atAuth.push({ method: request.method, path: new URL(request.url).pathname, profileDeleted: profile?.deleted ?? null });
        if (authMode === 'unreachable') throw new TypeError('fetch failed: connect ECONNREFUSED 127.0.0.1:54321');
        // what a wrong SUPABASE_SERVICE_ROLE_KEY hears
        if (authMode === 'refusing') return Response.json({ code: 403, error_code: 'not_admin', msg: 'User not allowed' }, { status: 403 });
        return next(request);
      });
      serviceRoleKey = testAuth.serviceRoleKey;
      app = createApp(testConfig({ PUBLIC_URL: testPublicUrl, AUTH_SIGNUP_LIMIT: '1000', AUTH_SIGNIN_LIMIT: '1000' }), {
        logError: (error, request) => logged.push({ error, ...request }),
        services: { db, auth: testAuth.auth, rates: createRateService({ db }) },
      });
      testAuth.attach(app);
    }, 30_000);
    afterAll(async () => {
      await opened?.close();
    });

    const call = (method: string, path: string, token?: string, body?: unknown) =>
      app.handle(
        new Request(`${testPublicUrl}${path}`, {
          method,
          headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
          ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        }),
      );
    async function signUp(label: string) {
      const email = `${label}-${crypto.randomUUID()}@example.com`;
      const res = await call('POST', '/auth/v1/signup', undefined, { email, password });
      expect(res.status).toBe(200);
      const session = (await res.json()) as { access_token: string; user: { id: string } };
      return { token: session.access_token, id: session.user.id, email };
    }
    const state = (id: string) =>
      opened.db.privileged(async (sql) => {
        const [row] = await sql.query<Record<string, unknown>>(
          `select p.email as profile_email, p.deleted_at as profile_deleted_at, a.email as auth_email, a.encrypted_password is not null as has_password,
                  a.deleted_at is not null as auth_deleted, (select count(*)::int from auth.sessions s where s.user_id = a.id) as sessions,
                  (select count(*)::int from public.contacts c where c.user_id = a.id) as contacts
           from auth.users a join public.users p on p.id = a.id where a.id = $1`,
          [id],
        );
        return row!;
      });

    test('the profile is deleted first, then Auth soft-deletes the user (no transaction open meanwhile); the old token is a 401', async () => {
      authMode = 'up';
      const user = await signUp('order');
      atAuth.length = 0;
      const res = await call('DELETE', '/api/user', user.token, { confirm: user.email });
      expect(res.status).toBe(204);
      // auth-js reads the user, then deletes it: both after delete_account committed
      expect(atAuth).toEqual([
        { method: 'GET', path: `/auth/v1/admin/users/${user.id}`, profileDeleted: true },
        { method: 'DELETE', path: `/auth/v1/admin/users/${user.id}`, profileDeleted: true },
      ]);
      expect(await state(user.id)).toMatchObject({ profile_email: `${user.id}@deleted.invalid`, has_password: false, auth_deleted: true, sessions: 0 });
      const refused = await call('GET', '/api/auth/user', user.token);
      expect(refused.status).toBe(401);
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('unauthorized');
      expect(logged).toEqual([]);
    });

    test('when Auth fails: 503, logged with its error; the data is gone but the sign-in still works, and deleting again finishes it', async () => {
      const user = await signUp('half');
      await call('POST', '/api/contacts', user.token, { displayName: 'Ann', primaryNumber: '+442079460000' });

      for (const mode of ['unreachable', 'refusing'] as const) {
        authMode = mode;
        logged.length = 0;
        const res = await call('DELETE', '/api/user', user.token, { confirm: user.email });
        expect(res.status, mode).toBe(503);
        expect(await res.json()).toEqual({ error: { code: 'unavailable', message: authUnavailable } });
        expect(logged, mode).toHaveLength(1);
        const failure = logged[0]!;
        expect({ method: failure.method, path: failure.path }).toEqual({ method: 'DELETE', path: '/api/user' });
        expect(failure.error).toBeInstanceOf(HttpError);
        // Auth's own error, as auth-js reported it, goes with it
        expect((failure.error as Error).cause).toMatchObject(mode === 'unreachable' ? { name: 'AuthRetryableFetchError' } : { name: 'AuthApiError', status: 403, code: 'not_admin' });
      }

      // the half-deleted account deletion.ts describes: profile deleted, the sign-in untouched and still usable
      const half = await state(user.id);
      expect(half).toMatchObject({ profile_email: `${user.id}@deleted.invalid`, auth_email: user.email, has_password: true, auth_deleted: false, sessions: 1, contacts: 0 });
      const firstDeletion = half.profile_deleted_at;
      const profile = await call('GET', '/api/auth/user', user.token);
      expect(profile.status).toBe(200);
      expect(((await profile.json()) as { email: string }).email).toBe(`${user.id}@deleted.invalid`);
      expect((await call('POST', '/auth/v1/token?grant_type=password', undefined, { email: user.email, password })).status).toBe(200);
      expect((await call('POST', '/api/contacts', user.token, { displayName: 'Added since', primaryNumber: '+442079460001' })).status).toBe(201);

      // Auth is back: deleting again (the confirmation is not asked twice) finishes it
      authMode = 'up';
      logged.length = 0;
      const again = await call('DELETE', '/api/user', user.token, { confirm: 'whatever the page had' });
      expect(again.status).toBe(204);
      expect(logged).toEqual([]);
      expect(await state(user.id)).toMatchObject({ profile_deleted_at: firstDeletion, has_password: false, auth_deleted: true, sessions: 0, contacts: 0 });
      expect((await call('GET', '/api/auth/user', user.token)).status).toBe(401);
      expect((await call('POST', '/auth/v1/token?grant_type=password', undefined, { email: user.email, password })).status).toBe(400);
    });

    test('a live account still needs the right confirmation, and a mismatch calls nobody', async () => {
      authMode = 'up';
      const user = await signUp('keep');
      atAuth.length = 0;
      const res = await call('DELETE', '/api/user', user.token, { confirm: 'someone-else@example.com' });
      expect(res.status).toBe(400);
      expect(atAuth).toEqual([]);
      expect(await state(user.id)).toMatchObject({ profile_deleted_at: null, auth_deleted: false, sessions: 1 });
    });

    test("the service_role key the stand-in issued is no user's token on /api", async () => {
      const res = await call('GET', '/api/auth/user', serviceRoleKey);
      expect(res.status).toBe(401);
    });
  });
}
