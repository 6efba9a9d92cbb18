// The carrier simulator through the REAL `twilio` SDK (its httpClient pointed at the simulator with `app.handle`, no
// network), on the machine's PostgreSQL and on PGlite.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { Elysia } from 'elysia';
import twilio from 'twilio';
import { lineOf } from '@ringwise/phone/types';
import { openTestDatabase, testEngines, type TestDatabase } from '@ringwise/simulator-common/testing';
import { twilioSimulator } from './routes.ts';
import { magicNumbers } from './resources/incoming-numbers.ts';
import { createTestCarrier, testAccount, type TestCarrier } from './testing.ts';

const origin = 'http://localhost:3000';
const { accountSid, authToken } = testAccount;
const callbackUrl = `${origin}/hooks/caller-id?source=test`;

interface RestError {
  status: number;
  code: number;
  message: string;
  moreInfo: string;
}

async function rejection(promise: Promise<unknown>): Promise<RestError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(twilio.RestException);
    return error as RestError;
  }
  throw new Error('expected the call to fail');
}

interface Received {
  url: string;
  signature: string | null;
  params: Record<string, string>;
}

for (const engine of await testEngines('twilio-simulator')) {
  describe.skipIf(!engine.available)(`carrier simulator on ${engine.name}`, () => {
    let testDb: TestDatabase;
    let t: TestCarrier;
    let client: ReturnType<typeof twilio>;
    let app: { handle(request: Request): Promise<Response> };
    const received: Received[] = [];

    beforeAll(async () => {
      testDb = await openTestDatabase(engine.name);
      t = await createTestCarrier(testDb.db, { origin, log: (error) => console.error('[twilio-simulator test]', error) });
      app = new Elysia().use(twilioSimulator(t.twilioSimulator)).post(
        '/hooks/caller-id',
        async ({ request }) => {
          const params = Object.fromEntries(new URLSearchParams(await request.text()));
          received.push({ url: request.url, signature: request.headers.get('x-twilio-signature'), params });
          return '<Response/>';
        },
        { parse: 'none' },
      );
      t.attach(app);
      client = t.twilio;
    });
    afterAll(async () => {
      await t?.close();
      await testDb?.close();
    });

    const raw = (path: string, init: RequestInit & { auth?: string } = {}) =>
      app.handle(
        new Request(`${origin}/sim/twilio/2010-04-01/Accounts/${accountSid}${path}`, {
          ...init,
          headers: { authorization: `Basic ${Buffer.from(init.auth ?? `${accountSid}:${authToken}`).toString('base64')}`, ...init.headers },
        }),
      );

    describe('AvailablePhoneNumbers', () => {
      test('US Local with AreaCode 212: 212 numbers of New York, valid US lines, in Twilio\'s page shape', async () => {
        const numbers = await client.availablePhoneNumbers('US').local.list({ areaCode: 212, limit: 20 });
        expect(numbers).toHaveLength(20);
        for (const number of numbers) {
          expect(number.phoneNumber).toStartWith('+1212');
          expect(lineOf(number.phoneNumber)).toEqual({ country: 'US', type: 'FIXED_LINE_OR_MOBILE' });
          expect(number.locality).toBe('New York');
          expect(number.region).toBe('NY');
          expect(number.isoCountry).toBe('US');
          expect(number.capabilities).toMatchObject({ voice: true, fax: false });
        }
        expect(new Set(numbers.map((n) => n.phoneNumber)).size).toBe(20);
        // the same search gives the same numbers
        const again = await client.availablePhoneNumbers('US').local.list({ areaCode: 212, limit: 20 });
        expect(again.map((n) => n.phoneNumber)).toEqual(numbers.map((n) => n.phoneNumber));

        const res = await raw('/AvailablePhoneNumbers/US/Local.json?AreaCode=415&PageSize=3');
        expect(res.status).toBe(200);
        const body = (await res.json()) as Record<string, unknown> & { available_phone_numbers: Record<string, unknown>[] };
        expect(Object.keys(body).sort()).toEqual(['available_phone_numbers', 'end', 'first_page_uri', 'next_page_uri', 'page', 'page_size', 'previous_page_uri', 'start', 'uri']);
        expect(body).toMatchObject({ end: 2, next_page_uri: null, page: 0, page_size: 3, previous_page_uri: null, start: 0 });
        expect(body.available_phone_numbers[0]).toMatchObject({ address_requirements: 'none', beta: false, locality: 'San Francisco', region: 'CA', iso_country: 'US' });
        expect(Object.keys(body.available_phone_numbers[0] ?? {}).sort()).toEqual(
          ['address_requirements', 'beta', 'capabilities', 'friendly_name', 'iso_country', 'lata', 'latitude', 'locality', 'longitude', 'phone_number', 'postal_code', 'rate_center', 'region'].sort(),
        );
      });

      test('Contains: starts with (+), ends with ($), anywhere, letters as keypad digits; each number valid for its country and type', async () => {
        const starts = await client.availablePhoneNumbers('GB').local.list({ contains: '+4420%', limit: 10 });
        expect(starts.length).toBe(10);
        for (const n of starts) {
          expect(n.phoneNumber).toStartWith('+4420');
          expect(lineOf(n.phoneNumber)?.type).toBe('FIXED_LINE');
        }
        const ends = await client.availablePhoneNumbers('GB').mobile.list({ contains: '555$', limit: 10 });
        expect(ends.length).toBe(10);
        for (const n of ends) {
          expect(n.phoneNumber).toEndWith('555');
          expect(lineOf(n.phoneNumber)).toEqual({ country: 'GB', type: 'MOBILE' });
        }
        const anywhere = await client.availablePhoneNumbers('FR').mobile.list({ contains: 'STORM', limit: 5 });
        expect(anywhere.length).toBe(5);
        for (const n of anywhere) {
          expect(n.phoneNumber).toContain('78676');
          expect(lineOf(n.phoneNumber)).toEqual({ country: 'FR', type: 'MOBILE' });
          expect(n.locality).toBeNull();
        }
        const tollFree = await client.availablePhoneNumbers('US').tollFree.list({ limit: 10 });
        expect(tollFree.length).toBe(10);
        for (const n of tollFree) expect(lineOf(n.phoneNumber)?.type).toBe('TOLL_FREE');
        const canada = await client.availablePhoneNumbers('CA').local.list({ areaCode: 416, limit: 3 });
        expect(canada.map((n) => [n.phoneNumber.slice(0, 5), n.locality])).toEqual([
          ['+1416', 'Toronto'],
          ['+1416', 'Toronto'],
          ['+1416', 'Toronto'],
        ]);
      });

      test('a type not on sale in a country, or an unknown country, is 404 20404; a bad pattern is 400', async () => {
        const mobileUs = await rejection(client.availablePhoneNumbers('US').mobile.list({ limit: 5 }));
        expect(mobileUs.status).toBe(404);
        expect(mobileUs.code).toBe(20404);
        expect(mobileUs.message).toBe(`The requested resource /2010-04-01/Accounts/${accountSid}/AvailablePhoneNumbers/US/Mobile.json was not found`);
        expect((await rejection(client.availablePhoneNumbers('ZZ').local.list({ limit: 5 }))).code).toBe(20404);
        const pattern = await rejection(client.availablePhoneNumbers('US').local.list({ contains: '5*5', limit: 5 }));
        expect(pattern.status).toBe(400);
        expect(pattern.message).toContain("Contains pattern '5*5' is invalid");
        expect((await rejection(client.availablePhoneNumbers('US').local.list({ contains: '5', limit: 5 }))).status).toBe(400);
        const pageSize = await raw('/AvailablePhoneNumbers/US/Local.json?PageSize=1001');
        expect(pageSize.status).toBe(400);
      });
    });

    describe('IncomingPhoneNumbers', () => {
      test('buying: 201 with the resource, the number leaves the inventory, a second purchase is 21422', async () => {
        const [offer] = await client.availablePhoneNumbers('US').local.list({ areaCode: 415, limit: 1 });
        const phoneNumber = offer?.phoneNumber ?? '';
        const res = await raw('/IncomingPhoneNumbers.json', {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ PhoneNumber: phoneNumber, VoiceUrl: `${origin}/hooks/voice`, FriendlyName: 'Sales' }),
        });
        expect(res.status).toBe(201);
        const created = (await res.json()) as Record<string, unknown>;
        expect(created).toMatchObject({
          account_sid: accountSid,
          phone_number: phoneNumber,
          friendly_name: 'Sales',
          voice_url: `${origin}/hooks/voice`,
          voice_method: 'POST',
          status_callback_method: 'POST',
          capabilities: { voice: true, sms: true, mms: true, fax: false },
        });
        expect(created.sid).toMatch(/^PN[0-9a-f]{32}$/);
        expect(created.date_created).toMatch(/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} \+0000$/);
        expect(created.uri).toBe(`/2010-04-01/Accounts/${accountSid}/IncomingPhoneNumbers/${String(created.sid)}.json`);

        const after = await client.availablePhoneNumbers('US').local.list({ areaCode: 415, limit: 50 });
        expect(after.map((n) => n.phoneNumber)).not.toContain(phoneNumber);

        const again = await rejection(client.incomingPhoneNumbers.create({ phoneNumber }));
        expect(again).toMatchObject({ status: 400, code: 21422, message: 'PhoneNumber is not available', moreInfo: 'https://www.twilio.com/docs/errors/21422' });

        const listed = await client.incomingPhoneNumbers.list({ phoneNumber });
        expect(listed.map((n) => n.sid)).toEqual([String(created.sid)]);
        const updated = await client.incomingPhoneNumbers(String(created.sid)).update({ voiceUrl: `${origin}/hooks/voice2`, voiceMethod: 'GET' });
        expect(updated.voiceUrl).toBe(`${origin}/hooks/voice2`);
        expect(updated.voiceMethod).toBe('GET');
        expect((await client.incomingPhoneNumbers(String(created.sid)).fetch()).friendlyName).toBe('Sales');
      });

      test('two purchases of one number at once: exactly one wins', async () => {
        const [offer] = await client.availablePhoneNumbers('GB').mobile.list({ limit: 1 });
        const phoneNumber = offer?.phoneNumber ?? '';
        const results = await Promise.allSettled([client.incomingPhoneNumbers.create({ phoneNumber }), client.incomingPhoneNumbers.create({ phoneNumber })]);
        expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
        const failed = results.find((r) => r.status === 'rejected');
        expect((failed as PromiseRejectedResult).reason).toMatchObject({ status: 400, code: 21422 });
      });

      test('buying by AreaCode takes a free number of that area code', async () => {
        const bought = await client.incomingPhoneNumbers.create({ areaCode: '212', voiceUrl: `${origin}/hooks/voice` });
        expect(bought.phoneNumber).toStartWith('+1212');
        expect(bought.friendlyName).toMatch(/^\(212\) \d{3}-\d{4}$/);
      });

      test('magic numbers, invalid and unsellable numbers', async () => {
        expect(await rejection(client.incomingPhoneNumbers.create({ phoneNumber: magicNumbers.unavailable }))).toMatchObject({ status: 400, code: 21422 });
        expect(await rejection(client.incomingPhoneNumbers.create({ phoneNumber: magicNumbers.invalid }))).toMatchObject({ status: 400, code: 21421, message: 'PhoneNumber is invalid' });
        expect(await rejection(client.incomingPhoneNumbers.create({ phoneNumber: 'not a number' }))).toMatchObject({ status: 400, code: 21421 });
        // a valid number of a country not on sale, a number no plan allows, a type not on sale (FI landline)
        expect((await rejection(client.incomingPhoneNumbers.create({ phoneNumber: '+81312345678' }))).code).toBe(21422);
        expect((await rejection(client.incomingPhoneNumbers.create({ phoneNumber: '+12120000000' }))).code).toBe(21422);
        expect((await rejection(client.incomingPhoneNumbers.create({ phoneNumber: '+35891234567' }))).code).toBe(21422);
        // any number the plan allows of a type on sale can be bought, searched for or not (FR mobile)
        expect((await client.incomingPhoneNumbers.create({ phoneNumber: '+33612345678' })).phoneNumber).toBe('+33612345678');
      });

      test('releasing: 204 and then 404', async () => {
        const [offer] = await client.availablePhoneNumbers('DE').local.list({ limit: 1 });
        const bought = await client.incomingPhoneNumbers.create({ phoneNumber: offer?.phoneNumber ?? '' });
        const res = await raw(`/IncomingPhoneNumbers/${bought.sid}.json`, { method: 'DELETE' });
        expect(res.status).toBe(204);
        expect(await res.text()).toBe('');
        const missing = await rejection(client.incomingPhoneNumbers(bought.sid).fetch());
        expect(missing).toMatchObject({ status: 404, code: 20404 });
        expect((await rejection(client.incomingPhoneNumbers(bought.sid).remove())).code).toBe(20404);
        // released, it is on sale again
        expect((await client.incomingPhoneNumbers.create({ phoneNumber: bought.phoneNumber })).phoneNumber).toBe(bought.phoneNumber);
        const other = await client.incomingPhoneNumbers.create({ phoneNumber: (await client.availablePhoneNumbers('DE').local.list({ limit: 1 }))[0]?.phoneNumber ?? '' });
        expect(await client.incomingPhoneNumbers(other.sid).remove()).toBe(true);
      });
    });

    describe('authentication and unknown resources', () => {
      test('a wrong token, another account or no credentials: 401 20003', async () => {
        const wrong = twilio(accountSid, 'wrong-token', { httpClient: (client as unknown as { httpClient: unknown }).httpClient as never });
        const error = await rejection(wrong.incomingPhoneNumbers.list());
        expect(error).toMatchObject({ status: 401, code: 20003, message: 'Authentication Error - invalid username', moreInfo: 'https://www.twilio.com/docs/errors/20003' });
        const other = await app.handle(
          new Request(`${origin}/sim/twilio/2010-04-01/Accounts/AC11111111111111111111111111111111/IncomingPhoneNumbers.json`, {
            headers: { authorization: `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}` },
          }),
        );
        expect(other.status).toBe(401);
        const none = await app.handle(new Request(`${origin}/sim/twilio/2010-04-01/Accounts/${accountSid}/IncomingPhoneNumbers.json`));
        expect(await none.json()).toEqual({ code: 20003, message: 'Authentication Error - invalid username', more_info: 'https://www.twilio.com/docs/errors/20003', status: 401 });
      });

      test('an unknown resource is 404 20404 naming its path', async () => {
        const res = await raw('/Nothing.json');
        expect(res.status).toBe(404);
        expect(await res.json()).toEqual({
          code: 20404,
          message: `The requested resource /2010-04-01/Accounts/${accountSid}/Nothing.json was not found`,
          more_info: 'https://www.twilio.com/docs/errors/20404',
          status: 404,
        });
      });
    });

    describe('caller-ID verification', () => {
      test('a validation request, the right code on the phone, a signed success callback, the caller ID listed', async () => {
        const phoneNumber = '+14155550199';
        received.length = 0;
        const request = await client.validationRequests.create({ phoneNumber, friendlyName: 'My mobile', statusCallback: callbackUrl });
        expect(request.validationCode).toMatch(/^\d{6}$/);
        expect(request.callSid).toMatch(/^CA[0-9a-f]{32}$/);
        expect(request).toMatchObject({ accountSid, phoneNumber, friendlyName: 'My mobile' });
        expect(await client.outgoingCallerIds.list({ phoneNumber })).toEqual([]);

        expect(await t.twilioSimulator.enterValidationCode(phoneNumber, request.validationCode)).toBe('verified');
        await t.twilioSimulator.callbacks.flush();
        const [callerId] = await client.outgoingCallerIds.list({ phoneNumber });
        expect(callerId).toMatchObject({ phoneNumber, friendlyName: 'My mobile', accountSid });
        expect(callerId?.sid).toMatch(/^PN[0-9a-f]{32}$/);

        expect(received).toHaveLength(1);
        const [callback] = received;
        expect(callback?.params).toEqual({
          AccountSid: accountSid,
          CallSid: request.callSid,
          To: phoneNumber,
          Called: phoneNumber,
          CallStatus: 'completed',
          VerificationStatus: 'success',
          OutgoingCallerIdSid: callerId?.sid ?? '',
        });
        expect(twilio.validateRequest(authToken, callback?.signature ?? '', callbackUrl, callback?.params ?? {})).toBe(true);
        expect(twilio.validateRequest('another-token', callback?.signature ?? '', callbackUrl, callback?.params ?? {})).toBe(false);

        const again = await rejection(client.validationRequests.create({ phoneNumber }));
        expect(again).toMatchObject({ status: 400, code: 21450, message: 'Phone number already validated on your account' });

        const fetched = await client.outgoingCallerIds(callerId?.sid ?? '').fetch();
        expect(fetched.phoneNumber).toBe(phoneNumber);
        expect((await client.outgoingCallerIds(fetched.sid).update({ friendlyName: 'Work' })).friendlyName).toBe('Work');
        expect(await client.outgoingCallerIds(fetched.sid).remove()).toBe(true);
        expect((await rejection(client.outgoingCallerIds(fetched.sid).fetch())).code).toBe(20404);
      });

      test('three wrong codes fail the request and send a failed callback', async () => {
        const phoneNumber = '+442079460123';
        received.length = 0;
        const request = await client.validationRequests.create({ phoneNumber, statusCallback: callbackUrl });
        const wrong = request.validationCode === '000000' ? '111111' : '000000';
        expect(await t.twilioSimulator.enterValidationCode(phoneNumber, wrong)).toBe('wrong');
        expect(await t.twilioSimulator.enterValidationCode(phoneNumber, wrong)).toBe('wrong');
        await t.twilioSimulator.callbacks.flush();
        expect(received).toHaveLength(0);
        expect(await t.twilioSimulator.enterValidationCode(phoneNumber, wrong)).toBe('failed');
        // the request is over: the right code now finds no pending call
        expect(await t.twilioSimulator.enterValidationCode(phoneNumber, request.validationCode)).toBe('missing');
        await t.twilioSimulator.callbacks.flush();
        expect(received).toHaveLength(1);
        expect(received[0]?.params).toMatchObject({ CallSid: request.callSid, To: phoneNumber, CallStatus: 'completed', VerificationStatus: 'failed' });
        expect(received[0]?.params.OutgoingCallerIdSid).toBeUndefined();
        expect(twilio.validateRequest(authToken, received[0]?.signature ?? '', callbackUrl, received[0]?.params ?? {})).toBe(true);
        expect(await client.outgoingCallerIds.list({ phoneNumber })).toEqual([]);
      });

      test('an invalid number is 400 21211', async () => {
        const error = await rejection(client.validationRequests.create({ phoneNumber: '5551234567' }));
        expect(error).toMatchObject({ status: 400, code: 21211, message: "The 'To' number 5551234567 is not a valid phone number." });
      });

      test('the phone page lists the call with a keypad form that verifies the number', async () => {
        const phoneNumber = '+33612345699';
        received.length = 0;
        const request = await client.validationRequests.create({ phoneNumber, statusCallback: callbackUrl });
        const page = await app.handle(new Request(`${origin}/sim/twilio/phone?number=${encodeURIComponent(phoneNumber)}`));
        expect(page.status).toBe(200);
        expect(page.headers.get('content-type')).toContain('text/html');
        expect(page.headers.get('x-robots-tag')).toBe('noindex');
        const csp = page.headers.get('content-security-policy') ?? '';
        expect(csp).toMatch(/^default-src 'none'; style-src 'nonce-[A-Za-z0-9+/=]+'/);
        // scripts: only the page's own file, with this response's nonce; nothing inline
        const nonce = /style-src 'nonce-([^']+)'/.exec(csp)?.[1];
        expect(csp).toContain(`script-src 'nonce-${nonce}';`);
        expect(csp).not.toContain('unsafe');
        const html = await page.text();
        expect([...html.matchAll(/<script[^>]*>/g)].map(([tag]) => tag)).toEqual([`<script nonce="${nonce}" src="/sim/twilio/phone/caller.js" defer>`]);
        expect(html).toContain('Verification call from Ringwise');
        expect(html).toContain(phoneNumber);
        expect(html).toContain('<label for="code-');
        expect(html).toContain('>Verification code</label>');
        expect(html).toContain('name="code"');
        expect(html).toContain(`name="request" value="${request.callSid}"`);
        expect(html).toContain('>Enter code</button>');

        const post = (code: string) =>
          app.handle(
            new Request(`${origin}/sim/twilio/phone/verify`, {
              method: 'POST',
              headers: { 'content-type': 'application/x-www-form-urlencoded' },
              body: new URLSearchParams({ request: request.callSid, number: phoneNumber, code }),
            }),
          );
        const wrong = await post(request.validationCode === '999999' ? '123456' : '999999');
        expect(wrong.status).toBe(303);
        const wrongPage = await app.handle(new Request(`${origin}${wrong.headers.get('location') ?? ''}`));
        expect(await wrongPage.text()).toContain('That code is not right');

        const right = await post(request.validationCode);
        expect(right.status).toBe(303);
        expect(right.headers.get('location')).toBe(`/sim/twilio/phone?number=${encodeURIComponent(phoneNumber)}&result=verified`);
        const done = await (await app.handle(new Request(`${origin}${right.headers.get('location') ?? ''}`))).text();
        expect(done).toContain('the number is verified');
        expect(done).not.toContain('name="code"');
        await t.twilioSimulator.callbacks.flush();
        expect(received.map((r) => r.params.VerificationStatus)).toEqual(['success']);
        expect((await client.outgoingCallerIds.list({ phoneNumber })).length).toBe(1);

        // every phone, newest call first
        const all = await (await app.handle(new Request(`${origin}/sim/twilio/phone`))).text();
        expect(all.indexOf(phoneNumber)).toBeLessThan(all.indexOf('+442079460123'));
      });
    });
  });
}
