// The carrier's webhooks (voice, status, incoming, caller-id) correctly signed, as Twilio signs them, but with
// fields Twilio never sends: missing, malformed, repeated, 10 KB long, with a NUL. Each answers 2xx or 4xx, never
// 5xx, and changes nothing it should not (the calls, the balances, the caller IDs and the ledger are compared
// before and after). On PGlite and, when it answers, the machine's PostgreSQL.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import twilio from 'twilio';
import { testPublicUrl } from '../../auth/testing.ts';
import type { Database } from '../../db/database.ts';
import { createTestDatabase, createTestPglite, postgresReachable } from '../../db/testing.ts';
import { createTestTelephony, type TestTelephony } from '../../telephony/testing.ts';
import { testConfig } from '../../testing/fixtures.ts';
import { billingTestApp, type BillingTestApp } from '../billing/testing.ts';
import { createRateService } from '../rates/service.ts';
import { seedRateDeck } from '../rates/seed.ts';

const hasPostgres = await postgresReachable();
const config = testConfig({ PUBLIC_URL: testPublicUrl });
const { accountSid, authToken } = config.twilio;

const hex = (length: number) => Array.from(crypto.getRandomValues(new Uint8Array(length / 2)), (b) => b.toString(16).padStart(2, '0')).join('');
const newSid = (prefix = 'CA') => `${prefix}${hex(32)}`;
const long = 'x'.repeat(10 * 1024);

type Form = Record<string, string | string[]>;

/** `form` without `keys`. */
const without = (form: Form, ...keys: string[]) => Object.fromEntries(Object.entries(form).filter(([key]) => !keys.includes(key)));

for (const engine of [
  { name: 'pglite', available: true },
  { name: 'postgres', available: hasPostgres },
] as const) {
  describe.skipIf(!engine.available)(`signed webhooks with odd fields, on ${engine.name}`, () => {
    let db: Database;
    let close: () => Promise<void>;
    let telephony: TestTelephony;
    let testApp: BillingTestApp;

    beforeAll(async () => {
      if (engine.name === 'pglite') {
        const lite = await createTestPglite();
        db = lite;
        close = () => lite.close();
      } else {
        const database = await createTestDatabase();
        db = database.db;
        close = database.drop;
      }
      await seedRateDeck(db);
      telephony = await createTestTelephony(db, config);
      testApp = await billingTestApp(db, { services: telephony.services, rates: createRateService({ db }) });
      telephony.attach(testApp.app);
    }, 60_000);
    afterAll(async () => {
      await telephony?.close();
      await close?.();
    });

    /** POSTs `form` to `path` (its query included), signed for PUBLIC_URL + path as Twilio signs it: a repeated field
     *  is a list (sent as repeated keys, signed with each value). */
    function signed(path: string, form: Form) {
      const url = `${testPublicUrl}${path}`;
      const body = new URLSearchParams();
      for (const [key, value] of Object.entries(form)) for (const item of Array.isArray(value) ? value : [value]) body.append(key, item);
      return testApp.app.handle(
        new Request(url, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': twilio.getExpectedTwilioSignature(authToken, url, form) },
          body: body.toString(),
        }),
      );
    }

    /** Everything a webhook could change. */
    async function state() {
      return db.privileged(async (sql) => ({
        calls: await sql.query(
          `select id, user_id, status, twilio_call_sid, dial_call_sid, destination_number, from_number, duration, billed_seconds, cost::text as cost,
                  end_reason, answered_at is not null as answered, settled_at is not null as settled
           from public.calls order by created_at, id`,
        ),
        users: await sql.query('select id, balance::text as balance, held::text as held from public.users order by id'),
        callerIds: await sql.query('select id, verification_status, twilio_sid, call_sid, validation_code from public.verified_caller_ids order by id'),
        entries: await sql.query('select id, amount::text as amount, status from public.transactions order by id'),
      }));
    }

    /** Each request answers one of `statuses` (never 5xx) and leaves everything as it was. */
    async function refusedOrIgnored(cases: Array<[label: string, path: string, form: Form, statuses: number[]]>) {
      const before = await state();
      for (const [label, path, form, statuses] of cases) {
        const response = await signed(path, form);
        expect(statuses, `${label}: ${response.status} ${await response.clone().text()}`).toContain(response.status);
        if (response.status === 400) expect((await response.json()).error.code, label).toBe('bad_request');
        expect(await state(), label).toEqual(before);
      }
    }

    async function queuedCall() {
      const user = await testApp.signUpWithBalance('webhook-input', '5.00');
      const response = await testApp.call('POST', '/api/calls/start', user.token, { destinationNumber: '+447400123456' });
      expect(response.status).toBe(201);
      const { callId } = (await response.json()) as { callId: string };
      return { user, callId };
    }

    const callRow = async (callId: string) =>
      (
        await db.privileged((sql) =>
          sql.query<{ status: string; twilio_call_sid: string | null; dial_call_sid: string | null; duration: number | null; end_reason: string | null; settled: boolean }>(
            `select status, twilio_call_sid, dial_call_sid, duration, end_reason, settled_at is not null as settled from public.calls where id = $1`,
            [callId],
          ),
        )
      )[0]!;

    test('voice: no or malformed CallSid or callId, odd From, repeated fields, a NUL: 200 without a Dial or 400, the call untouched', async () => {
      const { user, callId } = await queuedCall();
      const sid = newSid();
      const form: Form = {
        AccountSid: accountSid,
        ApiVersion: '2010-04-01',
        CallSid: sid,
        CallStatus: 'ringing',
        From: `client:${user.id}`,
        Caller: `client:${user.id}`,
        To: '',
        Direction: 'inbound',
        callId,
      };
      const path = '/webhooks/twilio/voice';
      const spoken = [200];
      const refused = [400];
      await refusedOrIgnored([
        ['no CallSid', path, without(form, 'CallSid'), spoken],
        ['empty CallSid', path, { ...form, CallSid: '' }, spoken],
        ['short CallSid', path, { ...form, CallSid: 'CA123' }, spoken],
        ['CallSid not hex', path, { ...form, CallSid: `CA${'g'.repeat(32)}` }, spoken],
        ['CallSid of a number', path, { ...form, CallSid: newSid('PN') }, spoken],
        ['CallSid 10 KB', path, { ...form, CallSid: `CA${long}` }, spoken],
        ['CallSid with a NUL', path, { ...form, CallSid: `${sid}\u0000` }, refused],
        ['CallSid twice', path, { ...form, CallSid: [sid, newSid()] }, refused],
        ['no callId', path, without(form, 'callId'), spoken],
        ['callId not a uuid', path, { ...form, callId: 'not-a-uuid' }, spoken],
        ['callId of no call', path, { ...form, callId: crypto.randomUUID() }, spoken],
        ['callId twice', path, { ...form, callId: [callId, crypto.randomUUID()] }, refused],
        ['callId with a NUL', path, { ...form, callId: `${callId}\u0000` }, refused],
        ['no From nor Caller', path, without(form, 'From', 'Caller'), spoken],
        ['From 10 KB', path, { ...form, From: `client:${long}`, Caller: `client:${long}` }, spoken],
        ['From with a NUL', path, { ...form, From: `client:${user.id}\u0000` }, refused],
        ['a key with a NUL', path, { ...form, 'To\u0000': '+15550100' }, refused],
        ['callId in the query too, twice', `${path}?callId=${callId}&callId=${callId}`, form, refused],
      ]);
      // a 10 KB To changes nothing of what is dialled: the call's own destination is
      const answered = await signed(path, { ...form, To: `+44${'7'.repeat(10 * 1024)}` });
      expect(answered.status).toBe(200);
      expect(await answered.text()).toContain('>+447400123456</Number>');
      expect(await callRow(callId)).toMatchObject({ status: 'queued', twilio_call_sid: sid });
    });

    test('status: no or unknown CallStatus, malformed CallSid or CallDuration, odd callId: 204 or 400, the call neither moved nor settled', async () => {
      const { callId } = await queuedCall();
      const leg = newSid();
      const form: Form = {
        AccountSid: accountSid,
        ApiVersion: '2010-04-01',
        CallSid: leg,
        ParentCallSid: newSid(),
        CallStatus: 'completed',
        CallDuration: '61',
        Direction: 'outbound-dial',
        SequenceNumber: '3',
      };
      const path = `/webhooks/twilio/status?callId=${callId}`;
      const ignored = [204];
      const refused = [400];
      await refusedOrIgnored([
        ['no CallStatus', path, without(form, 'CallStatus'), ignored],
        ['CallStatus unknown', path, { ...form, CallStatus: 'exploded' }, ignored],
        ['CallStatus in capitals', path, { ...form, CallStatus: 'COMPLETED' }, ignored],
        ['CallStatus 10 KB', path, { ...form, CallStatus: long }, ignored],
        ['CallStatus with a NUL', path, { ...form, CallStatus: 'completed\u0000' }, refused],
        ['CallStatus twice', path, { ...form, CallStatus: ['completed', 'busy'] }, refused],
        ['no CallSid', path, without(form, 'CallSid'), ignored],
        ['CallSid malformed', path, { ...form, CallSid: 'CA1' }, ignored],
        ['CallSid 10 KB', path, { ...form, CallSid: `CA${long}` }, ignored],
        ['CallSid with a NUL', path, { ...form, CallSid: `${leg}\u0000` }, refused],
        ['CallDuration negative', path, { ...form, CallDuration: '-5' }, ignored],
        ['CallDuration 1e99', path, { ...form, CallDuration: '1e99' }, ignored],
        ['CallDuration not a number', path, { ...form, CallDuration: 'abc' }, ignored],
        ['CallDuration empty', path, { ...form, CallDuration: '' }, ignored],
        ['CallDuration fractional', path, { ...form, CallDuration: '61.5' }, ignored],
        ['CallDuration padded', path, { ...form, CallDuration: ' 61' }, ignored],
        ['CallDuration huge', path, { ...form, CallDuration: '9'.repeat(400) }, ignored],
        ['CallDuration over a day', path, { ...form, CallDuration: '86401' }, ignored],
        ['CallDuration twice', path, { ...form, CallDuration: ['61', '0'] }, refused],
        ['ringing with a malformed CallDuration', path, { ...form, CallStatus: 'ringing', CallDuration: '-1' }, ignored],
        ['no callId', '/webhooks/twilio/status', form, ignored],
        ['callId not a uuid', '/webhooks/twilio/status?callId=nope', form, ignored],
        ['callId of no call', `/webhooks/twilio/status?callId=${crypto.randomUUID()}`, form, ignored],
        ['callId twice', `${path}&callId=${callId}`, form, refused],
        ['callId twice, another second', `${path}&callId=${crypto.randomUUID()}`, form, refused],
        ['callId with a NUL', `${path}%00`, form, refused],
        ['callId 10 KB', `/webhooks/twilio/status?callId=${long}`, form, ignored],
        ['a field twice', path, { ...form, SequenceNumber: ['3', '4'] }, refused],
      ]);
      // a junk SipResponseCode does not stop a well-formed final status, and is not kept
      const busy = await signed(path, { ...form, CallStatus: 'busy', CallDuration: '0', SipResponseCode: long });
      expect(busy.status).toBe(204);
      expect(await callRow(callId)).toMatchObject({ status: 'busy', settled: true, duration: 0, end_reason: 'busy', dial_call_sid: leg });
    });

    test('incoming: no or odd To, a NUL, repeated fields, the SID of another call: a polite message or 400 and no call; a 10 KB From is not kept', async () => {
      const owner = await testApp.signUpWithBalance('webhook-input-owner', '0.00');
      const number = `+1212555${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;
      await db.privileged((sql) =>
        sql.query(
          `insert into public.virtual_numbers (user_id, phone_number, twilio_sid, country, status, renews_at) values ($1, $2, $3, 'US', 'active', now() + interval '30 days')`,
          [owner.id, number, newSid('PN')],
        ),
      );
      // an outbound call of someone else, under way
      const outbound = await queuedCall();
      const outboundSid = newSid();
      expect(await (await signed('/webhooks/twilio/voice', { CallSid: outboundSid, From: `client:${outbound.user.id}`, callId: outbound.callId })).text()).toContain('<Dial');
      const sid = newSid();
      const form: Form = { AccountSid: accountSid, ApiVersion: '2010-04-01', CallSid: sid, CallStatus: 'ringing', From: '+14155550123', Caller: '+14155550123', To: number, Called: number, Direction: 'inbound' };
      const path = '/webhooks/twilio/incoming';
      const spoken = [200];
      const refused = [400];
      await refusedOrIgnored([
        ['no To nor Called', path, without(form, 'To', 'Called'), spoken],
        ['To 10 KB', path, { ...form, To: `${number}${long}`, Called: `${number}${long}` }, spoken],
        ['To with a NUL', path, { ...form, To: `${number}\u0000` }, refused],
        ['To twice', path, { ...form, To: [number, '+12125550000'] }, refused],
        ['From with a NUL', path, { ...form, From: '+1415\u00005550123' }, refused],
        ['CallSid twice', path, { ...form, CallSid: [sid, newSid()] }, refused],
        ['a NUL in the query', `${path}?x=%00`, form, refused],
        ['CallSid of another call', path, { ...form, CallSid: outboundSid }, spoken],
      ]);
      const ringing = await signed(path, { ...form, From: `+1${long}`, Caller: `+1${long}` });
      expect(ringing.status).toBe(200);
      expect(await ringing.text()).toContain(`>${owner.id}</Client>`);
      const [row] = await db.privileged((sql) => sql.query<{ from_number: string; twilio_call_sid: string }>('select from_number, twilio_call_sid from public.calls where user_id = $1', [owner.id]));
      expect(row).toEqual({ from_number: 'unknown', twilio_call_sid: sid });
    });

    test('caller-id: no or malformed CallSid, odd VerificationStatus, a NUL, repeated fields: 200 or 400, the entry still pending', async () => {
      const user = await testApp.signUpWithBalance('webhook-input-caller-id', '0.00');
      const other = await testApp.signUpWithBalance('webhook-input-caller-id', '0.00');
      const callSid = newSid();
      const otherCallSid = newSid();
      const takenSid = newSid('PN');
      await db.privileged(async (sql) => {
        await sql.query(`insert into public.verified_caller_ids (user_id, phone_number, validation_code, call_sid) values ($1, '+14155550188', '123456', $2)`, [user.id, callSid]);
        await sql.query(`insert into public.verified_caller_ids (user_id, phone_number, validation_code, call_sid) values ($1, '+14155550189', '654321', $2)`, [other.id, otherCallSid]);
        await sql.query(
          `insert into public.verified_caller_ids (user_id, phone_number, verification_status, twilio_sid, deleted_at) values ($1, '+14155550190', 'verified', $2, now())`,
          [other.id, takenSid],
        );
      });
      const form: Form = { AccountSid: accountSid, CallSid: callSid, To: '+14155550188', CallStatus: 'completed', VerificationStatus: 'success', OutgoingCallerIdSid: newSid('PN') };
      const path = '/webhooks/twilio/caller-id';
      const answered = [200];
      const refused = [400];
      await refusedOrIgnored([
        ['no CallSid', path, without(form, 'CallSid'), answered],
        ['CallSid malformed', path, { ...form, CallSid: 'CA1' }, answered],
        ['CallSid 10 KB', path, { ...form, CallSid: `CA${long}` }, answered],
        ['CallSid of no verification', path, { ...form, CallSid: newSid() }, answered],
        ['CallSid with a NUL', path, { ...form, CallSid: `${callSid}\u0000` }, refused],
        ['CallSid twice', path, { ...form, CallSid: [callSid, otherCallSid] }, refused],
        ['no VerificationStatus', path, without(form, 'VerificationStatus'), answered],
        ['VerificationStatus in capitals', path, { ...form, VerificationStatus: 'SUCCESS' }, answered],
        ['VerificationStatus verified', path, { ...form, VerificationStatus: 'verified' }, answered],
        ['VerificationStatus empty', path, { ...form, VerificationStatus: '' }, answered],
        ['VerificationStatus 10 KB', path, { ...form, VerificationStatus: long }, answered],
        ['VerificationStatus with a NUL', path, { ...form, VerificationStatus: 'success\u0000' }, refused],
        ['VerificationStatus twice', path, { ...form, VerificationStatus: ['success', 'failed'] }, refused],
        ['OutgoingCallerIdSid with a NUL', path, { ...form, OutgoingCallerIdSid: `${newSid('PN')}\u0000` }, refused],
      ]);
      // a malformed carrier SID is not kept; one another entry holds is not taken from it
      expect((await signed(path, { ...form, OutgoingCallerIdSid: `PN${long}` })).status).toBe(200);
      expect((await signed(path, { ...form, CallSid: otherCallSid, To: '+14155550189', OutgoingCallerIdSid: takenSid })).status).toBe(200);
      const rows = await db.privileged((sql) =>
        sql.query<{ call_sid: string; verification_status: string; twilio_sid: string | null }>(
          'select call_sid, verification_status, twilio_sid from public.verified_caller_ids where call_sid = any($1::text[]) order by phone_number',
          [[callSid, otherCallSid]],
        ),
      );
      expect(rows).toEqual([
        { call_sid: callSid, verification_status: 'verified', twilio_sid: null },
        { call_sid: otherCallSid, verification_status: 'verified', twilio_sid: null },
      ]);
    });
  });
}
