// The store contract, on every backend: the SQL store on PGlite and PostgreSQL, and the in-memory one the
// HTTP tests also use (so that it keeps the SQL store's semantics).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { backends, type TestBackend } from './backends.ts';
import { hashRefreshToken, newRefreshToken } from './service.ts';
import { createSqlAuthStore, type AuthStore } from './store.ts';
import { openPglite } from './test-databases.ts';
import { uniqueEmail } from './testing.ts';

const hash = () => hashRefreshToken(newRefreshToken());

for (const backend of backends) {
  describe.skipIf(!backend.available)(`AuthStore (${backend.name})`, () => {
    let opened: TestBackend;
    let store: AuthStore;
    beforeAll(async () => {
      opened = await backend.open();
      store = opened.store;
    });
    afterAll(async () => {
      await opened?.close();
    });

    const newUser = async (email = uniqueEmail().toLowerCase()) => {
      const user = await store.createUser({ email, passwordHash: 'hash', userMetadata: { first_name: 'Ada' } });
      if (!user) throw new Error('createUser returned null');
      return user;
    };

    test('createUser: a confirmed e-mail user; a taken address (any case) gives null, also under a race', async () => {
      const email = uniqueEmail().toLowerCase();
      const user = await newUser(email);
      expect(user).toMatchObject({
        email,
        aud: 'authenticated',
        role: 'authenticated',
        encryptedPassword: 'hash',
        appMetadata: { provider: 'email', providers: ['email'] },
        userMetadata: { first_name: 'Ada' },
        isAnonymous: false,
        bannedUntil: null,
        lastSignInAt: null,
      });
      expect(user.emailConfirmedAt).toBeInstanceOf(Date);
      expect(user.createdAt).toBeInstanceOf(Date);
      expect(await store.createUser({ email: email.toUpperCase(), passwordHash: 'x', userMetadata: {} })).toBeNull();
      expect((await store.findUserByEmail(email.toUpperCase()))?.id).toBe(user.id);
      expect((await store.findUserById(user.id))?.email).toBe(email);

      const raced = uniqueEmail().toLowerCase();
      const results = await Promise.all([0, 1, 2].map(() => store.createUser({ email: raced, passwordHash: 'h', userMetadata: {} })));
      expect(results.filter(Boolean)).toHaveLength(1);
    });

    test('startSession stamps last_sign_in_at and stores the first refresh token', async () => {
      const user = await newUser();
      const token = hash();
      const { session, user: signedIn } = await store.startSession({ userId: user.id, refreshTokenHash: token, userAgent: 'ua', ip: '203.0.113.5' });
      expect(session).toMatchObject({ userId: user.id, notAfter: null });
      expect(signedIn.lastSignInAt).toBeInstanceOf(Date);
      expect(await store.findSession(session.id)).toEqual(session);
      expect((await opened.refreshTokens()).filter((t) => t.sessionId === session.id)).toEqual([
        { token, parent: null, revoked: false, sessionId: session.id },
      ]);
    });

    test('rotateRefreshToken: rotation, parent of the live token, reuse, unknown', async () => {
      const user = await newUser();
      const p = hash();
      const { session } = await store.startSession({ userId: user.id, refreshTokenHash: p, userAgent: null, ip: null });
      const c1 = hash();
      expect(await store.rotateRefreshToken(p, c1)).toMatchObject({ status: 'rotated', session: { id: session.id }, user: { id: user.id } });
      const c2 = hash();
      expect((await store.rotateRefreshToken(p, c2)).status).toBe('rotated'); // sibling of c1
      const d = hash();
      expect((await store.rotateRefreshToken(c1, d)).status).toBe('rotated'); // retires c2
      expect(await store.rotateRefreshToken(c2, hash())).toEqual({ status: 'reused' });
      expect((await opened.refreshTokens()).filter((t) => t.sessionId === session.id).every((t) => t.revoked)).toBe(true);
      expect((await store.findSession(session.id))?.notAfter).toBeInstanceOf(Date);
      expect(await store.rotateRefreshToken(d, hash())).toEqual({ status: 'reused' });
      expect(await store.rotateRefreshToken(hash(), hash())).toEqual({ status: 'not_found' });
    });

    test('rotateRefreshToken: concurrent refreshes with one token all succeed', async () => {
      const user = await newUser();
      const p = hash();
      const { session } = await store.startSession({ userId: user.id, refreshTokenHash: p, userAgent: null, ip: null });
      const results = await Promise.all([0, 1, 2].map(() => store.rotateRefreshToken(p, hash())));
      expect(results.map((r) => r.status)).toEqual(['rotated', 'rotated', 'rotated']);
      const live = (await opened.refreshTokens()).filter((t) => t.sessionId === session.id && !t.revoked);
      expect(live).toHaveLength(3);
      expect(live.every((t) => t.parent === p)).toBe(true);
    });

    test('endSessions: local, others, global', async () => {
      const user = await newUser();
      const start = () => store.startSession({ userId: user.id, refreshTokenHash: hash(), userAgent: null, ip: null });
      const [a, b, c] = [await start(), await start(), await start()];
      await store.endSessions(user.id, a.session.id, 'local');
      expect(await store.findSession(a.session.id)).toBeNull();
      expect(await store.findSession(b.session.id)).not.toBeNull();
      await store.endSessions(user.id, b.session.id, 'others');
      expect(await store.findSession(b.session.id)).not.toBeNull();
      expect(await store.findSession(c.session.id)).toBeNull();
      await store.endSessions(user.id, null, 'global');
      expect(await store.findSession(b.session.id)).toBeNull();
      expect((await opened.refreshTokens()).some((t) => [a, b, c].some((s) => s.session.id === t.sessionId))).toBe(false);
    });

    test('updateUser: applies the patch decided on the locked row; another account\'s address is email_taken', async () => {
      const user = await newUser();
      const keep = await store.startSession({ userId: user.id, refreshTokenHash: hash(), userAgent: null, ip: null });
      const other = await store.startSession({ userId: user.id, refreshTokenHash: hash(), userAgent: null, ip: null });
      const sentAt = new Date('2030-01-02T03:04:05.000Z');
      const newEmail = uniqueEmail().toLowerCase();
      const seen: string[] = [];
      const result = await store.updateUser(user.id, async (current) => {
        seen.push(current.email);
        return {
          passwordHash: 'new-hash',
          userMetadata: { first_name: 'Grace' },
          emailChange: newEmail,
          emailChangeTokenNew: 'token-new',
          emailChangeTokenCurrent: 'token-current',
          emailChangeSentAt: sentAt,
          emailChangeConfirmStatus: 0,
          endSessions: { keep: keep.session.id },
        };
      });
      expect(seen).toEqual([user.email]);
      expect(result).toMatchObject({
        status: 'updated',
        user: { email: user.email, encryptedPassword: 'new-hash', userMetadata: { first_name: 'Grace' }, emailChange: newEmail, emailChangeSentAt: sentAt },
      });
      expect(await store.findSession(keep.session.id)).not.toBeNull();
      expect(await store.findSession(other.session.id)).toBeNull();
      expect((await store.findUserByEmailChangeToken('token-new'))?.id).toBe(user.id);
      expect((await store.findUserByEmailChangeToken('token-current'))?.id).toBe(user.id);
      expect(await store.findUserByEmailChangeToken('')).toBeNull();

      const confirmed = await store.updateUser(user.id, async () => ({ email: newEmail, emailChange: null, emailChangeTokenNew: null, emailChangeTokenCurrent: null }));
      expect(confirmed).toMatchObject({ status: 'updated', user: { email: newEmail, emailChange: null, emailChangeTokenNew: null, emailChangeTokenCurrent: null } });
      expect(await store.findUserByEmailChangeToken('token-new')).toBeNull();

      const taken = await newUser();
      expect(await store.updateUser(user.id, async () => ({ email: taken.email }))).toEqual({ status: 'email_taken' });
      expect(await store.updateUser(crypto.randomUUID(), async () => ({}))).toEqual({ status: 'not_found' });
      // what decide throws leaves the user as it was
      await expect(store.updateUser(user.id, async () => Promise.reject(new Error('mail failed')))).rejects.toThrow('mail failed');
      expect((await store.findUserById(user.id))?.email).toBe(newEmail);
    });
  });
}

describe('SQL store specifics (PGlite)', () => {
  test('the session records IP and user agent', async () => {
    const db = await openPglite();
    try {
      const store = createSqlAuthStore(db);
      const user = await store.createUser({ email: uniqueEmail().toLowerCase(), passwordHash: 'h', userMetadata: {} });
      const { session } = await store.startSession({ userId: user!.id, refreshTokenHash: hash(), userAgent: 'Firefox', ip: '2001:db8::1' });
      const [row] = await db.privileged((sql) =>
        sql.query<{ ip: string; user_agent: string }>('select host(ip) as ip, user_agent from auth.sessions where id = $1', [session.id]),
      );
      expect(row).toEqual({ ip: '2001:db8::1', user_agent: 'Firefox' });
    } finally {
      await db.close();
    }
  });
});
