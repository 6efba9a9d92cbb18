// The Supabase Auth stand-in as the default install runs it: a process of its own beside a real api process, keeping
// its users in the api's database (the embedded PGlite on the api's socket, or PostgreSQL), its tokens checked by the
// api with the keys it publishes, its service_role key left for the api's admin client. Its crash costs sign-ins
// only: the api answers on, signed-in users go on, and once it is back it signs people in again.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { postgresReachable } from '../db/testing.ts';
import { createThrowawayDatabase, type ThrowawayDatabase } from '@ringwise/test-postgres';
import { startApiProcesses, type ApiProcesses } from '../testing/api-processes.ts';

const hasPostgres = await postgresReachable();
const password = 'correct horse battery';

for (const engine of ['PGlite', 'PostgreSQL'] as const) {
  describe.skipIf(engine === 'PostgreSQL' && !hasPostgres)(`the auth stand-in's process beside the api, on ${engine}`, () => {
    let api: ApiProcesses;
    let database: ThrowawayDatabase | null = null;
    beforeAll(async () => {
      database = engine === 'PostgreSQL' ? await createThrowawayDatabase() : null;
      api = await startApiProcesses(1, { ...(database ? { databaseUrl: database.url } : {}), standIns: ['auth'] });
    }, 90_000);
    afterAll(async () => {
      await api?.stop();
      await database?.drop();
    });

    const auth = () => api.standIns.auth!;
    const origin = () => api.origins[0]!;
    const post = (path: string, body: unknown) =>
      fetch(`${auth().url}/auth/v1/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const me = (token: string) => fetch(`${origin()}/api/auth/user`, { headers: { authorization: `Bearer ${token}` } });

    test('a sign-up at the stand-in is a user of the api: its profile, its token accepted', async () => {
      const email = `process-${crypto.randomUUID()}@example.com`;
      const signUp = await post('signup', { email, password });
      expect(signUp.status).toBe(200);
      const { access_token: token, user } = (await signUp.json()) as { access_token: string; user: { id: string } };
      const profile = await me(token);
      expect(profile.status).toBe(200);
      expect(await profile.json()).toMatchObject({ id: user.id, email, balance: '0.00' });
    });

    test('account deletion goes through the stand-in\'s admin API with the key it left: the sign-in ends there too', async () => {
      const email = `deleted-${crypto.randomUUID()}@example.com`;
      const { access_token: token } = (await (await post('signup', { email, password })).json()) as { access_token: string };
      const deleted = await fetch(`${origin()}/api/user`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ confirm: email }),
      });
      expect(deleted.status).toBe(204);
      expect((await me(token)).status).toBe(401);
      expect((await post('token?grant_type=password', { email, password })).status).toBe(400);
    });

    test('killed, it costs sign-ins only: the api stays up and signed-in users go on; started again, it signs in', async () => {
      const email = `crash-${crypto.randomUUID()}@example.com`;
      const { access_token: token } = (await (await post('signup', { email, password })).json()) as { access_token: string };
      await auth().kill();
      expect((await fetch(`${origin()}/api/health`)).status).toBe(200);
      expect((await me(token)).status).toBe(200);
      expect(await post('token?grant_type=password', { email, password }).then((r) => r.status, () => 'refused')).toBe('refused');
      await auth().restart();
      const again = await post('token?grant_type=password', { email, password });
      expect(again.status).toBe(200);
      expect((await me(((await again.json()) as { access_token: string }).access_token)).status).toBe(200);
    }, 60_000);
  });
}
