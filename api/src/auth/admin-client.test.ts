// Where createAuthServices points the official admin client, and with which key: the hosted project with
// SUPABASE_SERVICE_ROLE_KEY, or the local stand-in at AUTH_STAND_IN_URL with the service_role key it left in DATA_DIR.
import { afterAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { statSync } from 'node:fs';
import { decodeJwt } from 'jose';
import { issueServiceRoleKey, serviceRoleKeyFileName, writeServiceRoleKey } from '@ringwise/auth-stand-in/service-role';
import { createTestSigningKey } from './testing.ts';
import { createTokenVerifier } from './verify.ts';
import { createAuthServices } from '../services.ts';
import { testConfig } from '../testing/fixtures.ts';
import type { FetchFunction } from '../payments/stripe-client.ts';

const userId = '6f1c2b9e-3a4d-4e5f-8a7b-9c0d1e2f3a4b';
const dataDir = mkdtempSync(join(tmpdir(), 'ringwise-admin-client-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** A fetch that records each request and answers as GoTrue does (the user for GET, {} for DELETE). */
function recordingFetch() {
  const requests: { method: string; url: string; apikey: string | null; authorization: string | null; body: string }[] = [];
  const fetch: FetchFunction = async (input, init) => {
    const request = new Request(input, init);
    requests.push({
      method: request.method,
      url: request.url,
      apikey: request.headers.get('apikey'),
      authorization: request.headers.get('authorization'),
      body: await request.text(),
    });
    return Response.json(request.method === 'GET' ? { id: userId, aud: 'authenticated', role: 'authenticated', email: 'ada@example.test' } : {});
  };
  return { fetch, requests };
}

describe('the Auth admin client of createAuthServices', () => {
  test('with SUPABASE_URL: the project, with SUPABASE_SERVICE_ROLE_KEY as apikey and bearer token', async () => {
    const env = { SUPABASE_URL: 'https://abcd.supabase.co/', SUPABASE_ANON_KEY: 'anon', SUPABASE_SERVICE_ROLE_KEY: 'sb_secret_test', DATA_DIR: dataDir };
    const { fetch, requests } = recordingFetch();
    const auth = await createAuthServices(testConfig(env), env, { fetch });
    expect(auth.config.mode).toBe('hosted');
    const { error } = await auth.admin!.deleteUser(userId, true);
    expect(error).toBeNull();
    expect(requests).toEqual([
      { method: 'GET', url: `https://abcd.supabase.co/auth/v1/admin/users/${userId}`, apikey: 'sb_secret_test', authorization: 'Bearer sb_secret_test', body: '' },
      { method: 'DELETE', url: `https://abcd.supabase.co/auth/v1/admin/users/${userId}`, apikey: 'sb_secret_test', authorization: 'Bearer sb_secret_test', body: '{"should_soft_delete":true}' },
    ]);
  });

  test('without SUPABASE_URL: the stand-in at AUTH_STAND_IN_URL, with the service_role key it left in DATA_DIR/auth', async () => {
    const env = { AUTH_STAND_IN_URL: 'http://127.0.0.1:3999', DATA_DIR: dataDir };
    const { fetch, requests } = recordingFetch();
    const auth = await createAuthServices(testConfig(env), env, { fetch });
    expect(auth.config.mode).toBe('local');
    // the stand-in has not started yet: a clear failure, no request sent without the key
    expect((await auth.admin!.deleteUser(userId, true)).error?.message).toContain('has not left its service_role key');
    expect(requests).toEqual([]);

    const signingKey = await createTestSigningKey();
    const key = await issueServiceRoleKey(signingKey);
    writeServiceRoleKey(join(dataDir, 'auth', serviceRoleKeyFileName), key);
    expect(statSync(join(dataDir, 'auth', serviceRoleKeyFileName)).mode & 0o777).toBe(0o600);
    expect((await auth.admin!.deleteUser(userId, true)).error).toBeNull();
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      `GET http://127.0.0.1:3999/auth/v1/admin/users/${userId}`,
      `DELETE http://127.0.0.1:3999/auth/v1/admin/users/${userId}`,
    ]);
    expect(requests[0]).toMatchObject({ apikey: key, authorization: `Bearer ${key}` });
    // Supabase's service_role claims and nothing of a user's: the api's verifier refuses it as a user's token
    const claims = decodeJwt(key);
    expect(claims).toMatchObject({ role: 'service_role', iss: 'supabase' });
    expect(claims.sub).toBeUndefined();
    const verifier = createTokenVerifier(auth.config, { keys: signingKey.jwks });
    await expect(verifier.verify(key)).rejects.toMatchObject({ status: 401 });
  });
});
