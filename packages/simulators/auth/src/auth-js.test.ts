// Wire compatibility: the REAL @supabase/auth-js client (what supabase-js uses in the browser) against the
// local auth server, through app.handle (no sockets).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { AuthClient, AuthWeakPasswordError, isAuthApiError, type SupportedStorage } from '@supabase/auth-js';
import { backends, type TestBackend } from './backends.ts';
import { createTestAuthServer, linkIn, refresh, uniqueEmail, type TestAuthServer } from './testing.ts';

function memoryStorage(): SupportedStorage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

let clients = 0;
function clientFor(server: TestAuthServer) {
  clients += 1;
  const requests: string[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    requests.push(`${request.method} ${new URL(request.url).pathname}${new URL(request.url).search}`);
    return server.app.handle(request);
  }) as typeof globalThis.fetch;
  const storage = memoryStorage();
  const client = new AuthClient({
    url: 'http://localhost/auth/v1',
    headers: { apikey: 'local-anon-key' },
    storageKey: `sb-ringwise-auth-token-${clients}`,
    storage,
    fetch,
    autoRefreshToken: false,
    persistSession: true,
    detectSessionInUrl: false,
  });
  return { client, storage, requests };
}

for (const backend of backends.filter((b) => b.name !== 'postgres')) {
  describe.skipIf(!backend.available)(`@supabase/auth-js AuthClient against the local auth server (${backend.name} store)`, () => {
    let opened: TestBackend;
    let server: TestAuthServer;
    // PGlite's first start compiles its WASM: seconds, more on a busy machine
    beforeAll(async () => {
      opened = await backend.open();
      server = await createTestAuthServer({ store: opened.store });
    }, 30_000);
    afterAll(async () => {
      await opened?.close();
    });

    test('signUp → getUser → getClaims → refreshSession → signOut → signInWithPassword', async () => {
      const { client, storage, requests } = clientFor(server);
      const email = uniqueEmail('Wire');
      const password = 'a long enough password';

      const signedUp = await client.signUp({ email, password, options: { data: { first_name: 'Ada' } } });
      expect(signedUp.error).toBeNull();
      expect(signedUp.data.session?.token_type).toBe('bearer');
      expect(signedUp.data.user?.email).toBe(email.toLowerCase());
      expect(signedUp.data.user?.user_metadata).toEqual({ first_name: 'Ada' });
      expect([...storage.items.values()].join()).toContain(signedUp.data.session!.access_token);
      const userId = signedUp.data.user!.id;

      const { data: gotUser, error: getUserError } = await client.getUser();
      expect(getUserError).toBeNull();
      expect(gotUser.user?.id).toBe(userId);
      expect(gotUser.user?.app_metadata).toEqual({ provider: 'email', providers: ['email'] });

      // getClaims verifies the ES256 signature in the client with the published JWKS.
      const claims = await client.getClaims();
      expect(claims.error).toBeNull();
      expect(claims.data?.claims).toMatchObject({ sub: userId, role: 'authenticated', aal: 'aal1', email: email.toLowerCase() });
      expect(requests).toContain('GET /auth/v1/.well-known/jwks.json');

      const before = signedUp.data.session!;
      const refreshed = await client.refreshSession();
      expect(refreshed.error).toBeNull();
      expect(refreshed.data.session?.refresh_token).toBeTruthy();
      expect(refreshed.data.session?.refresh_token).not.toBe(before.refresh_token);
      expect(refreshed.data.session?.user.id).toBe(userId);
      expect((await client.getSession()).data.session?.refresh_token).toBe(refreshed.data.session!.refresh_token);

      const signedOut = await client.signOut();
      expect(signedOut.error).toBeNull();
      expect((await client.getSession()).data.session).toBeNull();
      expect(requests).toContain('POST /auth/v1/logout?scope=global');
      // The server really revoked it.
      expect((await refresh(server.app, refreshed.data.session!.refresh_token)).status).toBe(400);

      const wrong = await client.signInWithPassword({ email, password: 'not the password' });
      expect(wrong.data.session).toBeNull();
      expect(isAuthApiError(wrong.error)).toBe(true);
      expect(wrong.error).toMatchObject({ status: 400, code: 'invalid_credentials', message: 'Invalid login credentials' });

      const signedIn = await client.signInWithPassword({ email: email.toUpperCase(), password });
      expect(signedIn.error).toBeNull();
      expect(signedIn.data.user?.id).toBe(userId);
      expect((await client.getUser()).data.user?.email).toBe(email.toLowerCase());

      const local = await client.signOut({ scope: 'local' });
      expect(local.error).toBeNull();
      expect((await client.getSession()).data.session).toBeNull();
      expect(requests).toContain('POST /auth/v1/logout?scope=local');
      client.dispose?.();
    });

    test('updateUser: a new password (the old one refused after), data, and an e-mail change through its two links', async () => {
      const { client, requests } = clientFor(server);
      const email = uniqueEmail('Update').toLowerCase();
      expect((await client.signUp({ email, password: 'first password 1' })).error).toBeNull();
      let events: string[] = [];
      const { data: listener } = client.onAuthStateChange((event) => void events.push(event));

      const changed = await client.updateUser({ password: 'second password 2', data: { first_name: 'Ada' } });
      expect(changed.error).toBeNull();
      expect(changed.data.user?.user_metadata).toEqual({ first_name: 'Ada' });
      expect(events).toContain('USER_UPDATED');
      expect((await client.getSession()).data.session?.user.user_metadata).toEqual({ first_name: 'Ada' });
      const { client: other } = clientFor(server);
      expect((await other.signInWithPassword({ email, password: 'first password 1' })).error).toMatchObject({ status: 400, code: 'invalid_credentials' });
      expect((await other.signInWithPassword({ email, password: 'second password 2' })).error).toBeNull();

      const weak = await client.updateUser({ password: 'password' });
      expect(weak.error).toBeInstanceOf(AuthWeakPasswordError);
      expect(weak.error).toMatchObject({ status: 422, message: 'This password is too common and easy to guess. Please choose another.' });
      expect((weak.error as AuthWeakPasswordError).reasons).toEqual(['pwned']);
      expect((await client.updateUser({ password: 'second password 2' })).error).toMatchObject({ status: 422, code: 'same_password' });

      const taken = uniqueEmail('Taken');
      expect((await clientFor(server).client.signUp({ email: taken, password: 'good password 1' })).error).toBeNull();
      expect((await client.updateUser({ email: taken })).error).toMatchObject({ status: 422, code: 'email_exists' });

      const newEmail = uniqueEmail('Moved').toLowerCase();
      events = [];
      const pending = await client.updateUser({ email: newEmail }, { emailRedirectTo: 'http://localhost/profile-settings' });
      expect(pending.error).toBeNull();
      expect(pending.data.user).toMatchObject({ email, new_email: newEmail });
      expect(requests).toContain(`PUT /auth/v1/user?redirect_to=${encodeURIComponent('http://localhost/profile-settings')}`);
      expect((await client.updateUser({ email: newEmail })).error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });

      // both links (GoTrue's secure e-mail change), then the session in the fragment is a session auth-js takes
      expect((await server.app.handle(new Request(linkIn(server.mailer, newEmail)))).headers.get('location')).toContain('#message=');
      const location = (await server.app.handle(new Request(linkIn(server.mailer, email)))).headers.get('location')!;
      const fragment = new URLSearchParams(location.split('#')[1]);
      const { client: browser } = clientFor(server);
      const adopted = await browser.setSession({ access_token: fragment.get('access_token')!, refresh_token: fragment.get('refresh_token')! });
      expect(adopted.error).toBeNull();
      expect(adopted.data.user?.email).toBe(newEmail);
      // the client that asked sees it on its next getUser
      expect((await client.getUser()).data.user?.email).toBe(newEmail);
      expect((await other.signInWithPassword({ email: newEmail, password: 'second password 2' })).error).toBeNull();
      listener.subscription.unsubscribe();
      for (const c of [client, other, browser]) c.dispose?.();
    });

    test('errors surface as auth-js errors with GoTrue codes', async () => {
      const { client } = clientFor(server);
      const email = uniqueEmail('Errors');
      expect((await client.signUp({ email, password: 'good password 1' })).error).toBeNull();

      const taken = await client.signUp({ email, password: 'good password 1' });
      expect(taken.error).toMatchObject({ status: 422, code: 'user_already_exists', message: 'User already registered' });

      const weak = await client.signUp({ email: uniqueEmail(), password: 'short' });
      expect(weak.error).toBeInstanceOf(AuthWeakPasswordError);
      expect((weak.error as AuthWeakPasswordError).reasons).toEqual(['length']);

      // A replayed refresh token: the client reports it and drops the session.
      const session = (await client.getSession()).data.session!;
      expect((await refresh(server.app, session.refresh_token)).status).toBe(200);
      // Another tab refreshed with the same token first: as the parent of the live token it is still honoured.
      const next = (await client.refreshSession()).data.session;
      expect(next?.refresh_token).toBeTruthy();
      // After one more rotation the first token is just old: replaying it is reuse.
      expect((await client.refreshSession()).error).toBeNull();
      const replayed = await client.refreshSession({ refresh_token: session.refresh_token });
      expect(replayed.error).toMatchObject({ status: 400, code: 'refresh_token_already_used' });
      const afterReuse = await client.getUser();
      expect(afterReuse.data.user).toBeNull();
      client.dispose?.();
    });
  });
}
