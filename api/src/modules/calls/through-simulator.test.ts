// A call from start to settlement with no keys, in-process: the api starts it, the carrier simulator (what the
// browser's simulator device talks to) places it with the access token from /api/twilio/token, calls the app's
// voice webhook, follows its TwiML and sends the signed status callbacks; the app settles it once.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { simulatorVoicePath } from '@ringwise/contract/simulator-voice';
import { testPublicUrl } from '../../auth/testing.ts';
import { createTestDatabase, type TestDatabase } from '../../db/testing.ts';
import { createTestTelephony, type TestTelephony } from '../../telephony/testing.ts';
import { testConfig } from '../../testing/fixtures.ts';
import { billingTestApp, type BillingTestApp } from '../billing/testing.ts';
import { createRateService } from '../rates/service.ts';
import { seedRateDeck } from '../rates/seed.ts';

let database: TestDatabase;
let telephony: TestTelephony;
let testApp: BillingTestApp;
const config = testConfig({ PUBLIC_URL: testPublicUrl });

beforeAll(async () => {
  database = await createTestDatabase();
  await seedRateDeck(database.db);
  // 1 simulated second = 10 ms
  telephony = await createTestTelephony(database.db, config, { voiceTimeScale: 0.01 });
  testApp = await billingTestApp(database.db, { services: telephony.services, rates: createRateService({ db: database.db }) });
  telephony.attach(testApp.app);
});
afterAll(async () => {
  await telephony.close();
  await database.drop();
});

const json = async <T>(response: Response) => (await response.json()) as T;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function callThroughSimulator(destination: string, talkMs: number | null) {
  const user = await testApp.signUpWithBalance('sim-call', '5.00');
  const { token } = await json<{ token: string }>(await testApp.call('GET', '/api/twilio/token', user.token));
  const started = await json<{ callId: string }>(await testApp.call('POST', '/api/calls/start', user.token, { destinationNumber: destination }));
  const placed = await testApp.app.handle(
    new Request(`${testPublicUrl}${simulatorVoicePath}/calls`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ params: { To: destination, callId: started.callId } }),
    }),
  );
  expect(placed.status).toBe(201);
  const { callSid } = await json<{ callSid: string }>(placed);
  expect((await testApp.call('PATCH', `/api/calls/${started.callId}/sid`, user.token, { twilioCallSid: callSid })).status).toBe(204);
  if (talkMs !== null) {
    // rings (2 simulated s), is answered, talks, and the browser hangs up
    await sleep(talkMs);
    await testApp.app.handle(new Request(`${testPublicUrl}${simulatorVoicePath}/calls/${callSid}/hangup`, { method: 'POST', headers: { authorization: `Bearer ${token}` } }));
  }
  for (let i = 0; i < 200; i++) {
    const status = await json<{ status: string }>(await testApp.call('GET', `/api/calls/status/${callSid}`, user.token));
    if (['completed', 'busy', 'no-answer', 'failed', 'canceled'].includes(status.status)) break;
    await sleep(20);
  }
  await telephony.twilioSimulator.voice.settle();
  const status = await json<{ status: string; duration: number; cost: string }>(await testApp.call('GET', `/api/calls/status/${callSid}`, user.token));
  const { balance } = await json<{ balance: string }>(await testApp.call('GET', '/api/auth/user', user.token));
  return { status, balance };
}

describe('a browser call through the carrier simulator', () => {
  test('answered, talked, hung up: completed, charged once, exactly', async () => {
    const { status, balance } = await callThroughSimulator('+447400123456', 900);
    expect(status.status).toBe('completed');
    expect(status.duration).toBeGreaterThan(0);
    expect(Number(status.cost)).toBeGreaterThan(0);
    expect(balance).toBe((5 - Number(status.cost)).toFixed(2));
  });

  test.each([
    ['+447400120002', 'busy'],
    ['+447400120003', 'no-answer'],
    ['+447400120004', 'failed'],
  ])('%s ends %s and costs nothing', async (destination, expected) => {
    const { status, balance } = await callThroughSimulator(destination, null);
    expect(status).toEqual({ status: expected, duration: 0, cost: '0.00' });
    expect(balance).toBe('5.00');
  });
});
