// Calls through the api on the machine's PostgreSQL, with the carrier's webhooks signed as Twilio signs them:
// starting (rules, the hold, one call at a time under 50 concurrent starts), the voice webhook's TwiML, status
// callbacks duplicated and shuffled settling once, the history and its itemised cost, feedback, incoming calls.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import twilio from 'twilio';
import type { CallPricing } from '@ringwise/contract/calls';
import { testPublicUrl } from '../../auth/testing.ts';
import { createTestDatabase, type TestDatabase } from '../../db/testing.ts';
import { createTestTelephony, type TestTelephony } from '../../telephony/testing.ts';
import { testConfig } from '../../testing/fixtures.ts';
import { billingTestApp, type BillingTestApp } from '../billing/testing.ts';
import { createNumberRenewals } from '../numbers/renewals.ts';
import { createRateService } from '../rates/service.ts';
import { seedRateDeck } from '../rates/seed.ts';
import { nobodySignedInReason } from './voice.ts';
import { defaultGreeting } from './voicemail-twiml.ts';

let database: TestDatabase;
let telephony: TestTelephony;
let testApp: BillingTestApp;
const config = testConfig({ PUBLIC_URL: testPublicUrl });
const authToken = config.twilio.authToken;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedRateDeck(database.db);
  telephony = await createTestTelephony(database.db, config);
  testApp = await billingTestApp(database.db, { services: telephony.services, rates: createRateService({ db: database.db }) });
  telephony.attach(testApp.app);
});
afterAll(async () => {
  await telephony.close();
  await database.drop();
});

const call = (method: string, path: string, token?: string, body?: unknown) => testApp.call(method, path, token, body);
const json = async <T = unknown>(response: Response) => (await response.json()) as T;

const userWith = (balance: string) => testApp.signUpWithBalance('calls', balance);

const me = async (token: string) => json<{ balance: string }>(await call('GET', '/api/auth/user', token));
const held = async (userId: string) =>
  (await database.db.privileged((sql) => sql.query<{ held: string }>('select held::text as held from public.users where id = $1', [userId])))[0]!.held;

let sidCount = 0;
const newSid = () => `CA${(++sidCount).toString(16).padStart(32, '0')}`;

/** POSTs a form to a webhook, signed for PUBLIC_URL + path as Twilio signs it. */
function webhook(path: string, form: Record<string, string>, token = authToken) {
  const url = `${testPublicUrl}${path}`;
  const signature = twilio.getExpectedTwilioSignature(token, url, form);
  return testApp.app.handle(
    new Request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
      body: new URLSearchParams(form).toString(),
    }),
  );
}

interface Started {
  callId: string;
  rate: string;
  pricing: CallPricing;
  maxDurationSeconds: number;
  fromNumber: string;
  callingMethod: string;
}

async function started(token: string, destinationNumber = '+447400123456', fromNumber?: string) {
  const response = await call('POST', '/api/calls/start', token, { destinationNumber, ...(fromNumber ? { fromNumber } : {}) });
  expect(response.status, await response.clone().text()).toBe(201);
  return json<Started>(response);
}

/** The status callbacks of one answered leg lasting `seconds`, as Twilio sends them. */
function legCallbacks(callId: string, seconds: number, final = 'completed') {
  const leg = newSid();
  const base = { CallSid: leg, ParentCallSid: newSid(), AccountSid: config.twilio.accountSid, Direction: 'outbound-dial', ApiVersion: '2010-04-01' };
  const events = [
    { ...base, CallStatus: 'initiated', SequenceNumber: '0' },
    { ...base, CallStatus: 'ringing', SequenceNumber: '1' },
    ...(final === 'completed' ? [{ ...base, CallStatus: 'in-progress', SequenceNumber: '2' }] : []),
    { ...base, CallStatus: final, SequenceNumber: '3', CallDuration: String(seconds), ...(final === 'busy' ? { SipResponseCode: '486' } : {}) },
  ];
  return events.map((form) => () => webhook(`/webhooks/twilio/status?callId=${callId}`, form));
}

describe('starting a call', () => {
  test('prices the destination, holds what its time limit costs, and uses the public number by default', async () => {
    const user = await userWith('5.00');
    const body = await started(user.token, '+44 7400 123456');
    expect(body.callingMethod).toBe('public');
    expect(body.fromNumber).toBe(config.twilio.publicNumber!);
    expect(body.rate).toMatch(/^\d+\.\d{6}$/);
    // what the dialer's running cost is computed from: the terms the call is charged by, exact
    expect(body.pricing).toEqual({ pricePerMinute: body.rate, connectionFee: '0.000000', initialIncrement: 60, increment: 60 });
    expect(body.maxDurationSeconds).toBeGreaterThan(60);
    // the hold is what the limit costs, and it is not spendable meanwhile
    expect(Number(await held(user.id))).toBeGreaterThan(0);
    expect(Number(await held(user.id))).toBeLessThanOrEqual(5);
  });

  test('clear refusals: no number, invalid, premium-rate, someone else\'s caller ID, too little balance', async () => {
    const user = await userWith('0.01');
    const refuse = async (body: Record<string, unknown>, status: number, message: RegExp | string) => {
      const response = await call('POST', '/api/calls/start', user.token, body);
      expect(response.status).toBe(status);
      const { error } = await json<{ error: { message: string; details?: unknown } }>(response);
      if (typeof message === 'string') expect(error.message).toBe(message);
      else expect(error.message).toMatch(message);
      return error;
    };
    await refuse({ destinationNumber: '' }, 400, 'Please enter a phone number');
    await refuse({ destinationNumber: '+44' }, 400, 'Please enter a phone number');
    await refuse({ destinationNumber: '+44 1234 5' }, 400, /is not a valid phone number/);
    await refuse({ destinationNumber: '+44 909 879 0000' }, 400, 'Premium-rate numbers cannot be called from Ringwise.');
    await refuse({ destinationNumber: '+447400123456', fromNumber: '+14155550123' }, 400, /is not one of your numbers/);
    const error = await refuse({ destinationNumber: '+447400123456' }, 402, /Your available balance of \$0\.01 does not cover this call/);
    expect(error.details).toMatchObject({ balance: '0.01' });
    expect(await me(user.token)).toMatchObject({ balance: '0.01' });
  });

  test('a destination an admin blocked is refused before anything is held', async () => {
    const user = await userWith('5.00');
    await database.db.privileged((sql) => sql.query(`insert into public.blocked_prefixes (prefix, reason) values ('447400', 'fraud ring')`));
    try {
      const response = await call('POST', '/api/calls/start', user.token, { destinationNumber: '+44 7400 123456' });
      expect(response.status).toBe(400);
      expect((await json<{ error: { code: string; message: string } }>(response)).error).toEqual({
        code: 'destination_refused',
        message: 'Calls to numbers starting +447400 are blocked.',
      });
      expect(await held(user.id)).toBe('0.00');
    } finally {
      await database.db.privileged((sql) => sql.query(`delete from public.blocked_prefixes where prefix = '447400'`));
    }
  });

  test('50 concurrent starts for one user start exactly one call', async () => {
    const user = await userWith('20.00');
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => call('POST', '/api/calls/start', user.token, { destinationNumber: '+447400123456' })),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    const [refused] = responses.filter((r) => r.status === 409);
    expect((await json<{ error: { message: string } }>(refused!)).error.message).toBe('Please end the current call first');
  });
});

describe('stale calls', () => {
  test('a call that never reached the carrier does not block the next one for long, and its hold is released', async () => {
    const user = await userWith('5.00');
    const first = await started(user.token);
    expect((await call('POST', '/api/calls/start', user.token, { destinationNumber: '+447400123456' })).status).toBe(409);
    await database.db.privileged((sql) => sql.query(`update public.calls set created_at = now() - interval '16 seconds' where id = $1`, [first.callId]));
    await started(user.token);
    const [row] = await database.db.privileged((sql) =>
      sql.query<{ status: string; end_reason: string; cost: string }>('select status, end_reason, cost::text as cost from public.calls where id = $1', [first.callId]),
    );
    expect(row).toEqual({ status: 'failed', end_reason: 'never connected', cost: '0.00' });
    expect(await me(user.token)).toMatchObject({ balance: '5.00' });
  });
});

describe('the carrier\'s webhooks', () => {
  test('forged or unsigned webhooks are refused with 403', async () => {
    const form = { CallSid: newSid(), From: 'client:x', To: '', callId: crypto.randomUUID() };
    for (const path of ['/webhooks/twilio/voice', '/webhooks/twilio/status?callId=x', '/webhooks/twilio/incoming']) {
      expect((await webhook(path, form, 'not-the-token')).status).toBe(403);
      const unsigned = await testApp.app.handle(
        new Request(`${testPublicUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'CallSid=CA1' }),
      );
      expect(unsigned.status).toBe(403);
    }
  });

  test('the voice webhook dials the destination with the caller ID, the time limit and our status callback', async () => {
    const user = await userWith('5.00');
    const body = await started(user.token);
    const parent = newSid();
    const response = await webhook('/webhooks/twilio/voice', {
      AccountSid: config.twilio.accountSid,
      ApiVersion: '2010-04-01',
      CallSid: parent,
      CallStatus: 'ringing',
      From: `client:${user.id}`,
      Caller: `client:${user.id}`,
      To: '',
      Direction: 'inbound',
      callId: body.callId,
    });
    expect(response.status).toBe(200);
    const xml = await response.text();
    expect(xml).toContain(`<Dial callerId="${body.fromNumber}" timeLimit="${body.maxDurationSeconds}" answerOnBridge="true">`);
    expect(xml).toContain(`statusCallback="${testPublicUrl}/webhooks/twilio/status?callId=${body.callId}"`);
    expect(xml).toContain('statusCallbackEvent="initiated ringing answered completed"');
    expect(xml).toContain('>+447400123456</Number>');
    // another user's identity gets no dial
    const other = await webhook('/webhooks/twilio/voice', { CallSid: newSid(), From: 'client:someone-else', callId: body.callId });
    expect(await other.text()).not.toContain('<Dial');
    expect(await json(await call('GET', `/api/calls/status/${parent}`, user.token))).toEqual({ status: 'queued', duration: 0, cost: '0.00' });
  });

  test('status callbacks duplicated and shuffled settle once, with the right final status and cost', async () => {
    for (let round = 0; round < 5; round++) {
      const user = await userWith('5.00');
      const body = await started(user.token);
      const sends = legCallbacks(body.callId, 61);
      // every callback twice, in a random order, some at once
      const shuffled = [...sends, ...sends].sort(() => Math.random() - 0.5);
      await Promise.all(shuffled.slice(0, 4).map((send) => send()));
      for (const send of shuffled.slice(4)) expect((await send()).status).toBe(204);
      const [row] = await database.db.privileged((sql) =>
        sql.query<{ status: string; duration: number; billed_seconds: number; cost: string; rate: string }>(
          'select status, duration, billed_seconds, cost::text as cost, rate::text as rate from public.calls where id = $1',
          [body.callId],
        ),
      );
      expect(row).toMatchObject({ status: 'completed', duration: 61, billed_seconds: 120 });
      const entries = await database.db.privileged((sql) =>
        sql.query<{ amount: string }>(`select amount::text as amount from public.transactions where call_id = $1 and type = 'call_charge'`, [body.callId]),
      );
      expect(entries).toEqual([{ amount: `-${row!.cost}` }]);
      expect(await held(user.id)).toBe('0.00');
      expect((await me(user.token)).balance).toBe((5 - Number(row!.cost)).toFixed(2));
    }
  });

  test('a call never answered costs nothing; the next call can start', async () => {
    const user = await userWith('5.00');
    const body = await started(user.token);
    for (const send of legCallbacks(body.callId, 0, 'busy')) await send();
    const page = await json<{ items: Array<{ id: string; status: string; cost: string; endReason: string | null }> }>(await call('GET', '/api/calls', user.token));
    expect(page.items[0]).toMatchObject({ id: body.callId, status: 'busy', cost: '0.00', endReason: 'busy (SIP 486)' });
    expect(await me(user.token)).toMatchObject({ balance: '5.00' });
    expect(await held(user.id)).toBe('0.00');
    await started(user.token);
  });

  test('a number renewal during a call cannot make its settlement fail', async () => {
    const user = await userWith('2.00');
    // a number whose renewal falls due during the call
    const [available] = await telephony.telephony.twilio.availablePhoneNumbers('GB').local.list({ limit: 1 });
    const bought = await call('POST', '/api/virtual-numbers/purchase', user.token, { phoneNumber: available!.phoneNumber, country: 'GB', price: '1.15', numberType: 'local' });
    expect(bought.status).toBe(201);
    const body = await started(user.token, '+447400123456');
    await database.db.privileged((sql) => sql.query(`update public.virtual_numbers set renews_at = now() - interval '1 minute' where user_id = $1`, [user.id]));
    const round = await createNumberRenewals({ db: database.db, twilio: telephony.telephony.twilio, log: () => {} }).runDue();
    expect(round.renewed).toBe(0);
    expect(round.grace).toBe(1);
    for (const send of legCallbacks(body.callId, body.maxDurationSeconds)) expect((await send()).status).toBe(204);
    const balance = (await me(user.token)).balance;
    expect(Number(balance)).toBeGreaterThanOrEqual(0);
    const [settled] = await database.db.privileged((sql) => sql.query<{ cost: string }>('select cost::text as cost from public.calls where id = $1', [body.callId]));
    expect(balance).toBe((0.85 - Number(settled!.cost)).toFixed(2));
    const differences = await database.db.privileged((sql) => sql.query('select * from private.ledger_differences()'));
    expect(differences).toEqual([]);
  });
});

describe('30 users at once (a pool of 4 connections)', () => {
  test('each links its call SID and rates its call: all answered, one transaction each, none left open', async () => {
    const users = await Promise.all(Array.from({ length: 30 }, () => userWith('5.00')));
    const calls = await Promise.all(users.map((user) => started(user.token, '+447400123456')));
    const sids = calls.map(() => newSid());
    const linked = await Promise.all(calls.map((body, i) => call('PATCH', `/api/calls/${body.callId}/sid`, users[i]!.token, { twilioCallSid: sids[i] })));
    expect(linked.map((res) => res.status)).toEqual(calls.map(() => 204));
    // another user's call is not found, whatever its SID
    expect((await call('PATCH', `/api/calls/${calls[0]!.callId}/sid`, users[1]!.token, { twilioCallSid: newSid() })).status).toBe(404);
    for (const body of calls) for (const send of legCallbacks(body.callId, 30)) await send();
    const rated = await Promise.all(calls.map((body, i) => call('POST', `/api/calls/${body.callId}/feedback`, users[i]!.token, { score: 1 + (i % 5) })));
    expect(rated.map((res) => res.status)).toEqual(calls.map(() => 204));
    expect((await call('POST', `/api/calls/${calls[0]!.callId}/feedback`, users[1]!.token, { score: 5 })).status).toBe(404);
    const rows = await database.db.privileged((sql) =>
      sql.query<{ sid: string; score: number }>('select twilio_call_sid as sid, feedback_score as score from public.calls where id = any($1::uuid[]) order by id', [
        calls.map((body) => body.callId),
      ]),
    );
    expect(rows.map((row) => row.sid).sort()).toEqual([...sids].sort());
    expect(rows.every((row) => row.score >= 1 && row.score <= 5)).toBe(true);
    const idle = await database.db.privileged((sql) =>
      sql.query(`select pid from pg_stat_activity where datname = current_database() and state like 'idle in transaction%'`),
    );
    expect(idle).toEqual([]);
  }, 30_000);
});

describe('history, status and feedback', () => {
  test('newest first, paged, with the itemised cost; the status by SID; one rating after the call', async () => {
    const user = await userWith('10.00');
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const body = await started(user.token);
      for (const send of legCallbacks(body.callId, 30 + i)) await send();
      ids.push(body.callId);
    }
    const first = await json<{ items: Array<{ id: string; costItems: Record<string, unknown> | null; cost: string }>; nextCursor: string | null }>(
      await call('GET', '/api/calls?limit=2', user.token),
    );
    expect(first.items.map((c) => c.id)).toEqual([ids[2]!, ids[1]!]);
    expect(first.items[0]!.costItems).toMatchObject({ matchedPrefix: expect.stringMatching(/^44/), initialIncrement: 60, increment: 60, billedSeconds: 60 });
    const second = await json<{ items: Array<{ id: string }>; nextCursor: string | null }>(await call('GET', `/api/calls?limit=2&cursor=${first.nextCursor}`, user.token));
    expect(second.items.map((c) => c.id)).toEqual([ids[0]!]);
    expect(second.nextCursor).toBeNull();

    const other = await userWith('0.00');
    expect(await json(await call('GET', '/api/calls', other.token))).toEqual({ items: [], nextCursor: null });
    expect((await call('POST', `/api/calls/${ids[0]}/feedback`, other.token, { score: 5 })).status).toBe(404);
    expect((await call('POST', `/api/calls/${ids[0]}/feedback`, user.token, { score: 6 })).status).toBe(400);
    expect((await call('POST', `/api/calls/${ids[0]}/feedback`, user.token, { score: 2, issue: 'loud' })).status).toBe(400);
    expect((await call('POST', `/api/calls/${ids[0]}/feedback`, user.token, { score: 2, issue: 'echo' })).status).toBe(204);
    expect((await call('POST', `/api/calls/${ids[0]}/feedback`, user.token, { score: 4 })).status).toBe(409);

    const sid = newSid();
    expect((await call('PATCH', `/api/calls/${ids[0]}/sid`, user.token, { twilioCallSid: sid })).status).toBe(204);
    expect(await json(await call('GET', `/api/calls/status/${sid}`, user.token))).toMatchObject({ status: 'completed', duration: 30 });
    expect((await call('GET', `/api/calls/status/${sid}`, other.token)).status).toBe(404);
    expect((await call('GET', '/api/calls/status/nope', user.token)).status).toBe(404);
  });
});

describe('token and incoming calls', () => {
  test('the access token carries the user as identity, the TwiML App and incoming calls, for 10 minutes', async () => {
    const user = await userWith('0.00');
    const body = await json<{ token: string; identity: string; device: string }>(await call('GET', '/api/twilio/token', user.token));
    expect(body).toMatchObject({ identity: user.id, device: 'simulator', signalling: { chunderw: 'localhost:3011/sim/twilio/voice' } });
    const payload = JSON.parse(Buffer.from(body.token.split('.')[1]!, 'base64url').toString()) as {
      grants: { identity: string; voice: { incoming: { allow: boolean }; outgoing: { application_sid: string } } };
      exp: number;
      iat: number;
      iss: string;
    };
    expect(payload.grants.identity).toBe(user.id);
    expect(payload.grants.voice).toMatchObject({ incoming: { allow: true }, outgoing: { application_sid: config.twilio.twimlAppSid } });
    expect(payload.exp - payload.iat).toBe(600);
    expect(payload.iss).toBe(config.twilio.apiKeySid!);
  });

  test('a call to a purchased number rings its owner\'s browser; other numbers hear a polite message', async () => {
    const user = await userWith('5.00');
    const [available] = await telephony.telephony.twilio.availablePhoneNumbers('US').local.list({ areaCode: 212, limit: 1 });
    expect((await call('POST', '/api/virtual-numbers/purchase', user.token, { phoneNumber: available!.phoneNumber, country: 'US', price: '1.15', numberType: 'local' })).status).toBe(201);
    const ring = await webhook('/webhooks/twilio/incoming', { CallSid: newSid(), From: '+14155550123', To: available!.phoneNumber, Direction: 'inbound' });
    const xml = await ring.text();
    expect(xml).toContain(`>${user.id}</Client>`);
    expect(xml).toContain('statusCallback=');
    // nobody answering within 25 s: a missed call, and the caller goes on to voicemail (the <Dial>'s action)
    expect(xml).toContain('<Dial answerOnBridge="true" timeout="25" action="http://localhost/webhooks/twilio/voicemail?callId=');
    expect(xml).toContain('&amp;step=unanswered" method="POST">');
    const page = await json<{ items: Array<{ callDirection: string; fromNumber: string; status: string }> }>(await call('GET', '/api/calls', user.token));
    expect(page.items[0]).toMatchObject({ callDirection: 'inbound', fromNumber: '+14155550123', status: 'ringing' });
    const nobody = await webhook('/webhooks/twilio/incoming', { CallSid: newSid(), From: '+14155550123', To: '+12125550199' });
    expect(await nobody.text()).toContain('<Say>Thank you for calling. The number you have dialled is not in service. Goodbye.</Say>');
  });

  test('signed out everywhere, the owner is rung no more (a token minted before still registers at Twilio): the call is unanswered at once, free, and goes to voicemail', async () => {
    const user = await userWith('5.00');
    const [available] = await telephony.telephony.twilio.availablePhoneNumbers('US').local.list({ areaCode: 212, limit: 1 });
    expect((await call('POST', '/api/virtual-numbers/purchase', user.token, { phoneNumber: available!.phoneNumber, country: 'US', price: '1.15', numberType: 'local' })).status).toBe(201);
    // the page's calling token, minted while signed in: Twilio cannot take it back before it expires
    expect((await call('GET', '/api/twilio/token', user.token)).status).toBe(200);
    expect((await call('POST', '/auth/v1/logout?scope=global', user.token)).status).toBe(204);
    const sid = newSid();
    const ring = await webhook('/webhooks/twilio/incoming', { CallSid: sid, From: '+14155550123', To: available!.phoneNumber, Direction: 'inbound' });
    const xml = await ring.text();
    expect(xml).not.toContain('<Client');
    // the caller can leave a message
    expect(xml).toContain(`<Say>${defaultGreeting}</Say><Record maxLength="120"`);
    const [record] = await database.db.privileged((sql) =>
      sql.query<{ status: string; end_reason: string; cost: string; settled: boolean }>(
        `select status, end_reason, cost::text as cost, settled_at is not null as settled from public.calls where twilio_call_sid = $1`,
        [sid],
      ),
    );
    expect(record).toEqual({ status: 'no-answer', end_reason: nobodySignedInReason, cost: '0.00', settled: true });
  });
});
