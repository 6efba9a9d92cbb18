// DELETE /api/user's last steps, Supabase Auth's admin API through the official client (here against the local
// stand-in, through app.handle), then delete_account, on PGlite and PostgreSQL: the order of the steps, no database
// transaction held while Auth works, what a failing Auth leaves (a 503, logged, nothing changed: deleting again
// works), and what a failing delete_account leaves (a 503; the completer finishes it).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createApp } from '../../app.ts';
import { createTestAuthStandIn, testPublicUrl } from '../../auth/testing.ts';
import type { EngineDatabase } from '../../db/database.ts';
import { createTestDatabase, createTestPglite, postgresReachable } from '../../db/testing.ts';
import { HttpError } from '../../plugins/errors.ts';
import { testConfig } from '../../testing/fixtures.ts';
import { createRateService } from '../rates/service.ts';
import { createDeletionCompleter } from './deletion-completer.ts';
import { authUnavailable, dataRemovalPending } from './deletion.ts';

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

/** What the Auth server does with the admin client's next requests ('up, then a number appears': it deletes the
 *  user, then an active number of theirs shows up, so that delete_account refuses to run). */
type AuthMode = 'up' | 'unreachable' | 'refusing' | 'up, then a number appears';

for (const engine of engines) {
  describe.skipIf(!engine.available)(`DELETE /api/user and Supabase Auth on ${engine.name}`, () => {
    let opened: { db: EngineDatabase; close(): Promise<void> };
    let app: { handle(request: Request): Promise<Response> };
    let serviceRoleKey: string;
    let authMode: AuthMode = 'up';
    /** Each admin request as it arrived at Auth, with the profile's deleted_at at that moment (read from the database then). */
    const atAuth: { method: string; path: string; profileDeleted: boolean | null }[] = [];
    const logged: { error: unknown; method: string; path: string }[] = [];

    beforeAll(async () => {
      opened = await engine.open();
      const { db } = opened;
      const testAuth = await createTestAuthStandIn(db, { transport: async (request, next) => {
        const userId = new URL(request.url).pathname.split('/').pop();
        // a privileged transaction of its own: on PGlite it waits for any transaction still open
        const [profile] = await db.privileged((sql) => sql.query<{ deleted: boolean }>('select deleted_at is not null as deleted from public.users where id::text = $1', [userId]));
        atAuth.push({ method: request.method, path: new URL(request.url).pathname, profileDeleted: profile?.deleted ?? null });
        if (authMode === 'unreachable') throw new TypeError('fetch failed: connect ECONNREFUSED 127.0.0.1:54321');
        // what a wrong SUPABASE_SERVICE_ROLE_KEY hears
        if (authMode === 'refusing') return Response.json({ code: 403, error_code: 'not_admin', msg: 'User not allowed' }, { status: 403 });
        const answer = await next(request);
        if (authMode === 'up, then a number appears' && request.method === 'DELETE') {
          await db.privileged((sql) =>
            sql.query(
              `insert into public.virtual_numbers (user_id, phone_number, twilio_sid, country, status, renews_at)
               values ($1, '+14155550199', 'PN00000000000000000000000000000199', 'US', 'active', now() + interval '30 days')`,
              [userId],
            ),
          );
        }
        return answer;
      } });
      serviceRoleKey = testAuth.serviceRoleKey;
      app = testAuth.withApp(
        createApp(testConfig({ PUBLIC_URL: testPublicUrl }), {
          logError: (error, request) => logged.push({ error, ...request }),
          services: { db, auth: testAuth.auth, rates: createRateService({ db }) },
        }),
      );
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

    test('Auth soft-deletes the user first (no transaction open meanwhile), then the profile goes; the old token is a 401', async () => {
      authMode = 'up';
      const user = await signUp('order');
      atAuth.length = 0;
      const res = await call('DELETE', '/api/user', user.token, { confirm: user.email });
      expect(res.status).toBe(204);
      // auth-js reads the user, then deletes it: both before delete_account
      expect(atAuth).toEqual([
        { method: 'GET', path: `/auth/v1/admin/users/${user.id}`, profileDeleted: false },
        { method: 'DELETE', path: `/auth/v1/admin/users/${user.id}`, profileDeleted: false },
      ]);
      expect(await state(user.id)).toMatchObject({ profile_email: `${user.id}@deleted.invalid`, has_password: false, auth_deleted: true, sessions: 0 });
      const refused = await call('GET', '/api/auth/user', user.token);
      expect(refused.status).toBe(401);
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('unauthorized');
      expect(logged).toEqual([]);
    });

    test('when Auth fails: 503, logged with its error, nothing of the account changed; deleting again works', async () => {
      const user = await signUp('retry');
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
      expect(await state(user.id)).toMatchObject({ profile_deleted_at: null, auth_email: user.email, has_password: true, auth_deleted: false, sessions: 1, contacts: 1 });
      expect((await call('GET', '/api/auth/user', user.token)).status).toBe(200);

      authMode = 'up';
      logged.length = 0;
      expect((await call('DELETE', '/api/user', user.token, { confirm: user.email })).status).toBe(204);
      expect(logged).toEqual([]);
      expect(await state(user.id)).toMatchObject({ profile_email: `${user.id}@deleted.invalid`, has_password: false, auth_deleted: true, sessions: 0, contacts: 0 });
      expect((await call('GET', '/api/auth/user', user.token)).status).toBe(401);
      expect((await call('POST', '/auth/v1/token?grant_type=password', undefined, { email: user.email, password })).status).toBe(400);
    });

    test('when delete_account fails after Auth: 503 saying it will finish, and the completer finishes it', async () => {
      const user = await signUp('finish');
      await call('POST', '/api/contacts', user.token, { displayName: 'Ann', primaryNumber: '+442079460000' });
      authMode = 'up, then a number appears';
      logged.length = 0;
      const res = await call('DELETE', '/api/user', user.token, { confirm: user.email });
      authMode = 'up';
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ error: { code: 'unavailable', message: dataRemovalPending } });
      expect(logged).toHaveLength(1);
      expect(await state(user.id)).toMatchObject({ profile_deleted_at: null, auth_deleted: true, sessions: 0, contacts: 1 });
      expect((await call('GET', '/api/auth/user', user.token)).status).toBe(401);

      const completer = createDeletionCompleter(opened.db, () => {});
      // still holding the number: delete_account refuses, the round tries again later
      expect(await completer.runDue()).toBe(0);
      await opened.db.privileged((sql) => sql.query(`update public.virtual_numbers set status = 'released', released_at = now() where user_id = $1`, [user.id]));
      expect(await completer.runDue()).toBeGreaterThanOrEqual(1);
      expect(await state(user.id)).toMatchObject({ profile_email: `${user.id}@deleted.invalid`, contacts: 0 });
      expect((await state(user.id)).profile_deleted_at).not.toBeNull();
      expect(await completer.runDue()).toBe(0);
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
