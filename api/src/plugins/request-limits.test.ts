// Every /api request as a careless or hostile client sends it (issue: hardening): refused with a 4xx and the
// error envelope before any route runs, nothing written. Through the whole app on PostgreSQL.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createTestDatabase, type TestDatabase } from '../db/testing.ts';
import { billingTestApp, type BillingTestApp } from '../modules/billing/testing.ts';
import { allowedMethods } from './contract-routes.ts';
import { maxApiBodyBytes } from './request-limits.ts';

let database: TestDatabase;
let t: BillingTestApp;
let user: { token: string; id: string };

const contacts = () =>
  database.db.privileged(async (sql) => Number((await sql.query<{ n: string }>('select count(*) as n from public.contacts where user_id = $1', [user.id]))[0]!.n));

async function expectRefused(res: Response, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toStartWith('application/json');
  const body = (await res.json()) as { error: { code: string; message: string } };
  expect(body.error.code).toBe(code);
  expect(body.error.message.length).toBeGreaterThan(10);
}

beforeAll(async () => {
  database = await createTestDatabase();
  t = await billingTestApp(database.db, {});
  user = await t.signUp('limits');
});
afterAll(() => database.drop());

describe('request limits on /api', () => {
  test('a wrong method is a 405 with Allow; an unknown path stays 404', async () => {
    const res = await t.call('PUT', '/api/contacts', user.token, { displayName: 'Eve', primaryNumber: '+442079460000' });
    await expectRefused(res, 405, 'method_not_allowed');
    expect(res.headers.get('allow')).toBe('GET, POST');
    expect((await t.call('POST', '/api/auth/user', user.token)).headers.get('allow')).toBe('GET');
    expect((await t.call('GET', '/api/contacts/0b6a1c9e-1111-4222-8333-444455556666', user.token)).headers.get('allow')).toBe('PATCH, DELETE');
    expect((await t.call('GET', '/api/nothing-here', user.token)).status).toBe(404);
    expect(allowedMethods('/api/calls/status/CA123')).toEqual(['GET']);
  });

  test('a body over 1 MB is a 413, by its Content-Length or by what arrives, and nothing is written', async () => {
    const before = await contacts();
    const huge = JSON.stringify({ displayName: 'x'.repeat(maxApiBodyBytes), primaryNumber: '+442079460000' });
    await expectRefused(await t.call('POST', '/api/contacts', user.token, huge, { 'content-type': 'application/json', 'content-length': String(huge.length) }), 413, 'payload_too_large');
    // no Content-Length (a stream): counted while reading
    const stream = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 24; i++) controller.enqueue(new TextEncoder().encode('x'.repeat(64 * 1024)));
        controller.close();
      },
    });
    const streamed = await t.app.handle(
      new Request('http://localhost/api/contacts', {
        method: 'POST',
        headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
        body: stream,
        duplex: 'half',
      } as RequestInit),
    );
    await expectRefused(streamed, 413, 'payload_too_large');
    expect(await contacts()).toBe(before);
  });

  test('a body that is not JSON is a 415, on PATCH too, and nothing changes', async () => {
    const before = await contacts();
    await expectRefused(await t.call('POST', '/api/contacts', user.token, 'displayName=Eve&primaryNumber=%2B442079460000', { 'content-type': 'application/x-www-form-urlencoded' }), 415, 'unsupported_media_type');
    const res = await t.call('PATCH', '/api/user/preferences', user.token, '{"autoRechargeEnabled":true}', { 'content-type': 'text/plain' });
    await expectRefused(res, 415, 'unsupported_media_type');
    const me = (await (await t.call('GET', '/api/auth/user', user.token)).json()) as { autoRechargeEnabled: boolean };
    expect(me.autoRechargeEnabled).toBe(false);
    expect(await contacts()).toBe(before);
    // a charset is fine
    expect((await t.call('PATCH', '/api/user/preferences', user.token, '{"lowBalanceAlertEnabled":false}', { 'content-type': 'application/json; charset=utf-8' })).status).toBe(200);
  });

  test('NUL characters and invalid UTF-8 are a 400, never a 500', async () => {
    const before = await contacts();
    await expectRefused(await t.call('POST', '/api/contacts', user.token, { displayName: 'Eve\u0000', primaryNumber: '+442079460000' }), 400, 'bad_request');
    await expectRefused(await t.call('POST', '/api/contacts', user.token, { displayName: 'Eve', primaryNumber: '+442079460000', notes: { 'a\u0000': 1 } }), 400, 'bad_request');
    await expectRefused(await t.call('GET', '/api/contacts?search=%00', user.token), 400, 'bad_request');
    await expectRefused(await t.call('GET', '/api/rates/lookup?number=%E0%80', user.token), 400, 'bad_request');
    const invalid = new Uint8Array([0x7b, 0x22, 0x64, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]);
    const notUtf8 = await t.app.handle(
      new Request('http://localhost/api/contacts', { method: 'POST', headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' }, body: invalid }),
    );
    await expectRefused(notUtf8, 400, 'bad_request');
    await expectRefused(await t.call('POST', '/api/contacts', user.token, '{"displayName": ', { 'content-type': 'application/json' }), 400, 'bad_request');
    expect(await contacts()).toBe(before);
  });

  test('every authenticated answer, refusals included, says Cache-Control: no-store', async () => {
    for (const res of [
      await t.call('GET', '/api/auth/user', user.token),
      await t.call('GET', '/api/contacts', user.token),
      await t.call('GET', '/api/transactions', user.token),
      await t.call('GET', '/api/auth/user'),
      await t.call('GET', '/api/auth/user', 'not-a-token'),
      await t.call('POST', '/api/contacts', user.token, { displayName: '' }),
    ]) {
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
  });
});
