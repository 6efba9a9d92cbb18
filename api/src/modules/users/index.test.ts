import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { jsonCaller, signUpAs } from '../../testing/requests.ts';
import { decodeJwt, generateKeyPair } from 'jose';
import { createApp } from '../../app.ts';
import { createTestAuthStandIn, signTestToken, testPublicUrl, unsignedToken, type SigningKey } from '../../auth/testing.ts';
import { createRateService } from '../rates/service.ts';
import { createTestDatabase, type TestDatabase } from '../../db/testing.ts';
import { testConfig } from '../../testing/fixtures.ts';

let database: TestDatabase;
let signingKey: SigningKey;
let app: { handle(request: Request): Promise<Response> };
let alice: { token: string; id: string };
let bob: { token: string; id: string };

const call = jsonCaller(() => app, testPublicUrl);
const signUp = (email: string) => signUpAs(call, email);

beforeAll(async () => {
  database = await createTestDatabase();
  const testAuth = await createTestAuthStandIn(database.db);
  signingKey = testAuth.signingKey;
  app = testAuth.withApp(
    createApp(testConfig({ PUBLIC_URL: testPublicUrl }), {
      logError: () => {},
      services: { db: database.db, auth: testAuth.auth, rates: createRateService({ db: database.db }) },
    }),
  );
  alice = await signUp(`alice-${crypto.randomUUID()}@example.com`);
  bob = await signUp(`bob-${crypto.randomUUID()}@example.com`);
});
afterAll(() => database.drop());

describe('GET /api/auth/user', () => {
  test('a new user gets their profile with the spec defaults, money as exact strings', async () => {
    const res = await call('GET', '/api/auth/user', alice.token);
    expect(res.status).toBe(200);
    const user = await res.json();
    expect(user).toMatchObject({
      id: alice.id,
      firstName: null,
      lastName: null,
      balance: '0.00',
      role: 'customer',
      autoRechargeEnabled: false,
      autoRechargeTrigger: '5.00',
      autoRechargeAmount: '25.00',
      lowBalanceAlertEnabled: true,
      lowBalanceAlertThreshold: '5.00',
      defaultCallerId: null,
      stripeCustomerId: null,
    });
    expect(user.email).toStartWith('alice-');
  });

  test('each user sees only themselves', async () => {
    const res = await call('GET', '/api/auth/user', bob.token);
    expect((await res.json()).id).toBe(bob.id);
  });

  describe('every bad credential is a 401 envelope', () => {
    const claims = () => ({ sub: alice.id, role: 'authenticated', email: 'alice@example.com' });
    const cases: [string, () => Promise<string | undefined>][] = [
      ['no token', async () => undefined],
      ['an expired token', () => signTestToken(signingKey.privateKey, claims(), { kid: signingKey.kid, exp: Math.floor(Date.now() / 1000) - 60 })],
      ['a token signed by another key', async () => signTestToken((await generateKeyPair('ES256')).privateKey, claims(), { kid: signingKey.kid })],
      ['alg: none', async () => unsignedToken({ ...claims(), aud: 'authenticated', iss: `${testPublicUrl}/auth/v1`, exp: Math.floor(Date.now() / 1000) + 3600 })],
      ['a wrong audience', () => signTestToken(signingKey.privateKey, claims(), { kid: signingKey.kid, audience: 'service' })],
      ['a wrong issuer', () => signTestToken(signingKey.privateKey, claims(), { kid: signingKey.kid, issuer: 'https://evil.example/auth/v1' })],
      ['garbage', async () => 'not.a.jwt'],
    ];
    for (const [name, token] of cases) {
      test(name, async () => {
        const res = await call('GET', '/api/auth/user', await token());
        expect(res.status).toBe(401);
        const body = await res.json();
        expect(body.error.code).toBe('unauthorized');
        expect(typeof body.error.message).toBe('string');
      });
    }
  });

  test('a correctly signed token still works (the cases above fail for their reason only)', async () => {
    const { session_id } = decodeJwt(alice.token);
    const token = await signTestToken(signingKey.privateKey, { sub: alice.id, role: 'authenticated', session_id }, { kid: signingKey.kid });
    expect((await call('GET', '/api/auth/user', token)).status).toBe(200);
  });
});

describe('PATCH /api/user/preferences', () => {
  test('each preference changes on its own and the user object comes back', async () => {
    const changes: [Record<string, unknown>, Record<string, unknown>][] = [
      [{ autoRechargeEnabled: true }, { autoRechargeEnabled: true }],
      [{ autoRechargeTrigger: '20.00' }, { autoRechargeTrigger: '20.00' }],
      [{ autoRechargeAmount: '100.00' }, { autoRechargeAmount: '100.00' }],
      [{ lowBalanceAlertEnabled: false }, { lowBalanceAlertEnabled: false }],
      [{ lowBalanceAlertThreshold: '50.00' }, { lowBalanceAlertThreshold: '50.00' }],
      [{ defaultCallerId: null }, { defaultCallerId: null }],
    ];
    for (const [body, expected] of changes) {
      const res = await call('PATCH', '/api/user/preferences', alice.token, body);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject(expected);
    }
    // nothing leaked into the other account
    expect(await (await call('GET', '/api/auth/user', bob.token)).json()).toMatchObject({ autoRechargeEnabled: false, lowBalanceAlertThreshold: '5.00' });
  });

  test('bad bodies are 400 with a message that says what to send', async () => {
    // the shape of the body: bad_request; a field's value: validation_failed, with the field's message
    const cases: [unknown, string, RegExp][] = [
      [{}, 'bad_request', /exactly one preference/],
      [{ autoRechargeEnabled: true, lowBalanceAlertEnabled: true }, 'bad_request', /exactly one preference/],
      [{ balance: '1000.00' }, 'bad_request', /"balance" is not a preference/],
      [{ role: 'admin' }, 'bad_request', /"role" is not a preference/],
      [{ autoRechargeTrigger: '7.00' }, 'validation_failed', /autoRechargeTrigger must be one of \$5, \$10, \$20, \$50/],
      [{ autoRechargeTrigger: 20 }, 'validation_failed', /autoRechargeTrigger must be one of/],
      [{ autoRechargeTrigger: '20' }, 'validation_failed', /autoRechargeTrigger must be one of/],
      [{ autoRechargeAmount: 25.5 }, 'validation_failed', /autoRechargeAmount must be one of \$10, \$25, \$50, \$100/],
      [{ lowBalanceAlertThreshold: 'lots' }, 'validation_failed', /lowBalanceAlertThreshold must be one of/],
      [{ autoRechargeEnabled: 'yes' }, 'validation_failed', /autoRechargeEnabled must be true or false/],
      [{ defaultCallerId: '555-1234' }, 'validation_failed', /E\.164/],
      [{ defaultCallerId: 5 }, 'validation_failed', /E\.164/],
      [[{ autoRechargeEnabled: true }], 'bad_request', /JSON object/],
    ];
    for (const [body, code, message] of cases) {
      const res = await call('PATCH', '/api/user/preferences', alice.token, body);
      expect(res.status).toBe(400);
      const payload = await res.json();
      expect(payload.error.code).toBe(code);
      expect(payload.error.message).toMatch(message);
    }
    const malformed = await call('PATCH', '/api/user/preferences', alice.token, '{"autoRechargeEnabled":');
    expect(malformed.status).toBe(400);
  });

  test("a caller ID must be one of the user's own verified numbers: another user's is refused", async () => {
    await database.db.privileged((sql) =>
      sql.query(
        `insert into public.verified_caller_ids (user_id, phone_number, verification_status) values ($1, '+14155550123', 'verified')`,
        [alice.id],
      ),
    );
    const mine = await call('PATCH', '/api/user/preferences', alice.token, { defaultCallerId: '+14155550123' });
    expect(mine.status).toBe(200);
    expect((await mine.json()).defaultCallerId).toBe('+14155550123');

    const theirs = await call('PATCH', '/api/user/preferences', bob.token, { defaultCallerId: '+14155550123' });
    expect(theirs.status).toBe(400);
    expect((await theirs.json()).error.message).toContain('is not one of your virtual numbers or verified caller IDs');
  });

  test('without a token nothing changes', async () => {
    expect((await call('PATCH', '/api/user/preferences', undefined, { autoRechargeEnabled: true })).status).toBe(401);
  });
});
