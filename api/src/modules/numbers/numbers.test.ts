// Numbers and caller IDs through the api, the official Twilio SDK and the carrier simulator (no keys), on the
// machine's PostgreSQL: pricing, search, the all-or-nothing purchase (balance, price, carrier failures, races),
// release, renewals with their grace period, and caller-ID verification through the simulated phone.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import twilio from 'twilio';
import { testPublicUrl } from '../../auth/testing.ts';
import { createTestDatabase, type TestDatabase } from '../../db/testing.ts';
import { createTestTelephony, type TestTelephony } from '../../telephony/testing.ts';
import { createTelephonyServices, type TelephonyServices } from '../../telephony/twilio-client.ts';
import type { FetchFunction } from '../../payments/stripe-client.ts';
import { testConfig } from '../../testing/fixtures.ts';
import { billingTestApp, type BillingTestApp } from '../billing/testing.ts';
import { createNumberRenewals } from './renewals.ts';
import { takenElsewhereMessage } from './caller-ids.ts';

let database: TestDatabase;
let telephony: TestTelephony;
let testApp: BillingTestApp;
const config = testConfig({ PUBLIC_URL: testPublicUrl });

/** What the carrier transport does next: pass, fail like a network error, or run a hook first. */
let carrierTrouble: null | 'unreachable' | ((request: Request) => Promise<void>) = null;

beforeAll(async () => {
  database = await createTestDatabase();
  telephony = await createTestTelephony(database.db, config);
  const viaApp: FetchFunction = async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const trouble = carrierTrouble;
    if (trouble === 'unreachable') throw new TypeError('fetch failed');
    if (typeof trouble === 'function') await trouble(request.clone());
    return telephony.simulator.handle(request);
  };
  // the app's SDK goes through a transport the tests can break; the simulator is the helper's
  const services: TelephonyServices = createTelephonyServices(config, { fetch: viaApp });
  testApp = await billingTestApp(database.db, { services: { ...telephony.services, telephony: services } });
  telephony.attach(testApp.app);
});
afterAll(async () => {
  await telephony.close();
  await database.drop();
});

const call = (method: string, path: string, token?: string, body?: unknown) => testApp.call(method, path, token, body);
const json = async <T = unknown>(response: Response) => (await response.json()) as T;

const userWith = (balance: string) => testApp.signUpWithBalance('numbers', balance);

async function balanceOf(token: string): Promise<string> {
  return (await json<{ balance: string }>(await call('GET', '/api/auth/user', token))).balance;
}

async function entries(userId: string, type: string) {
  return database.db.privileged((sql) =>
    sql.query<{ amount: string; description: string }>('select amount::text as amount, description from public.transactions where user_id = $1 and type = $2', [userId, type]),
  );
}

async function firstAvailable(country: string, numberType: string, areaCode?: string) {
  const response = await call('POST', '/api/virtual-numbers/search', (await userWith('0.00')).token, {
    country,
    numberType,
    searchType: 'starts_with',
    ...(areaCode ? { areaCode } : {}),
  });
  expect(response.status).toBe(200);
  return (await json<Array<{ phoneNumber: string; price: string; region: string | null }>>(response))[0]!;
}

const carrierHas = async (phoneNumber: string) => (await telephony.telephony.twilio.incomingPhoneNumbers.list({ phoneNumber })).length > 0;

describe('pricing', () => {
  test('a country lists its types with monthly prices, cacheable for an hour', async () => {
    const { token } = await userWith('0.00');
    const response = await call('GET', '/api/virtual-numbers/pricing?country=gb', token);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, max-age=3600');
    expect(await response.json()).toEqual({
      country: 'United Kingdom',
      countryCode: 'GB',
      hasAnyNumbers: true,
      numberTypes: [
        { numberType: 'local', available: true, price: '1.15' },
        { numberType: 'mobile', available: true, price: '1.15' },
        { numberType: 'toll-free', available: true, price: '2.15' },
      ],
    });
    const denmark = await json<{ numberTypes: Array<{ available: boolean }> }>(await call('GET', '/api/virtual-numbers/pricing?country=DK', token));
    expect(denmark.numberTypes.map((t) => t.available)).toEqual([true, false, false]);
    expect(await json(await call('GET', '/api/virtual-numbers/pricing?country=JP', token))).toMatchObject({ country: 'Japan', hasAnyNumbers: false });
    expect((await call('GET', '/api/virtual-numbers/pricing?country=ZZ', token)).status).toBe(404);
    expect((await call('GET', '/api/virtual-numbers/pricing?country=GBR', token)).status).toBe(400);
    expect((await call('GET', '/api/virtual-numbers/pricing?country=GB')).status).toBe(401);
  });
});

describe('search', () => {
  const search = async (body: Record<string, unknown>) => call('POST', '/api/virtual-numbers/search', (await userWith('0.00')).token, body);

  test('by area code, start, middle and end of the national number', async () => {
    const nyc = await json<Array<{ phoneNumber: string; price: string; numberType: string }>>(
      await search({ country: 'US', areaCode: '212', searchType: 'starts_with', numberType: 'local' }),
    );
    expect(nyc.length).toBeGreaterThan(0);
    expect(nyc.every((n) => n.phoneNumber.startsWith('+1212') && n.price === '1.15' && n.numberType === 'local')).toBe(true);
    const london = await json<Array<{ phoneNumber: string }>>(await search({ country: 'GB', areaCode: '020', searchType: 'starts_with', numberType: 'local' }));
    expect(london.length).toBeGreaterThan(0);
    expect(london.every((n) => n.phoneNumber.startsWith('+4420'))).toBe(true);
    const endsWith = await json<Array<{ phoneNumber: string }>>(await search({ country: 'DE', areaCode: '77', searchType: 'ends_with', numberType: 'local' }));
    expect(endsWith.every((n) => n.phoneNumber.endsWith('77'))).toBe(true);
    const contains = await json<Array<{ phoneNumber: string }>>(await search({ country: 'FR', areaCode: '123', searchType: 'contains', numberType: 'mobile' }));
    expect(contains.every((n) => n.phoneNumber.slice(3).includes('123'))).toBe(true);
  });

  test("nothing found is 'No available numbers'; a type not on sale and bad patterns are refused", async () => {
    const none = await search({ country: 'US', areaCode: '999', searchType: 'starts_with', numberType: 'local' });
    expect(none.status).toBe(404);
    expect((await json<{ error: { code: string; message: string } }>(none)).error).toMatchObject({ code: 'no_available_numbers' });
    const noMobile = await search({ country: 'DK', searchType: 'starts_with', numberType: 'mobile' });
    expect(noMobile.status).toBe(400);
    expect((await json<{ error: { message: string } }>(noMobile)).error.message).toBe('Mobile numbers are not available for this country');
    expect((await search({ country: 'GB', areaCode: '2x', searchType: 'starts_with', numberType: 'local' })).status).toBe(400);
    expect((await search({ country: 'GB', areaCode: '7', searchType: 'contains', numberType: 'local' })).status).toBe(400);
    expect((await search({ country: 'GB', searchType: 'sideways', numberType: 'local' })).status).toBe(400);
  });
});

describe('purchase', () => {
  const buy = (token: string, number: { phoneNumber: string; price: string; region?: string | null }, country: string, numberType = 'local') =>
    call('POST', '/api/virtual-numbers/purchase', token, { phoneNumber: number.phoneNumber, country, region: number.region ?? null, price: number.price, numberType });

  test('buys the number from the carrier and charges the first month as one ledger entry', async () => {
    const user = await userWith('10.00');
    const number = await firstAvailable('GB', 'local', '020');
    const response = await buy(user.token, number, 'GB');
    expect(response.status).toBe(201);
    const bought = await json<{ phoneNumber: string; monthlyPrice: string; status: string; isActive: boolean; numberType: string }>(response);
    expect(bought).toMatchObject({ phoneNumber: number.phoneNumber, monthlyPrice: '1.15', status: 'active', isActive: true, numberType: 'local' });
    expect(await balanceOf(user.token)).toBe('8.85');
    expect(await entries(user.id, 'number_purchase')).toEqual([{ amount: '-1.15', description: `Virtual number ${number.phoneNumber} (first month)` }]);
    const [atCarrier] = await telephony.telephony.twilio.incomingPhoneNumbers.list({ phoneNumber: number.phoneNumber });
    expect(atCarrier?.voiceUrl).toBe(`${testPublicUrl}/webhooks/twilio/incoming`);
    const list = await json<Array<{ phoneNumber: string }>>(await call('GET', '/api/virtual-numbers', user.token));
    expect(list.map((n) => n.phoneNumber)).toEqual([number.phoneNumber]);
    // it is no longer for sale, and it is this user's
    const again = await buy((await userWith('10.00')).token, number, 'GB');
    expect(again.status).toBe(409);
  });

  test('too little balance: 402 with both amounts, nothing debited, nothing bought', async () => {
    const user = await userWith('1.00');
    const number = await firstAvailable('GB', 'local');
    const response = await buy(user.token, number, 'GB');
    expect(response.status).toBe(402);
    expect((await json<{ error: { code: string; details: unknown } }>(response)).error).toMatchObject({
      code: 'insufficient_balance',
      details: { balance: '1.00', required: '1.15' },
    });
    expect(await balanceOf(user.token)).toBe('1.00');
    expect(await carrierHas(number.phoneNumber)).toBe(false);
  });

  test('a price that is not the server\'s is refused', async () => {
    const user = await userWith('10.00');
    const number = await firstAvailable('GB', 'local');
    const response = await buy(user.token, { ...number, price: '0.01' }, 'GB');
    expect(response.status).toBe(409);
    expect((await json<{ error: { code: string; message: string } }>(response)).error).toMatchObject({ code: 'price_changed' });
    expect(await balanceOf(user.token)).toBe('10.00');
    expect((await buy(user.token, { phoneNumber: '+4420', price: '1.15' }, 'GB')).status).toBe(400);
    expect((await buy(user.token, number, 'FR')).status).toBe(400);
  });

  test('the carrier failing leaves the balance untouched and the number free', async () => {
    const user = await userWith('10.00');
    const number = await firstAvailable('GB', 'local');
    carrierTrouble = 'unreachable';
    try {
      const response = await buy(user.token, number, 'GB');
      expect(response.status).toBe(503);
    } finally {
      carrierTrouble = null;
    }
    expect(await balanceOf(user.token)).toBe('10.00');
    expect(await json(await call('GET', '/api/virtual-numbers', user.token))).toEqual([]);
    expect((await buy(user.token, number, 'GB')).status).toBe(201);
  });

  test('a debit that fails after the carrier sold it releases the number again', async () => {
    const user = await userWith('2.00');
    const number = await firstAvailable('GB', 'local');
    carrierTrouble = async (request) => {
      // while the carrier sells it, the balance drops (another device, a renewal)
      if (request.method === 'POST' && new URL(request.url).pathname.endsWith('/IncomingPhoneNumbers.json')) {
        carrierTrouble = null;
        await database.db.privileged((sql) => sql.query(`select private.post_ledger_entry($1, 'adjustment', -1.50, 'Meanwhile')`, [user.id]));
      }
    };
    const response = await buy(user.token, number, 'GB');
    carrierTrouble = null;
    expect(response.status).toBe(402);
    expect((await json<{ error: { details: unknown } }>(response)).error.details).toEqual({ balance: '0.50', required: '1.15' });
    expect(await balanceOf(user.token)).toBe('0.50');
    expect(await entries(user.id, 'number_purchase')).toEqual([]);
    expect(await carrierHas(number.phoneNumber)).toBe(false);
  });

  test('two users racing for one number: one gets it, the other a clear message, nobody pays for nothing', async () => {
    const [a, b] = await Promise.all([userWith('10.00'), userWith('10.00')]);
    const number = await firstAvailable('US', 'local', '415');
    const [ra, rb] = await Promise.all([buy(a.token, number, 'US'), buy(b.token, number, 'US')]);
    expect([ra.status, rb.status].sort()).toEqual([201, 409]);
    const loser = ra.status === 409 ? ra : rb;
    expect((await json<{ error: { message: string } }>(loser)).error.message).toContain('no longer available');
    const balances = [await balanceOf(a.token), await balanceOf(b.token)].sort();
    expect(balances).toEqual(['10.00', '8.85']);
  });

  test('the owner releases a number (no refund); nobody else can', async () => {
    const owner = await userWith('10.00');
    const number = await firstAvailable('GB', 'mobile');
    const bought = await json<{ id: string }>(await buy(owner.token, number, 'GB', 'mobile'));
    const other = await userWith('0.00');
    expect((await call('DELETE', `/api/virtual-numbers/${bought.id}`, other.token)).status).toBe(404);
    expect((await call('DELETE', '/api/virtual-numbers/not-a-uuid', owner.token)).status).toBe(404);
    await call('PATCH', '/api/user/preferences', owner.token, { defaultCallerId: number.phoneNumber });
    expect((await call('DELETE', `/api/virtual-numbers/${bought.id}`, owner.token)).status).toBe(204);
    expect(await json(await call('GET', '/api/virtual-numbers', owner.token))).toEqual([]);
    expect(await carrierHas(number.phoneNumber)).toBe(false);
    expect(await balanceOf(owner.token)).toBe('8.85');
    expect((await json<{ defaultCallerId: string | null }>(await call('GET', '/api/auth/user', owner.token))).defaultCallerId).toBeNull();
  });
});

describe('renewals', () => {
  const renewals = () => createNumberRenewals({ db: database.db, twilio: telephony.telephony.twilio, log: () => {} });
  const dueNow = (id: string, graceOver = false) =>
    database.db.privileged((sql) =>
      graceOver
        ? sql.query(`update public.virtual_numbers set renews_at = now() - interval '8 days', grace_ends_at = now() - interval '1 day' where id = $1`, [id])
        : sql.query(`update public.virtual_numbers set renews_at = now() - interval '1 minute' where id = $1`, [id]),
    );

  test('each month is charged once however many processes renew; unpaid: grace period, then released', async () => {
    const user = await userWith('2.50');
    const number = await firstAvailable('GB', 'local');
    const bought = await json<{ id: string }>(
      await call('POST', '/api/virtual-numbers/purchase', user.token, { phoneNumber: number.phoneNumber, country: 'GB', region: null, price: '1.15', numberType: 'local' }),
    );
    await dueNow(bought.id);
    const rounds = await Promise.all([renewals().runDue(), renewals().runDue(), renewals().runDue()]);
    expect(rounds.reduce((sum, r) => sum + r.renewed, 0)).toBe(1);
    expect(await balanceOf(user.token)).toBe('0.20');
    expect((await entries(user.id, 'number_renewal')).map((e) => e.amount)).toEqual(['-1.15']);

    // the next month cannot be paid: 7 days of grace, the owner is e-mailed, the number still works
    await dueNow(bought.id);
    expect((await renewals().runDue()).grace).toBe(1);
    const [inGrace] = await json<Array<{ status: string; graceEndsAt: string | null }>>(await call('GET', '/api/virtual-numbers', user.token));
    expect(inGrace?.status).toBe('grace');
    expect(inGrace?.graceEndsAt).not.toBeNull();
    const jobs = await database.db.privileged((sql) =>
      sql.query<{ kind: string }>(`select kind from private.billing_jobs where user_id = $1 and kind like 'number_%'`, [user.id]),
    );
    expect(jobs.map((j) => j.kind)).toEqual(['number_renewal_failed']);
    expect(await carrierHas(number.phoneNumber)).toBe(true);

    // the grace period ends unpaid: released at the carrier
    await dueNow(bought.id, true);
    expect((await renewals().runDue()).released).toBe(1);
    expect(await json(await call('GET', '/api/virtual-numbers', user.token))).toEqual([]);
    expect(await carrierHas(number.phoneNumber)).toBe(false);
    expect(await balanceOf(user.token)).toBe('0.20');
  });

  test('a top-up during the grace period pays the renewal', async () => {
    const user = await userWith('1.15');
    const number = await firstAvailable('GB', 'local');
    const bought = await json<{ id: string }>(
      await call('POST', '/api/virtual-numbers/purchase', user.token, { phoneNumber: number.phoneNumber, country: 'GB', region: null, price: '1.15', numberType: 'local' }),
    );
    await dueNow(bought.id);
    expect((await renewals().runDue()).grace).toBe(1);
    await database.db.privileged((sql) => sql.query(`select private.post_ledger_entry($1, 'adjustment', 5.00, 'Top-up')`, [user.id]));
    expect((await renewals().runDue()).renewed).toBe(1);
    const [renewed] = await json<Array<{ status: string; graceEndsAt: string | null }>>(await call('GET', '/api/virtual-numbers', user.token));
    expect(renewed).toMatchObject({ status: 'active', graceEndsAt: null });
    expect(await balanceOf(user.token)).toBe('3.85');
  });
});

describe('verified caller IDs', () => {
  test('verified through the simulated phone, then usable as the default caller ID, then removed everywhere', async () => {
    const user = await userWith('0.00');
    const phoneNumber = '+14155550123';
    const initiated = await call('POST', '/api/verified-caller-ids/initiate', user.token, { phoneNumber: ` ${phoneNumber} `, friendlyName: ' Mobile ' });
    expect(initiated.status).toBe(201);
    const body = await json<{ entry: { id: string; verificationStatus: string; friendlyName: string }; validationCode: string; message: string; phoneNumber: string }>(initiated);
    expect(body.validationCode).toMatch(/^\d{6}$/);
    expect(body).toMatchObject({ phoneNumber, entry: { verificationStatus: 'pending', friendlyName: 'Mobile' } });
    expect(body.message).toContain(body.validationCode);
    const status = () => call('POST', `/api/verified-caller-ids/${body.entry.id}/check-status`, user.token);
    expect(await json(await status())).toEqual({ verificationStatus: 'pending', phoneNumber });
    // not yet verified: not a caller ID
    expect((await call('PATCH', '/api/user/preferences', user.token, { defaultCallerId: phoneNumber })).status).toBe(400);

    await telephony.twilioSimulator.enterValidationCode(phoneNumber, body.validationCode);
    await telephony.twilioSimulator.callbacks.flush();
    expect(await json(await status())).toEqual({ verificationStatus: 'verified', phoneNumber });
    const [listed] = await json<Array<{ verificationStatus: string; validationCode: string | null }>>(await call('GET', '/api/verified-caller-ids', user.token));
    expect(listed).toMatchObject({ verificationStatus: 'verified', validationCode: null });
    expect((await call('PATCH', '/api/user/preferences', user.token, { defaultCallerId: phoneNumber })).status).toBe(200);

    // once per user and number; another account cannot claim it
    expect((await call('POST', '/api/verified-caller-ids/initiate', user.token, { phoneNumber })).status).toBe(409);
    const other = await userWith('0.00');
    const claimed = await call('POST', '/api/verified-caller-ids/initiate', other.token, { phoneNumber });
    expect(claimed.status).toBe(409);
    // in words that do not tell the other account that this number's owner uses Ringwise
    expect((await json<{ error: unknown }>(claimed)).error).toEqual({ code: 'conflict', message: takenElsewhereMessage(phoneNumber) });
    expect((await call('DELETE', `/api/verified-caller-ids/${body.entry.id}`, other.token)).status).toBe(404);
    expect((await call('POST', `/api/verified-caller-ids/${body.entry.id}/check-status`, other.token)).status).toBe(404);

    expect((await call('DELETE', `/api/verified-caller-ids/${body.entry.id}`, user.token)).status).toBe(204);
    expect(await json(await call('GET', '/api/verified-caller-ids', user.token))).toEqual([]);
    expect(await telephony.telephony.twilio.outgoingCallerIds.list({ phoneNumber })).toEqual([]);
    expect((await json<{ defaultCallerId: string | null }>(await call('GET', '/api/auth/user', user.token))).defaultCallerId).toBeNull();
  });

  test('a Ringwise number (active or in grace) cannot be verified as a caller ID: not by another account, not by its owner', async () => {
    const owner = await userWith('10.00');
    const other = await userWith('0.00');
    const number = await firstAvailable('US', 'local', '415');
    const bought = await json<{ id: string }>(
      await call('POST', '/api/virtual-numbers/purchase', owner.token, { phoneNumber: number.phoneNumber, country: 'US', region: null, price: number.price, numberType: 'local' }),
    );
    const entriesOf = (userId: string) =>
      database.db.privileged((sql) => sql.query('select id from public.verified_caller_ids where user_id = $1 and phone_number = $2', [userId, number.phoneNumber]));
    /** Initiates for `token`; what reached the carrier meanwhile. */
    const initiate = async (token: string) => {
      const atCarrier: string[] = [];
      carrierTrouble = async (request) => void atCarrier.push(`${request.method} ${new URL(request.url).pathname}`);
      try {
        return { response: await call('POST', '/api/verified-caller-ids/initiate', token, { phoneNumber: number.phoneNumber }), atCarrier };
      } finally {
        carrierTrouble = null;
      }
    };
    const refused = async (token: string, message: string) => {
      const { response, atCarrier } = await initiate(token);
      expect(response.status).toBe(409);
      expect((await json<{ error: unknown }>(response)).error).toEqual({ code: 'conflict', message });
      expect(atCarrier).toEqual([]);
    };
    // never that another account holds it, nor how: the same words as for anybody's verified caller ID
    const anothers = takenElsewhereMessage(number.phoneNumber);
    const owners = `${number.phoneNumber} is one of your Ringwise numbers: it is already usable as your caller ID, with no verification.`;

    await refused(other.token, anothers);
    await refused(owner.token, owners);
    // in its grace period it is still the owner's
    await database.db.privileged((sql) => sql.query(`update public.virtual_numbers set status = 'grace', grace_ends_at = now() + interval '7 days' where id = $1`, [bought.id]));
    await refused(other.token, anothers);
    await refused(owner.token, owners);
    expect(await entriesOf(other.id)).toEqual([]);
    expect(await entriesOf(owner.id)).toEqual([]);
    expect(await telephony.telephony.twilio.outgoingCallerIds.list({ phoneNumber: number.phoneNumber })).toEqual([]);

    // released, it is nobody's Ringwise number any more
    expect((await call('DELETE', `/api/virtual-numbers/${bought.id}`, owner.token)).status).toBe(204);
    const { response, atCarrier } = await initiate(other.token);
    expect(response.status).toBe(201);
    expect(atCarrier).toContain('POST /sim/twilio/2010-04-01/Accounts/AC00000000000000000000000000000000/OutgoingCallerIds.json');
    expect(await entriesOf(other.id)).toHaveLength(1);
  });

  test('a number bought while the carrier places the verification call gets no caller ID entry: 409, never a 500', async () => {
    const owner = await userWith('0.00');
    const other = await userWith('0.00');
    const phoneNumber = '+14155550177';
    carrierTrouble = async (request) => {
      if (request.method === 'POST' && new URL(request.url).pathname.endsWith('/OutgoingCallerIds.json')) {
        carrierTrouble = null;
        await database.db.privileged((sql) =>
          sql.query(
            `insert into public.virtual_numbers (user_id, phone_number, twilio_sid, country, status, renews_at) values ($1, $2, $3, 'US', 'active', now() + interval '30 days')`,
            [owner.id, phoneNumber, `PN${crypto.randomUUID().replaceAll('-', '')}`],
          ),
        );
      }
    };
    try {
      const response = await call('POST', '/api/verified-caller-ids/initiate', other.token, { phoneNumber });
      expect(response.status).toBe(409);
      expect((await json<{ error: { message: string } }>(response)).error.message).toBe(takenElsewhereMessage(phoneNumber));
    } finally {
      carrierTrouble = null;
    }
    expect(await json(await call('GET', '/api/verified-caller-ids', other.token))).toEqual([]);
  });

  test('the spec\'s messages for a missing or malformed number', async () => {
    const { token } = await userWith('0.00');
    const empty = await call('POST', '/api/verified-caller-ids/initiate', token, { phoneNumber: '  ' });
    expect(empty.status).toBe(400);
    expect((await json<{ error: { message: string } }>(empty)).error.message).toBe('Please enter a phone number');
    const national = await call('POST', '/api/verified-caller-ids/initiate', token, { phoneNumber: '07700 900123' });
    expect((await json<{ error: { message: string } }>(national)).error.message).toBe('Enter the number in E.164 format, such as +1234567890');
    const invalid = await call('POST', '/api/verified-caller-ids/initiate', token, { phoneNumber: '+4412345' });
    expect((await json<{ error: { message: string } }>(invalid)).error.message).toBe('+4412345 is not a valid phone number. Check it and try again.');
    // short, but E.164 all the same: refused as a number that does not exist, like any other
    const short = await call('POST', '/api/verified-caller-ids/initiate', token, { phoneNumber: '+44123' });
    expect((await json<{ error: { message: string } }>(short)).error.message).toBe('+44123 is not a valid phone number. Check it and try again.');
  });

  test('the verification callback must carry the carrier\'s signature', async () => {
    const form = new URLSearchParams({ CallSid: 'CA00000000000000000000000000000000', VerificationStatus: 'success' });
    const unsigned = await testApp.call('POST', '/webhooks/twilio/caller-id', undefined, form.toString(), { 'content-type': 'application/x-www-form-urlencoded' });
    expect(unsigned.status).toBe(403);
    const signature = twilio.getExpectedTwilioSignature('wrong-token', `${testPublicUrl}/webhooks/twilio/caller-id`, Object.fromEntries(form));
    const forged = await testApp.call('POST', '/webhooks/twilio/caller-id', undefined, form.toString(), {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': signature,
    });
    expect(forged.status).toBe(403);
  });
});
