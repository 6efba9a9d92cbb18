// PUT /auth/v1/user (auth-js `updateUser`) and GET /auth/v1/verify?type=email_change, as GoTrue answers them:
// a password change ends the user's other sessions, an e-mail change waits for its links (both addresses with
// secure e-mail change, GoTrue's default), metadata merges, and every refusal in GoTrue's shape.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { backends, type TestBackend } from './backends.ts';
import type { GoTrueSession, GoTrueUser } from './model.ts';
import {
  createTestAuthServer,
  expectGoTrueError,
  linkIn,
  refresh,
  request,
  sessionIdOf,
  signedUpSession,
  signIn,
  uniqueEmail,
  type TestAuthServer,
} from './testing.ts';

const password = 'correct horse battery';

const updateUser = (app: TestAuthServer['app'], token: string | undefined, body: unknown, query = '') =>
  request(app, 'PUT', `/auth/v1/user${query}`, { body, ...(token ? { token } : {}) });

/** Opens an e-mail link as the browser does (no redirect followed): the 303's Location. */
async function open(app: TestAuthServer['app'], link: string): Promise<string> {
  const res = await app.handle(new Request(link));
  expect(res.status).toBe(303);
  return res.headers.get('location') ?? '';
}

const fragmentOf = (location: string) => new URLSearchParams(location.slice(location.indexOf('#') + 1));

for (const backend of backends.filter((b) => b.name !== 'pglite')) {
  describe.skipIf(!backend.available)(`PUT /auth/v1/user on the ${backend.name} store`, () => {
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

    test('a new password: the user answered, the old password refused, the new one works, other sessions end', async () => {
      const email = uniqueEmail('Pw');
      const here = await signedUpSession(app, email);
      const there = (await (await signIn(app, email, password)).json()) as GoTrueSession;
      const res = await updateUser(app, here.access_token, { password: 'a brand new passphrase' });
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      const user = (await res.json()) as GoTrueUser;
      expect(user).toMatchObject({ id: here.user.id, email: email.toLowerCase(), aud: 'authenticated', identities: [] });
      expect(user).not.toHaveProperty('new_email');

      await expectGoTrueError(await signIn(app, email, password), 400, 'invalid_credentials');
      expect((await signIn(app, email, 'a brand new passphrase')).status).toBe(200);
      // this session goes on; the other one ended (GoTrue's LogoutAllExceptMe)
      expect((await request(app, 'GET', '/auth/v1/user', { token: here.access_token })).status).toBe(200);
      expect((await refresh(app, here.refresh_token)).status).toBe(200);
      await expectGoTrueError(await request(app, 'GET', '/auth/v1/user', { token: there.access_token }), 403, 'session_not_found');
      await expectGoTrueError(await refresh(app, there.refresh_token), 400, 'refresh_token_not_found');
    });

    test('a weak or unchanged password is refused with the sign-up rules and nothing changes', async () => {
      const email = 'ada.lovelace.' + Date.now().toString(36) + '@example.test';
      const session = await signedUpSession(app, email);
      const weak = async (candidate: string, reason: string, message: RegExp) => {
        const body = await expectGoTrueError(await updateUser(app, session.access_token, { password: candidate }), 422, 'weak_password', message);
        expect(body.weak_password).toEqual({ reasons: [reason] });
      };
      await weak('short', 'length', /^Password should be at least 8 characters\.$/);
      await weak('', 'length', /at least 8 characters/);
      await weak('password', 'pwned', /too common/);
      await weak('         ', 'characters', /only spaces/);
      await weak(email.split('@')[0]!, 'email', /email address/);
      await expectGoTrueError(await updateUser(app, session.access_token, { password: 'x'.repeat(1025) }), 422, 'validation_failed', /at most 1024/);
      await expectGoTrueError(
        await updateUser(app, session.access_token, { password }),
        422,
        'same_password',
        'New password should be different from the old password.',
      );
      await expectGoTrueError(await updateUser(app, session.access_token, { password: 12345678 }), 400, 'bad_json');
      expect((await signIn(app, email, password)).status).toBe(200);
    });

    test('data merges into user_metadata (null removes a key), within the 2 KB limit; app_metadata needs an admin', async () => {
      const session = await signedUpSession(app, uniqueEmail());
      let res = await updateUser(app, session.access_token, { data: { first_name: 'Ada', last_name: 'Lovelace' } });
      expect(((await res.json()) as GoTrueUser).user_metadata).toEqual({ first_name: 'Ada', last_name: 'Lovelace' });
      res = await updateUser(app, session.access_token, { data: { last_name: null, theme: 'dark' } });
      expect(((await res.json()) as GoTrueUser).user_metadata).toEqual({ first_name: 'Ada', theme: 'dark' });
      await expectGoTrueError(await updateUser(app, session.access_token, { data: { bio: 'x'.repeat(3000) } }), 422, 'validation_failed', /at most 2048 bytes/);
      await expectGoTrueError(await updateUser(app, session.access_token, { data: [1] }), 400, 'validation_failed');
      await expectGoTrueError(await updateUser(app, session.access_token, { app_metadata: { role: 'admin' } }), 403, 'not_admin');
      // a "__proto__" key is stored as a key (JSON.parse makes it an own property), never a prototype
      expect((await request(app, 'PUT', '/auth/v1/user', { body: '{"data":{"__proto__":{"admin":true}}}', token: session.access_token })).status).toBe(200);
      await expectGoTrueError(await request(app, 'PUT', '/auth/v1/user', { body: '{"data":', token: session.access_token }), 400, 'bad_json');
      const me = (await (await request(app, 'GET', '/auth/v1/user', { token: session.access_token })).json()) as GoTrueUser;
      expect(Object.keys(me.user_metadata).sort()).toEqual(['__proto__', 'first_name', 'theme']);
      expect((me.user_metadata as { admin?: unknown }).admin).toBeUndefined();
    });

    test('needs a live session: no token 401, a bad one 403 bad_jwt, an ended session 403 session_not_found', async () => {
      await expectGoTrueError(await updateUser(app, undefined, { password: 'a brand new passphrase' }), 401, 'no_authorization');
      await expectGoTrueError(await updateUser(app, 'garbage', { password: 'a brand new passphrase' }), 403, 'bad_jwt');
      const session = await signedUpSession(app, uniqueEmail());
      expect((await request(app, 'POST', '/auth/v1/logout?scope=local', { token: session.access_token })).status).toBe(204);
      await expectGoTrueError(await updateUser(app, session.access_token, { data: { a: 1 } }), 403, 'session_not_found');
    });

    test('an e-mail change (secure, the default): nothing changes until the links to BOTH addresses are opened', async () => {
      const email = uniqueEmail('Old').toLowerCase();
      const newEmail = uniqueEmail('New').toLowerCase();
      const session = await signedUpSession(app, email);
      const before = server.mailer.sent.length;
      const res = await updateUser(app, session.access_token, { email: newEmail.toUpperCase() }, `?redirect_to=${encodeURIComponent('http://localhost/profile-settings')}`);
      expect(res.status).toBe(200);
      const pending = (await res.json()) as GoTrueUser;
      expect(pending.email).toBe(email);
      expect(pending.new_email).toBe(newEmail);
      expect(Date.parse(pending.email_change_sent_at!)).toBeGreaterThan(Date.now() - 60_000);

      const mails = server.mailer.sent.slice(before);
      expect(mails.map((m) => m.to).sort()).toEqual([email, newEmail].sort());
      const toNew = linkIn(server.mailer, newEmail);
      const toCurrent = linkIn(server.mailer, email);
      expect(toNew).toMatch(/^http:\/\/localhost\/auth\/v1\/verify\?token=[0-9a-f]{56}&type=email_change&redirect_to=http:\/\/localhost\/profile-settings$/);
      expect(toCurrent).not.toBe(toNew);
      expect(mails.find((m) => m.to === newEmail)?.html).toContain(`href="${toNew.replaceAll('&', '&#38;')}"`);

      // nothing changed yet
      await expectGoTrueError(await signIn(app, newEmail, password), 400, 'invalid_credentials');
      expect(((await (await request(app, 'GET', '/auth/v1/user', { token: session.access_token })).json()) as GoTrueUser).email).toBe(email);

      // the first link: accepted, the browser is told to open the other one
      expect(await open(app, toNew)).toBe(
        'http://localhost/profile-settings#message=Confirmation+link+accepted.+Please+proceed+to+confirm+link+sent+to+the+other+email&sb=',
      );
      expect((await signIn(app, email, password)).status).toBe(200);
      // the same link again is spent
      expect(fragmentOf(await open(app, toNew)).get('error_code')).toBe('otp_expired');

      // the second: the change is made and the browser gets a session in the fragment (implicit flow)
      const location = await open(app, toCurrent);
      expect(location).toMatch(/^http:\/\/localhost\/profile-settings#access_token=[^&]+&expires_at=\d+&expires_in=3600&refresh_token=[^&]+&sb=&token_type=bearer&type=email_change$/);
      const fragment = fragmentOf(location);
      const me = (await (await request(app, 'GET', '/auth/v1/user', { token: fragment.get('access_token')! })).json()) as GoTrueUser;
      expect(me.email).toBe(newEmail);
      expect(me).not.toHaveProperty('new_email');
      expect((await refresh(app, fragment.get('refresh_token')!)).status).toBe(200);
      // the session that asked goes on, and now says the new address
      expect(((await (await request(app, 'GET', '/auth/v1/user', { token: session.access_token })).json()) as GoTrueUser).email).toBe(newEmail);
      expect((await signIn(app, newEmail, password)).status).toBe(200);
      await expectGoTrueError(await signIn(app, email, password), 400, 'invalid_credentials');
      expect(fragmentOf(await open(app, toCurrent)).get('error_code')).toBe('otp_expired');
    });

    test('an address another account uses is 422 email_exists; an invalid one 400; the current one changes nothing', async () => {
      const taken = uniqueEmail('Taken');
      await signedUpSession(app, taken);
      const email = uniqueEmail();
      const session = await signedUpSession(app, email);
      const before = server.mailer.sent.length;
      await expectGoTrueError(
        await updateUser(app, session.access_token, { email: taken.toUpperCase() }),
        422,
        'email_exists',
        'A user with this email address has already been registered',
      );
      await expectGoTrueError(await updateUser(app, session.access_token, { email: 'not-an-email' }), 400, 'validation_failed', 'Unable to validate email address: invalid format');
      await expectGoTrueError(await updateUser(app, session.access_token, { email: 42 }), 400, 'bad_json');
      const same = (await (await updateUser(app, session.access_token, { email: email.toUpperCase() })).json()) as GoTrueUser;
      expect(same).not.toHaveProperty('new_email');
      expect(server.mailer.sent.length).toBe(before);
    });

    test('forged and malformed links: an error redirect (otp_expired) or 400 without a token or type', async () => {
      const forged = `http://localhost/auth/v1/verify?token=${'ab'.repeat(28)}&type=email_change&redirect_to=http://localhost/profile-settings`;
      expect(await open(app, forged)).toBe(
        'http://localhost/profile-settings#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired&sb=',
      );
      // a redirect_to elsewhere is not followed: the site instead
      expect(await open(app, `http://localhost/auth/v1/verify?token=x&type=email_change&redirect_to=https://evil.example/`)).toMatch(/^http:\/\/localhost#error=access_denied/);
      expect(fragmentOf(await open(app, 'http://localhost/auth/v1/verify?token=x&type=recovery')).get('error_code')).toBe('otp_expired');
      expect(fragmentOf(await open(app, 'http://localhost/auth/v1/verify?token=x&type=bogus')).get('error')).toBe('invalid_request');
      await expectGoTrueError(await request(app, 'GET', '/auth/v1/verify?type=email_change'), 400, 'validation_failed', 'Verify requires a token or a token hash');
      await expectGoTrueError(await request(app, 'GET', '/auth/v1/verify?token=x'), 400, 'validation_failed', 'Verify requires a verification type');
    });
  });
}

describe('e-mail change on a moving clock (memory store)', () => {
  test('sent again within 60 s: 429 over_email_send_rate_limit; links expire after a day; a password change voids them', async () => {
    let clock = Date.parse('2030-01-01T00:00:00Z');
    const server = await createTestAuthServer({ now: () => new Date(clock) });
    const { app, mailer } = server;
    const session = await signedUpSession(app, uniqueEmail());
    const first = uniqueEmail('First').toLowerCase();
    expect((await updateUser(app, session.access_token, { email: first })).status).toBe(200);
    clock += 15_000;
    await expectGoTrueError(
      await updateUser(app, session.access_token, { email: first }),
      429,
      'over_email_send_rate_limit',
      'For security purposes, you can only request this after 45 seconds.',
    );
    await expectGoTrueError(await updateUser(app, session.access_token, { email: uniqueEmail() }), 429, 'over_email_send_rate_limit');
    clock += 46_000;
    const second = uniqueEmail('Second').toLowerCase();
    expect(((await (await updateUser(app, session.access_token, { email: second })).json()) as GoTrueUser).new_email).toBe(second);
    // the first request's links were replaced
    expect(fragmentOf(await open(app, linkIn(mailer, first))).get('error_code')).toBe('otp_expired');

    clock += 86_400_000 + 1_000;
    const expired = await open(app, linkIn(mailer, second));
    expect(expired).toMatch(/^http:\/\/localhost#error=access_denied&error_code=otp_expired/);

    // a day later the access token has long expired: a new sign-in
    const later = (await (await signIn(app, session.user.email, password)).json()) as GoTrueSession;
    const third = uniqueEmail('Third').toLowerCase();
    expect((await updateUser(app, later.access_token, { email: third })).status).toBe(200);
    expect((await updateUser(app, later.access_token, { password: 'a brand new passphrase' })).status).toBe(200);
    expect(fragmentOf(await open(app, linkIn(mailer, third))).get('error_code')).toBe('otp_expired');
  });

  test('a mail that cannot be sent withdraws the change: no pending address, no 60 s wait before trying again', async () => {
    const server = await createTestAuthServer();
    const { app, mailer } = server;
    const session = await signedUpSession(app, uniqueEmail());
    const send = mailer.send;
    mailer.send = async () => {
      throw new Error('the mail server is down');
    };
    const wanted = uniqueEmail('Wanted').toLowerCase();
    expect((await updateUser(app, session.access_token, { email: wanted })).status).toBeGreaterThanOrEqual(500);
    const user = (await (await request(app, 'GET', '/auth/v1/user', { token: session.access_token })).json()) as GoTrueUser;
    expect(user.new_email).toBeUndefined();
    mailer.send = send;
    expect(((await (await updateUser(app, session.access_token, { email: wanted })).json()) as GoTrueUser).new_email).toBe(wanted);
  });

  test('secure e-mail change off: one link, to the new address only, makes the change', async () => {
    const { app, mailer } = await createTestAuthServer({ secureEmailChange: false });
    const email = uniqueEmail().toLowerCase();
    const session = await signedUpSession(app, email);
    const newEmail = uniqueEmail('Only').toLowerCase();
    expect((await updateUser(app, session.access_token, { email: newEmail })).status).toBe(200);
    expect(mailer.sent.map((m) => m.to)).toEqual([newEmail]);
    const location = await open(app, linkIn(mailer, newEmail));
    expect(fragmentOf(location).get('type')).toBe('email_change');
    expect(sessionIdOf({ access_token: fragmentOf(location).get('access_token')! } as GoTrueSession)).not.toBe(sessionIdOf(session));
    expect((await signIn(app, newEmail, password)).status).toBe(200);
  });
});
