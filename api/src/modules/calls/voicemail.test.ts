// Voicemail end to end with no keys (issue 36): a phone calls a bought number whose owner's browser does not take
// it; the carrier simulator follows the api's TwiML (greeting, <Record>), records the caller's tone, sends the signed
// recording callback; the message is on the call, its audio streams to its owner only, its e-mail goes out once,
// and it is deleted at the carrier and here.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Stripe from 'stripe';
import twilio from 'twilio';
import { testPublicUrl } from '../../auth/testing.ts';
import { createTestDatabase, type TestDatabase } from '../../db/testing.ts';
import { createMailer } from '../../mail/mailer.ts';
import { createTestTelephony, type TestTelephony } from '../../telephony/testing.ts';
import { testConfig } from '../../testing/fixtures.ts';
import { createBillingJobs, type BillingJobs } from '../billing/jobs.ts';
import { billingTestApp, type BillingTestApp } from '../billing/testing.ts';
import { createRateService } from '../rates/service.ts';
import { seedRateDeck } from '../rates/seed.ts';
import { encodeWav } from '@ringwise/contract/greeting-wav';
import { defaultGreeting, voicemailMaxSeconds } from './voicemail-twiml.ts';

let database: TestDatabase;
let telephony: TestTelephony;
let testApp: BillingTestApp;
let jobs: BillingJobs;
let mailDir = '';
const config = testConfig({ PUBLIC_URL: testPublicUrl });

beforeAll(async () => {
  database = await createTestDatabase();
  await seedRateDeck(database.db);
  mailDir = mkdtempSync(path.join(tmpdir(), 'ringwise-voicemail-mail-'));
  // 1 simulated second = 10 ms: the two-minute message lasts 1.2 s
  telephony = await createTestTelephony(database.db, config, { voiceTimeScale: 0.01 });
  telephony.simulator.listen({ port: 0, hostname: '127.0.0.1' });
  const carrierOrigin = `http://127.0.0.1:${telephony.simulator.server?.port}`;
  jobs = createBillingJobs({
    db: database.db,
    stripe: new Stripe('sk_test_unused'),
    mailer: createMailer({ from: 'Ringwise <no-reply@ringwise.test>', mailDir }),
    publicUrl: testPublicUrl,
    estimateMinutes: async () => null,
    log: () => {},
  });
  testApp = await billingTestApp(database.db, {
    env: { TWILIO_SIMULATOR_URL: carrierOrigin },
    services: telephony.services,
    rates: createRateService({ db: database.db }),
    jobs,
  });
  telephony.attach(testApp.app);
});
afterAll(async () => {
  await telephony.close();
  await telephony.simulator.stop();
  await database.drop();
  rmSync(mailDir, { recursive: true, force: true });
});

const json = async <T>(response: Response) => (await response.json()) as T;

interface ListedCall {
  id: string;
  status: string;
  fromNumber: string;
  voicemail?: { durationSeconds: number; heard: boolean; createdAt: string } | null;
}

async function ownerWithNumber(label: string) {
  const user = await testApp.signUpWithBalance(label, '5.00');
  const [available] = await telephony.telephony.twilio.availablePhoneNumbers('US').local.list({ areaCode: 212, limit: 1 });
  const bought = await testApp.call('POST', '/api/virtual-numbers/purchase', user.token, { phoneNumber: available!.phoneNumber, country: 'US', price: '1.15', numberType: 'local' });
  expect(bought.status).toBe(201);
  return { user, number: available!.phoneNumber };
}

/** Mean square of 16-bit PCM after a WAV's 44-byte header. */
function energyOf(wav: Uint8Array): number {
  const view = new DataView(wav.buffer, wav.byteOffset, wav.byteLength);
  let sum = 0;
  let count = 0;
  for (let offset = 44; offset + 1 < wav.byteLength; offset += 2, count++) sum += view.getInt16(offset, true) ** 2;
  return count === 0 ? 0 : sum / count;
}

/** Waits for the caller's call to `number` to end at the carrier (its message recorded), and for its callbacks. */
async function callEnded(number: string) {
  const voice = telephony.twilioSimulator.voice;
  for (let i = 0; i < 500 && voice.calls().find((call) => call.to === number)?.status !== 'completed'; i++) await Bun.sleep(20);
  await voice.settle();
  return voice.calls().find((call) => call.to === number);
}

const mails = () => readdirSync(mailDir).map((file) => readFileSync(path.join(mailDir, file), 'utf8'));

async function callsOf(token: string): Promise<ListedCall[]> {
  return (await json<{ items: ListedCall[] }>(await testApp.call('GET', '/api/calls', token))).items;
}

describe('voicemail through the carrier simulator', () => {
  test('a call nobody takes: the greeting, the caller\'s message kept once, e-mailed once, heard, exported, deleted', async () => {
    const { user, number } = await ownerWithNumber('voicemail');
    const placed = await telephony.twilioSimulator.voice.callNumber('+14155550123', number);
    expect(placed.ok).toBe(true);
    const carrierCall = await callEnded(number);
    expect(carrierCall?.status).toBe('completed');
    expect(carrierCall?.said[0]).toBe(defaultGreeting);

    const [listed] = await callsOf(user.token);
    expect(listed).toMatchObject({ fromNumber: '+14155550123', status: 'no-answer', voicemail: { heard: false } });
    // the tone caller never falls silent for 5 s: the message runs to its two minutes
    expect(listed?.voicemail?.durationSeconds).toBe(voicemailMaxSeconds);

    const audio = await testApp.call('GET', `/api/calls/${listed!.id}/voicemail`, user.token);
    expect(audio.status).toBe(200);
    expect(audio.headers.get('content-type')).toBe('audio/wav');
    expect(audio.headers.get('cache-control')).toContain('no-store');
    const wav = new Uint8Array(await audio.arrayBuffer());
    expect(new TextDecoder().decode(wav.subarray(0, 4))).toBe('RIFF');
    expect(energyOf(wav)).toBeGreaterThan(0);

    // nobody else gets it, nor its state
    const stranger = await testApp.signUp('stranger');
    expect((await testApp.call('GET', `/api/calls/${listed!.id}/voicemail`, stranger.token)).status).toBe(404);
    expect((await testApp.call('POST', `/api/calls/${listed!.id}/voicemail/heard`, stranger.token)).status).toBe(404);
    expect((await testApp.call('DELETE', `/api/calls/${listed!.id}/voicemail`, stranger.token)).status).toBe(404);
    expect((await testApp.call('GET', `/api/calls/${listed!.id}/voicemail`)).status).toBe(401);

    // the e-mail, once, however often the jobs run
    await jobs.runDue();
    await jobs.runDue();
    const sent = mails().filter((mail) => mail.includes('New voicemail from +14155550123'));
    expect(sent).toHaveLength(1);
    expect(sent[0]).toContain(`${testPublicUrl}/home/calls`);

    expect((await testApp.call('POST', `/api/calls/${listed!.id}/voicemail/heard`, user.token)).status).toBe(204);
    expect((await callsOf(user.token))[0]?.voicemail?.heard).toBe(true);

    const exported = await json<{ calls: Array<{ id: string; voicemail?: { durationSeconds: number; audioPath: string } | null }> }>(
      await testApp.call('GET', '/api/user/export', user.token),
    );
    expect(exported.calls.find((call) => call.id === listed!.id)?.voicemail).toMatchObject({
      durationSeconds: voicemailMaxSeconds,
      audioPath: `/api/calls/${listed!.id}/voicemail`,
    });

    const recordings = await telephony.telephony.twilio.recordings.list({ callSid: carrierCall!.sid });
    expect(recordings).toHaveLength(1);
    expect((await testApp.call('DELETE', `/api/calls/${listed!.id}/voicemail`, user.token)).status).toBe(204);
    expect(await telephony.telephony.twilio.recordings.list({ callSid: carrierCall!.sid })).toHaveLength(0);
    expect((await testApp.call('GET', `/api/calls/${listed!.id}/voicemail`, user.token)).status).toBe(404);
    // the call stays, without its message
    expect((await callsOf(user.token))[0]).toMatchObject({ id: listed!.id, voicemail: null });
  }, 30_000);

  test('a number with its own greeting: callers hear that recording (fetched by the carrier at its public address), then leave their message', async () => {
    const { user, number } = await ownerWithNumber('voicemail-greeting');
    const [owned] = await json<Array<{ id: string }>>(await testApp.call('GET', '/api/virtual-numbers', user.token));
    const tone = Float32Array.from({ length: 16_000 }, (_, i) => 0.4 * Math.sin((2 * Math.PI * 440 * i) / 8000));
    const upload = await testApp.app.handle(
      new Request(`${testPublicUrl}/api/virtual-numbers/${owned!.id}/greeting`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${user.token}`, 'content-type': 'audio/wav' },
        body: encodeWav(tone, 8000),
      }),
    );
    expect(upload.status).toBe(200);
    expect(((await upload.json()) as { greeting: { durationSeconds: number } }).greeting.durationSeconds).toBe(2);
    const [greeting] = await database.db.privileged((sql) => sql.query<{ id: string }>('select id::text as id from public.voicemail_greetings where virtual_number_id = $1', [owned!.id]));
    const carrierFetch = await testApp.app.handle(new Request(`${testPublicUrl}/api/voicemail-greetings/${greeting!.id}`));
    expect(carrierFetch.status).toBe(200);
    expect(carrierFetch.headers.get('content-type')).toBe('audio/wav');

    expect((await telephony.twilioSimulator.voice.callNumber('+14155550125', number)).ok).toBe(true);
    const carrierCall = await callEnded(number);
    // the greeting was played, not said
    expect(carrierCall?.said).not.toContain(defaultGreeting);
    expect((await callsOf(user.token))[0]?.voicemail?.durationSeconds).toBeGreaterThan(0);

    // released, the number's greeting goes with it
    expect((await testApp.call('DELETE', `/api/virtual-numbers/${owned!.id}`, user.token)).status).toBe(204);
    expect((await testApp.app.handle(new Request(`${testPublicUrl}/api/voicemail-greetings/${greeting!.id}`))).status).toBe(404);
  }, 30_000);

  test('a repeated or forged recording callback keeps nothing more', async () => {
    const { user, number } = await ownerWithNumber('voicemail-replay');
    expect((await telephony.twilioSimulator.voice.callNumber('+14155550124', number)).ok).toBe(true);
    await callEnded(number);
    const [listed] = await callsOf(user.token);
    const [row] = await database.db.privileged((sql) =>
      sql.query<{ twilio_call_sid: string; recording_sid: string }>('select twilio_call_sid, recording_sid from public.calls where id = $1', [listed!.id]),
    );
    const fields = { CallSid: row!.twilio_call_sid, RecordingSid: `RE${'0'.repeat(32)}`, RecordingStatus: 'completed', RecordingDuration: '7' };
    const url = `${testPublicUrl}/webhooks/twilio/recording?callId=${listed!.id}`;
    const post = (signature: string) =>
      testApp.app.handle(
        new Request(url, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
          body: new URLSearchParams(fields),
        }),
      );
    // signed, but the call already has its message: nothing changes
    expect((await post(twilio.getExpectedTwilioSignature(telephony.telephony.authToken, url, fields))).status).toBe(204);
    expect((await post('forged')).status).toBe(403);
    const [after] = await database.db.privileged((sql) => sql.query<{ recording_sid: string }>('select recording_sid from public.calls where id = $1', [listed!.id]));
    expect(after?.recording_sid).toBe(row!.recording_sid);
  }, 30_000);
});
