// The auth server as an attacker finds it (issue: hardening): password rules and hostile input. (Its limits with the
// api's limiter, across api processes, are tested in the api: api/src/auth/local-stand-in.test.ts.)
import { describe, expect, test } from 'bun:test';
import type { GoTrueErrorBody } from './model.ts';
import { createTestAuthServer, signUp, uniqueEmail } from './testing.ts';

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
