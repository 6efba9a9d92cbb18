// The admin API of the local auth server (GET and DELETE /auth/v1/admin/users/{id}) as GoTrue answers it, driven
// by the official client the api uses (@supabase/auth-js GoTrueAdminApi, through app.handle): only a service_role
// token gets in, an unknown user is a 404, and a soft delete leaves the row but nothing to sign in with.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { GoTrueAdminApi } from '@supabase/auth-js';
import { SignJWT } from 'jose';
import { backends, type TestBackend } from './backends.ts';
import type { GoTrueUser } from './model.ts';
import { obfuscate } from './service.ts';
import { issueServiceRoleKey } from './service-role.ts';
import {
  createTestAuthServer,
  expectGoTrueError,
  createTestSigningKey,
  refresh,
  request,
  sessionIdOf,
  signedUpSession,
  signIn,
  signUp,
  uniqueEmail,
  type TestAuthServer,
} from './testing.ts';

type AuthAdmin = GoTrueAdminApi;

/** The official admin client as supabase-js makes it: the key as the gateway's `apikey` and as the bearer token. */
function createAuthAdmin(options: { url: string; serviceRoleKey: string; fetch: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response> }): AuthAdmin {
  const { url, serviceRoleKey, fetch } = options;
  return new GoTrueAdminApi({ url, headers: { apikey: serviceRoleKey, Authorization: `Bearer ${serviceRoleKey}` }, fetch: fetch as typeof globalThis.fetch });
}

const password = 'correct horse battery';

for (const backend of backends) {
  describe.skipIf(!backend.available)(`the admin API on the ${backend.name} store`, () => {
    let opened: TestBackend;
    let server: TestAuthServer;
    let serviceRoleKey: string;
    let admin: AuthAdmin;
    /** What the client sent: method, path and body of each request. */
    const sent: { method: string; path: string; body: string }[] = [];

    beforeAll(async () => {
      opened = await backend.open();
      server = await createTestAuthServer({ store: opened.store });
      serviceRoleKey = await issueServiceRoleKey(server.signingKey);
      admin = createAuthAdmin({
        url: 'http://localhost/auth/v1',
        serviceRoleKey,
        fetch: async (input, init) => {
          const req = new Request(input, init);
          sent.push({ method: req.method, path: new URL(req.url).pathname, body: await req.clone().text() });
          return server.app.handle(req);
        },
      });
    }, 30_000);
    afterAll(async () => {
      await opened?.close();
    });

    const adminRequest = (method: string, id: string, options: { token?: string; body?: unknown } = {}) =>
      request(server.app, method, `/auth/v1/admin/users/${id}`, { ...(options.token ? { token: options.token } : {}), ...(options.body !== undefined ? { body: options.body } : {}) });

    test('only a service_role token gets in: 401 without a bearer token, 403 for a bad token or a user', async () => {
      const session = await signedUpSession(server.app, uniqueEmail('Guarded'));
      const id = session.user.id;
      const otherKey = await createTestSigningKey();
      const signed = (claims: Record<string, unknown>, key = server.signingKey) =>
        new SignJWT(claims).setProtectedHeader({ alg: 'ES256', kid: key.kid }).setIssuedAt().setExpirationTime('1h').sign(key.privateKey);

      for (const method of ['GET', 'DELETE']) {
        await expectGoTrueError(await adminRequest(method, id), 401, 'no_authorization', 'This endpoint requires a valid Bearer token');
        const basic = await server.app.handle(
          new Request(`http://localhost/auth/v1/admin/users/${id}`, { method, headers: { authorization: `Basic ${btoa('service_role:x')}` } }),
        );
        await expectGoTrueError(basic, 401, 'no_authorization');
        // the user's own access token: a valid token, but not an admin's
        await expectGoTrueError(await adminRequest(method, id, { token: session.access_token }), 403, 'not_admin', 'User not allowed');
        await expectGoTrueError(await adminRequest(method, id, { token: await signed({ role: 'authenticated' }) }), 403, 'not_admin');
        // a service_role token of another key, an expired one, and no JWT at all
        await expectGoTrueError(await adminRequest(method, id, { token: await signed({ role: 'service_role' }, otherKey) }), 403, 'bad_jwt', /^invalid JWT: /);
        const expired = await issueServiceRoleKey(server.signingKey, new Date(Date.now() - 11 * 365 * 24 * 3600 * 1000));
        await expectGoTrueError(await adminRequest(method, id, { token: expired }), 403, 'bad_jwt');
        await expectGoTrueError(await adminRequest(method, id, { token: 'not-a-jwt' }), 403, 'bad_jwt');
      }
      // the official client with a user's token instead of the service_role key hears the same
      const asUser = createAuthAdmin({ url: 'http://localhost/auth/v1', serviceRoleKey: session.access_token, fetch: (input, init) => server.app.handle(new Request(input, init)) });
      const refused = await asUser.deleteUser(id, true);
      expect({ status: refused.error?.status, code: refused.error?.code }).toEqual({ status: 403, code: 'not_admin' });

      // nothing happened to the user; GoTrue's other admin role gets in too
      expect((await opened.store.findUserById(id))?.deletedAt).toBeNull();
      expect((await request(server.app, 'GET', '/auth/v1/user', { token: session.access_token })).status).toBe(200);
      const supabaseAdmin = await adminRequest('GET', id, { token: await signed({ role: 'supabase_admin' }) });
      expect(supabaseAdmin.status).toBe(200);
      expect(((await supabaseAdmin.json()) as GoTrueUser).id).toBe(id);
    });

    test('an unknown user is a 404 user_not_found; an id that is not a UUID a 404 too', async () => {
      const unknown = crypto.randomUUID();
      const read = await admin.getUserById(unknown);
      expect({ status: read.error?.status, code: read.error?.code, user: read.data.user }).toEqual({ status: 404, code: 'user_not_found', user: null });
      const deleted = await admin.deleteUser(unknown, true);
      expect({ status: deleted.error?.status, code: deleted.error?.code }).toEqual({ status: 404, code: 'user_not_found' });
      await expectGoTrueError(await adminRequest('DELETE', unknown, { token: serviceRoleKey, body: { should_soft_delete: true } }), 404, 'user_not_found', 'User not found');
      await expectGoTrueError(await adminRequest('GET', 'not-a-uuid', { token: serviceRoleKey }), 404, 'validation_failed', 'user_id must be an UUID');
    });

    test('soft delete: the row stays, its e-mail obfuscated, password, metadata and sessions gone; nothing signs in with it', async () => {
      const email = uniqueEmail('Leaver').toLowerCase();
      const signedUp = await signUp(server.app, email);
      expect(signedUp.status).toBe(200);
      const first = (await signedUp.json()) as { access_token: string; refresh_token: string; user: GoTrueUser };
      const id = first.user.id;
      const second = (await (await signIn(server.app, email, password)).json()) as { access_token: string; refresh_token: string };
      // metadata, and a pending e-mail change with its two links
      const newEmail = uniqueEmail('Pending').toLowerCase();
      const update = await request(server.app, 'PUT', '/auth/v1/user', { token: first.access_token, body: { data: { first_name: 'Ada' }, email: newEmail } });
      expect(update.status).toBe(200);
      const sessions = [sessionIdOf(first as never), sessionIdOf(second as never)];

      sent.length = 0;
      const { data, error } = await admin.deleteUser(id, true);
      expect(error).toBeNull();
      // auth-js reads the user first and answers that (GoTrue answers the DELETE itself with {})
      expect(data.user).toMatchObject({ id, email, new_email: newEmail, user_metadata: { first_name: 'Ada' } });
      expect(sent).toEqual([
        { method: 'GET', path: `/auth/v1/admin/users/${id}`, body: '' },
        { method: 'DELETE', path: `/auth/v1/admin/users/${id}`, body: '{"should_soft_delete":true}' },
      ]);

      const after = await admin.getUserById(id);
      expect(after.error).toBeNull();
      const user = after.data.user!;
      expect(user).toMatchObject({
        id,
        email: obfuscate(id, email),
        new_email: obfuscate(id, newEmail),
        user_metadata: {},
        app_metadata: {},
        identities: [],
      });
      expect(user.email).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Date.now() - Date.parse(user.deleted_at!)).toBeLessThan(60_000);
      const stored = await opened.store.findUserById(id);
      expect(stored).toMatchObject({ encryptedPassword: null, emailChangeTokenNew: null, emailChangeTokenCurrent: null, bannedUntil: null });
      // every session and refresh token is gone
      for (const sessionId of sessions) expect(await opened.store.findSession(sessionId)).toBeNull();
      expect((await opened.refreshTokens()).filter((t) => sessions.includes(t.sessionId))).toEqual([]);

      // nothing signs in or refreshes, and the old tokens are refused
      await expectGoTrueError(await signIn(server.app, email, password), 400, 'invalid_credentials');
      await expectGoTrueError(await signIn(server.app, user.email!, password), 400, 'invalid_credentials');
      await expectGoTrueError(await signIn(server.app, newEmail, password), 400, 'invalid_credentials');
      await expectGoTrueError(await refresh(server.app, first.refresh_token), 400, 'refresh_token_not_found');
      await expectGoTrueError(await refresh(server.app, second.refresh_token), 400, 'refresh_token_not_found');
      await expectGoTrueError(await request(server.app, 'GET', '/auth/v1/user', { token: second.access_token }), 403, 'session_not_found');
      // the address is free again
      const again = await signUp(server.app, email);
      expect(again.status).toBe(200);
      expect(((await again.json()) as { user: GoTrueUser }).user.id).not.toBe(id);
    });

    test('soft-deleting a soft-deleted user succeeds and changes nothing', async () => {
      const session = await signedUpSession(server.app, uniqueEmail('Twice'));
      const id = session.user.id;
      expect((await admin.deleteUser(id, true)).error).toBeNull();
      const once = await opened.store.findUserById(id);
      expect(once?.deletedAt).toBeInstanceOf(Date);

      const res = await adminRequest('DELETE', id, { token: serviceRoleKey, body: { should_soft_delete: true } });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({});
      expect((await admin.deleteUser(id, true)).error).toBeNull();
      expect(await opened.store.findUserById(id)).toEqual(once);
    });

    test('without should_soft_delete the user is deleted (GoTrue\'s default); a malformed body deletes nothing', async () => {
      const session = await signedUpSession(server.app, uniqueEmail('Hard'));
      const id = session.user.id;
      await expectGoTrueError(await adminRequest('DELETE', id, { token: serviceRoleKey, body: { should_soft_delete: 'yes' } }), 400, 'bad_json');
      await expectGoTrueError(await adminRequest('DELETE', id, { token: serviceRoleKey, body: 'not json' }), 400, 'bad_json');
      expect(await opened.store.findUserById(id)).not.toBeNull();

      expect((await admin.deleteUser(id)).error).toBeNull();
      expect(await opened.store.findUserById(id)).toBeNull();
      expect(await opened.store.findSession(sessionIdOf(session))).toBeNull();
      expect((await admin.getUserById(id)).error?.code).toBe('user_not_found');
    });
  });
}
