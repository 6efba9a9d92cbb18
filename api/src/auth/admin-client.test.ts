// Where createAuthServices points the official admin client, and with which key: the hosted project with
// SUPABASE_SERVICE_ROLE_KEY, or the local stand-in over loopback with a service_role token signed by the local key.
import { afterAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLocalJWKSet, decodeJwt, jwtVerify } from 'jose';
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

  test('without SUPABASE_URL: the stand-in over loopback, with a service_role token of the local signing key', async () => {
    const env = { PORT: '3999', DATA_DIR: dataDir };
    const { fetch, requests } = recordingFetch();
    const auth = await createAuthServices(testConfig(env), env, { fetch });
    expect(auth.config.mode).toBe('local');
    expect((await auth.admin!.deleteUser(userId, true)).error).toBeNull();
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      `GET http://127.0.0.1:3999/auth/v1/admin/users/${userId}`,
      `DELETE http://127.0.0.1:3999/auth/v1/admin/users/${userId}`,
    ]);
    const key = requests[0]!.apikey!;
    expect(requests[0]!.authorization).toBe(`Bearer ${key}`);
    // signed by the key the stand-in checks, with Supabase's service_role claims and nothing of a user's
    await jwtVerify(key, createLocalJWKSet(auth.signingKey!.jwks));
    const claims = decodeJwt(key);
    expect(claims).toMatchObject({ role: 'service_role', iss: 'supabase' });
    expect(claims.sub).toBeUndefined();
    expect(claims.aud).toBeUndefined();
    await expect(auth.verifier.verify(key)).rejects.toMatchObject({ status: 401 });
  });
});
