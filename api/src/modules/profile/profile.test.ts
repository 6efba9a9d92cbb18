// The profile settings through the api on the machine's PostgreSQL, with the carrier simulator: names, the
// avatar (types by their bytes, size, the public address), the export (only the user's own rows, no secrets)
// and the account's deletion (numbers released, data removed, the sign-in soft-deleted through Supabase Auth's admin
// API so sessions end and sign-in is refused, the ledger kept and clean).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createHash } from 'node:crypto';
import { testPublicUrl } from '../../auth/testing.ts';
import { createTestDatabase, type TestDatabase } from '../../db/testing.ts';
import { createTestTelephony, type TestTelephony } from '../../telephony/testing.ts';
import { testConfig } from '../../testing/fixtures.ts';
import { ledgerDifferences } from '../billing/ledger.ts';
import { billingTestApp, type BillingTestApp } from '../billing/testing.ts';

let database: TestDatabase;
let telephony: TestTelephony;
let testApp: BillingTestApp;
const password = 'correct horse battery';

beforeAll(async () => {
  database = await createTestDatabase();
  const config = testConfig({ PUBLIC_URL: testPublicUrl });
  telephony = await createTestTelephony(database.db, config);
  // its Auth admin client reaches the tests' stand-in (account deletion)
  testApp = await billingTestApp(database.db, { services: telephony.services });
  telephony.attach(testApp.app);
});
afterAll(async () => {
  await telephony.close();
  await database.drop();
});

const call = (method: string, path: string, token?: string, body?: unknown, headers?: Record<string, string>) => testApp.call(method, path, token, body, headers);

interface Session {
  token: string;
  refreshToken: string;
  id: string;
  email: string;
}

async function signUp(label: string, balance = '0.00'): Promise<Session> {
  const email = `${label}-${crypto.randomUUID()}@example.com`;
  const res = await call('POST', '/auth/v1/signup', undefined, { email, password });
  expect(res.status).toBe(200);
  const session = (await res.json()) as { access_token: string; refresh_token: string; user: { id: string } };
  if (balance !== '0.00') {
    await database.db.privileged((sql) => sql.query(`select private.post_ledger_entry($1, 'adjustment', $2::numeric, 'Test credit')`, [session.user.id, balance]));
  }
  return { token: session.access_token, refreshToken: session.refresh_token, id: session.user.id, email };
}

const upload = (token: string | undefined, bytes: Uint8Array, contentType: string, headers: Record<string, string> = {}) =>
  testApp.app.handle(
    new Request(`${testPublicUrl}/api/user/avatar`, {
      method: 'PUT',
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'content-type': contentType, ...headers },
      body: bytes as Uint8Array<ArrayBuffer>,
    }),
  );

const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; message: string } }).error;

// the first bytes of each type (what the api and the database check), then filler
const png = (size = 64) => Uint8Array.from({ length: size }, (_, i) => [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a][i] ?? i % 251);
const jpeg = (size = 64) => Uint8Array.from({ length: size }, (_, i) => [0xff, 0xd8, 0xff, 0xe0][i] ?? i % 251);
const webp = (size = 64) => Uint8Array.from({ length: size }, (_, i) => [0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x57, 0x45, 0x42, 0x50][i] ?? i % 251);
const gif = () => new TextEncoder().encode('GIF89a\u0001\u0000\u0001\u0000');
const html = () => new TextEncoder().encode('<html><script>alert(1)</script></html>');

describe('PATCH /api/user/profile', () => {
  test('changes one or both names; a name left out keeps its value; "" and null clear one', async () => {
    const user = await signUp('names');
    let res = await call('PATCH', '/api/user/profile', user.token, { firstName: '  Ada ', lastName: 'Lovelace' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: user.id, firstName: 'Ada', lastName: 'Lovelace' });
    res = await call('PATCH', '/api/user/profile', user.token, { lastName: 'King' });
    expect(await res.json()).toMatchObject({ firstName: 'Ada', lastName: 'King' });
    res = await call('PATCH', '/api/user/profile', user.token, { firstName: '', lastName: null });
    expect(await res.json()).toMatchObject({ firstName: null, lastName: null });
    res = await call('PATCH', '/api/user/profile', user.token, { firstName: 'Zoë 李' });
    expect((await res.json()).firstName).toBe('Zoë 李');
  });

  test('bad bodies are 400 envelopes and change nothing', async () => {
    const user = await signUp('names-bad');
    await call('PATCH', '/api/user/profile', user.token, { firstName: 'Kept' });
    const cases: [unknown, string][] = [
      [{}, 'bad_request'],
      [{ firstName: 'x'.repeat(101) }, 'validation_failed'],
      [{ lastName: 'Bell\u0007' }, 'validation_failed'],
      [{ firstName: 'Nul\u0000' }, 'bad_request'],
      [{ firstName: 5 }, 'validation_failed'],
      [{ role: 'admin' }, 'bad_request'],
      [{ lastName: 'B', balance: '99.00' }, 'bad_request'],
      [{ firstName: 'A', email: 'x@example.com' }, 'bad_request'],
      [['firstName'], 'bad_request'],
      ['{"firstName":', 'bad_request'],
    ];
    for (const [body, code] of cases) {
      const res = await call('PATCH', '/api/user/profile', user.token, body, { 'content-type': 'application/json' });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await errorOf(res)).code, JSON.stringify(body)).toBe(code);
    }
    expect((await (await call('GET', '/api/auth/user', user.token)).json()).firstName).toBe('Kept');
    expect((await call('PATCH', '/api/user/profile', undefined, { firstName: 'Anon' })).status).toBe(401);
  });
});

describe('avatars', () => {
  test('a PNG, JPEG or WebP upload becomes the profile image, served publicly with its type, nosniff and a year of cache', async () => {
    const user = await signUp('avatar');
    for (const [bytes, type] of [
      [png(), 'image/png'],
      [jpeg(), 'image/jpeg'],
      [webp(), 'image/webp'],
    ] as const) {
      const res = await upload(user.token, bytes, type);
      expect(res.status, type).toBe(200);
      const url = ((await res.json()) as { profileImageUrl: string }).profileImageUrl;
      expect(url).toMatch(/^\/api\/avatars\/[0-9a-f-]{36}$/);
      const image = await call('GET', url);
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe(type);
      expect(image.headers.get('x-content-type-options')).toBe('nosniff');
      expect(image.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(new Uint8Array(await image.arrayBuffer())).toEqual(bytes);
    }
  });

  test('a new upload gets a new address and the old one is gone; DELETE removes the avatar', async () => {
    const user = await signUp('avatar-replace');
    const first = ((await (await upload(user.token, png(), 'image/png')).json()) as { profileImageUrl: string }).profileImageUrl;
    const second = ((await (await upload(user.token, jpeg(), 'image/jpeg')).json()) as { profileImageUrl: string }).profileImageUrl;
    expect(second).not.toBe(first);
    expect((await call('GET', first)).status).toBe(404);
    const removed = await call('DELETE', '/api/user/avatar', user.token);
    expect(removed.status).toBe(200);
    expect((await removed.json()).profileImageUrl).toBeNull();
    const gone = await call('GET', second);
    expect(gone.status).toBe(404);
    expect((await errorOf(gone)).code).toBe('not_found');
  });

  test('wrong types, lying bytes, empty and too big uploads are clear 4xx envelopes', async () => {
    const user = await signUp('avatar-bad');
    const refusals: [Uint8Array, string, number, RegExp][] = [
      [gif(), 'image/gif', 415, /PNG, JPEG or WebP/],
      [png(), 'application/octet-stream', 415, /PNG, JPEG or WebP/],
      [png(), 'text/html', 415, /PNG, JPEG or WebP/],
      [html(), 'image/png', 415, /not the PNG, JPEG or WebP image it claims/],
      [gif(), 'image/jpeg', 415, /not the PNG, JPEG or WebP image it claims/],
      [jpeg(), 'image/png', 415, /not the PNG, JPEG or WebP image it claims/],
      [new Uint8Array([0x89, 0x50]), 'image/png', 415, /claims/],
      [new Uint8Array(), 'image/png', 400, /empty/],
      [png(2 * 1024 * 1024 + 1), 'image/png', 413, /larger than 2 MB/],
    ];
    for (const [bytes, type, status, message] of refusals) {
      const res = await upload(user.token, bytes, type);
      expect(res.status, `${type} ${bytes.length}`).toBe(status);
      expect((await errorOf(res)).message).toMatch(message);
    }
    // a chunked body without Content-Length is counted while it is read
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 3; i++) controller.enqueue(png(1024 * 1024));
        controller.close();
      },
    });
    const chunked = await testApp.app.handle(
      new Request(`${testPublicUrl}/api/user/avatar`, { method: 'PUT', headers: { authorization: `Bearer ${user.token}`, 'content-type': 'image/png' }, body: stream }),
    );
    expect(chunked.status).toBe(413);
    // exactly 2 MB is allowed
    expect((await upload(user.token, png(2 * 1024 * 1024), 'image/png')).status).toBe(200);
    expect((await upload(undefined, png(), 'image/png')).status).toBe(401);
    expect((await call('DELETE', '/api/user/avatar')).status).toBe(401);
  });

  test('an address that is no avatar is a 404 envelope', async () => {
    for (const id of ['not-a-uuid', crypto.randomUUID(), "1' or '1'='1"]) {
      const res = await call('GET', `/api/avatars/${encodeURIComponent(id)}`);
      expect(res.status).toBe(404);
      expect((await errorOf(res)).code).toBe('not_found');
    }
  });
});

async function seedData(user: Session, label: string) {
  const contact = await call('POST', '/api/contacts', user.token, { displayName: `${label} contact`, primaryNumber: label === 'alice' ? '+14155550101' : '+14155550202' });
  expect(contact.status).toBe(201);
  await database.db.privileged(async (sql) => {
    await sql.query(`insert into public.calls (user_id, destination_number, status, duration, cost) values ($1, $2, 'completed', 61, 0.00)`, [
      user.id,
      label === 'alice' ? '+442071230001' : '+442071230002',
    ]);
    await sql.query(
      `insert into public.verified_caller_ids (user_id, phone_number, verification_status, validation_code) values ($1, $2, 'pending', '654321')`,
      [user.id, label === 'alice' ? '+14155550303' : '+14155550404'],
    );
  });
}

describe('GET /api/user/export', () => {
  test("a JSON download of the user's own data: profile, contacts, calls, ledger, numbers, caller IDs; nobody else's, no secrets", async () => {
    const alice = await signUp('export-alice', '10.00');
    const bob = await signUp('export-bob', '20.00');
    await seedData(alice, 'alice');
    await seedData(bob, 'bob');
    await call('PATCH', '/api/user/profile', alice.token, { firstName: 'Alice' });
    await upload(alice.token, png(), 'image/png');

    const res = await call('GET', '/api/user/export', alice.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="ringwise-export-\d{4}-\d\d-\d\d\.json"$/);
    expect(res.headers.get('content-type')).toStartWith('application/json');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const text = await res.text();
    const data = JSON.parse(text);
    expect(data.profile).toMatchObject({ id: alice.id, email: alice.email, firstName: 'Alice', balance: '10.00' });
    expect(data.avatar).toMatchObject({ contentType: 'image/png', bytes: 64 });
    expect(data.contacts.map((c: { primaryNumber: string }) => c.primaryNumber)).toEqual(['+14155550101']);
    expect(data.calls).toHaveLength(1);
    expect(data.calls[0]).toMatchObject({ destinationNumber: '+442071230001', duration: 61, cost: '0.00' });
    expect(data.transactions).toEqual([expect.objectContaining({ type: 'adjustment', amount: '10.00' })]);
    expect(data.verifiedCallerIds.map((c: { phoneNumber: string }) => c.phoneNumber)).toEqual(['+14155550303']);
    expect(data.virtualNumbers).toEqual([]);
    // nobody else's rows, and nothing secret
    for (const other of [bob.id, bob.email, '+14155550202', '+442071230002', '+14155550404', '20.00']) expect(text).not.toContain(other);
    for (const secret of ['654321', alice.token, alice.refreshToken, 'argon2', 'encrypted_password', 'validationCode']) expect(text).not.toContain(secret);
  });

  test('needs a token', async () => {
    expect((await call('GET', '/api/user/export')).status).toBe(401);
  });
});

describe('DELETE /api/user', () => {
  test('without the right confirmation nothing is deleted', async () => {
    const user = await signUp('keep');
    const cases: [unknown, number, string][] = [
      [{}, 400, 'validation_failed'],
      [{ confirm: '' }, 400, 'validation_failed'],
      [{ confirm: 'someone-else@example.com' }, 400, 'confirmation_mismatch'],
      [{ confirm: 42 }, 400, 'validation_failed'],
    ];
    for (const [body, status, code] of cases) {
      const res = await call('DELETE', '/api/user', user.token, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect((await errorOf(res)).code, JSON.stringify(body)).toBe(code);
    }
    expect((await call('DELETE', '/api/user', user.token)).status).toBe(400);
    expect((await call('DELETE', '/api/user', undefined, { confirm: user.email })).status).toBe(401);
    expect((await call('GET', '/api/auth/user', user.token)).status).toBe(200);
  });

  test('releases numbers, removes personal data, soft-deletes the sign-in (every session ended, sign-in refused) and keeps the ledger', async () => {
    const user = await signUp('leaver', '10.00');
    const other = await signUp('stayer', '5.00');
    await seedData(user, 'alice');
    await seedData(other, 'bob');
    await call('PATCH', '/api/user/profile', user.token, { firstName: 'Leaving', lastName: 'Soon' });
    const avatarUrl = ((await (await upload(user.token, png(), 'image/png')).json()) as { profileImageUrl: string }).profileImageUrl;
    // a second session (another device) and a bought number
    const second = await call('POST', '/auth/v1/token?grant_type=password', undefined, { email: user.email, password });
    const secondToken = ((await second.json()) as { access_token: string }).access_token;
    const [available] = (await (await call('POST', '/api/virtual-numbers/search', user.token, { country: 'US', areaCode: '212', searchType: 'starts_with', numberType: 'local' })).json()) as {
      phoneNumber: string;
      price: string;
      region: string | null;
    }[];
    const bought = await call('POST', '/api/virtual-numbers/purchase', user.token, { ...available, country: 'US', numberType: 'local' });
    expect(bought.status).toBe(201);
    expect(await telephony.telephony.twilio.incomingPhoneNumbers.list({ phoneNumber: available!.phoneNumber })).toHaveLength(1);

    const res = await call('DELETE', '/api/user', user.token, { confirm: ` ${user.email.toUpperCase()} ` });
    expect(res.status).toBe(204);

    // every token of the user is refused, and no refresh brings one back
    for (const token of [user.token, secondToken]) {
      const refused = await call('GET', '/api/auth/user', token);
      expect(refused.status).toBe(401);
      expect((await errorOf(refused)).code).toBe('unauthorized');
    }
    expect((await call('GET', '/api/user/export', user.token)).status).toBe(401);
    const refresh = await call('POST', '/auth/v1/token?grant_type=refresh_token', undefined, { refresh_token: user.refreshToken });
    expect(refresh.status).toBe(400);
    // the old credentials no longer sign in
    const signIn = await call('POST', '/auth/v1/token?grant_type=password', undefined, { email: user.email, password });
    expect(signIn.status).toBe(400);
    expect(((await signIn.json()) as { error_code: string }).error_code).toBe('invalid_credentials');

    // the number went back to the carrier
    expect(await telephony.telephony.twilio.incomingPhoneNumbers.list({ phoneNumber: available!.phoneNumber })).toHaveLength(0);
    expect((await call('GET', avatarUrl)).status).toBe(404);

    const state = await database.db.privileged(async (sql) => {
      const [profile] = await sql.query<Record<string, unknown>>(
        `select email, first_name, last_name, profile_image_url, balance::text as balance, deleted_at is not null as deleted from public.users where id = $1`,
        [user.id],
      );
      const [auth] = await sql.query<Record<string, unknown>>(
        'select email, encrypted_password, raw_user_meta_data, deleted_at is not null as deleted from auth.users where id = $1',
        [user.id],
      );
      const count = async (table: string) =>
        Number((await sql.query<{ n: string }>(`select count(*)::text as n from ${table} where user_id = $1`, [user.id]))[0]!.n);
      const [numbers] = await sql.query<{ statuses: string[] }>(`select array_agg(status) as statuses from public.virtual_numbers where user_id = $1`, [user.id]);
      // what `bun run ledger:verify` checks
      const ledger = await ledgerDifferences(sql);
      return {
        profile,
        auth,
        contacts: await count('public.contacts'),
        callerIds: await count('public.verified_caller_ids'),
        avatars: await count('public.avatars'),
        sessions: await count('auth.sessions'),
        refreshTokens: await count('auth.refresh_tokens'),
        transactions: await count('public.transactions'),
        visibleCalls: Number((await sql.query<{ n: string }>('select count(*)::text as n from public.calls where user_id = $1 and deleted_at is null', [user.id]))[0]!.n),
        numbers: numbers?.statuses,
        ledger,
      };
    });
    expect(state).toEqual({
      profile: { email: `${user.id}@deleted.invalid`, first_name: null, last_name: null, profile_image_url: null, balance: '8.85', deleted: true },
      // soft-deleted by Supabase Auth (here its stand-in): the address replaced by GoTrue's hash of it, no password
      auth: { email: createHash('sha256').update(user.id + user.email).digest('base64url'), encrypted_password: null, raw_user_meta_data: {}, deleted: true },
      contacts: 0,
      callerIds: 0,
      avatars: 0,
      sessions: 0,
      refreshTokens: 0,
      // the adjustment and the number's first month: kept, the balance still their sum
      transactions: 2,
      visibleCalls: 0,
      numbers: ['released'],
      ledger: [],
    });

    // the other user is untouched, and the address can sign up afresh
    const theirs = await call('GET', '/api/user/export', other.token);
    expect(theirs.status).toBe(200);
    expect((await theirs.json()).contacts).toHaveLength(1);
    expect((await call('POST', '/auth/v1/signup', undefined, { email: user.email, password })).status).toBe(200);
  });
});
