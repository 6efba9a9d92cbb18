// `bun run admin:grant EMAIL` as an operator runs it: on PostgreSQL (DATABASE_URL), and on the embedded
// database while the api holds it (through the api's control socket) and after the api stopped.
import { afterAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startStandIn } from '@ringwise/simulator-common/processes';
import { repoRoot } from '../api/src/config.ts';
import { createAuthUser, createTestDatabase, testEmail } from '../api/src/db/testing.ts';

function grant(email: string | null, env: Record<string, string>) {
  const { DATABASE_URL: _ignored, ...rest } = process.env;
  const result = Bun.spawnSync(['bun', 'scripts/admin-grant.ts', ...(email === null ? [] : [email])], { cwd: repoRoot, env: { ...rest, ...env } });
  return { code: result.exitCode, out: result.stdout.toString(), err: result.stderr.toString() };
}

describe('on PostgreSQL', () => {
  test('an account becomes admin, audited; an unknown e-mail and bad usage are refused', async () => {
    const database = await createTestDatabase();
    try {
      const email = testEmail('first-admin');
      const id = await createAuthUser(database.db, { email });
      const granted = grant(email.toUpperCase(), { DATABASE_URL: database.url });
      expect(granted.err).toBe('');
      expect(granted.code).toBe(0);
      expect(granted.out).toContain(`is an admin (user ${id}, through postgres)`);
      const [row] = await database.db.privileged((sql) =>
        sql.query(`select u.role, a.action, a.actor_id::text as actor from public.users u join private.audit_log a on a.target_user_id = u.id where u.id = $1`, [id]),
      );
      expect(row).toEqual({ role: 'admin', action: 'user.role', actor: id });

      const unknown = grant('nobody@example.test', { DATABASE_URL: database.url });
      expect(unknown.code).toBe(1);
      expect(unknown.err).toContain('No account has the e-mail nobody@example.test. Sign up first, then grant.');
      expect(grant(null, { DATABASE_URL: database.url }).code).toBe(2);
      expect(grant('not an e-mail', { DATABASE_URL: database.url }).code).toBe(2);
    } finally {
      await database.drop();
    }
  }, 30_000);
});

describe('on the embedded database', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'ringwise-grant-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  test('while the api runs on it, through the api; after it stopped, directly', async () => {
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    const origin = `http://127.0.0.1:${port}`;
    const { DATABASE_URL: _ignored, ...rest } = process.env;
    // the sign-in server of the embedded install, which keeps its users in the api's database (on its socket)
    const auth = await startStandIn('auth', { PUBLIC_URL: origin, DATA_DIR: dataDir });
    const api = Bun.spawn(['bun', 'api/src/index.ts'], {
      cwd: repoRoot,
      env: { ...rest, PORT: String(port), PUBLIC_URL: origin, DATA_DIR: dataDir, SHELL_DIST: join(dataDir, 'no-shell'), NODE_ENV: 'production', AUTH_STAND_IN_URL: auth.url },
      stdout: 'pipe',
      stderr: 'pipe',
    });
    try {
      for (let i = 0; !(await fetch(`${origin}/api/health`).then((r) => r.ok, () => false)); i++) {
        if (i > 300 || api.exitCode !== null) throw new Error(`the api did not start: ${await new Response(api.stderr).text()}`);
        await Bun.sleep(100);
      }
      const email = testEmail('embedded-admin');
      const signUp = await fetch(`${auth.url}/auth/v1/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'correct horse battery' }),
      });
      const { access_token: token } = (await signUp.json()) as { access_token: string };
      const dashboard = () => fetch(`${origin}/api/admin/dashboard`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.status);
      expect(await dashboard()).toBe(403);

      const granted = grant(email, { DATA_DIR: dataDir });
      expect(granted.err).toBe('');
      expect(granted.out).toContain('through the running api');
      expect(await dashboard()).toBe(200);
      expect(grant('nobody@example.test', { DATA_DIR: dataDir }).err).toContain('No account has the e-mail nobody@example.test.');

      api.kill('SIGTERM');
      await api.exited;
      const again = grant(email, { DATA_DIR: dataDir });
      expect(again.code).toBe(0);
      expect(again.out).toContain('through pglite');
    } finally {
      api.kill('SIGKILL');
      await api.exited;
      await auth.stop();
    }
  }, 60_000);
});
