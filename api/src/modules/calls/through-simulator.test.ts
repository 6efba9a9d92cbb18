// A call from start to settlement with no keys: the api starts it, the browser places it as the official Voice SDK
// does (its signalling over a WebSocket to the carrier simulator, listening with the access token from
// /api/twilio/token, and a werift peer for its audio), the simulator calls the app's voice webhook, follows its TwiML
// and sends the signed status callbacks; the app settles it once. The simulator's routes listen on a loopback port for
// the WebSocket, as its own process does; everything else goes through `handle`.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { simulatorSignallingPath, simulatorVoicePath } from '@ringwise/contract/simulator-voice';
import { BrowserPeer, SdkClient } from '@ringwise/twilio-simulator/testing';
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
let signalUrl = '';
const open: Array<{ close(): void }> = [];
const config = testConfig({ PUBLIC_URL: testPublicUrl });

beforeAll(async () => {
  database = await createTestDatabase();
  await seedRateDeck(database.db);
  // 1 simulated second = 10 ms
  telephony = await createTestTelephony(database.db, config, { voiceTimeScale: 0.01 });
  telephony.simulator.listen({ port: 0, hostname: '127.0.0.1' });
  const carrierOrigin = `http://127.0.0.1:${telephony.simulator.server?.port}`;
  testApp = await billingTestApp(database.db, { env: { TWILIO_SIMULATOR_URL: carrierOrigin }, services: telephony.services, rates: createRateService({ db: database.db }) });
  telephony.attach(testApp.app);
  signalUrl = `ws://127.0.0.1:${telephony.simulator.server?.port}${simulatorSignallingPath}`;
});
afterAll(async () => {
  for (const item of open) item.close();
  await telephony.close();
  await telephony.simulator.stop();
  await database.drop();
});

const json = async <T>(response: Response) => (await response.json()) as T;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function callThroughSimulator(destination: string, talkMs: number | null) {
  const user = await testApp.signUpWithBalance('sim-call', '5.00');
  const { token, identity, signalling } = await json<{ token: string; identity: string; signalling: { chunderw: string } | null }>(
    await testApp.call('GET', '/api/twilio/token', user.token),
  );
  // the Voice SDK signals to the simulator's own origin
  expect(signalling?.chunderw).toBe(`${new URL(signalUrl).host}${simulatorVoicePath}`);
  const started = await json<{ callId: string }>(await testApp.call('POST', '/api/calls/start', user.token, { destinationNumber: destination }));
  // the Device: listen with the token, then invite with its offer and the call's custom parameters
  const sdk = await SdkClient.connect(signalUrl);
  const browser = new BrowserPeer();
  open.push(sdk, browser);
  sdk.listen(token);
  await sdk.next('connected');
  sdk.send('invite', { callsid: `TJS${crypto.randomUUID()}`, sdp: await browser.offer(), twilio: { params: new URLSearchParams({ To: destination, callId: started.callId }).toString() } });
  // the call's sid comes with its ringing; a call that never rang (failed) ends with a hangup first
  for (let i = 0; i < 200 && !sdk.messages.some((message) => message.type === 'ringing' || message.type === 'hangup'); i++) await sleep(10);
  const ringing = sdk.messages.find((message) => message.type === 'ringing')?.payload;
  let callSid: string;
  if (ringing) {
    callSid = String(ringing.callsid);
    await browser.accept(String(ringing.sdp));
    expect((await testApp.call('PATCH', `/api/calls/${started.callId}/sid`, user.token, { twilioCallSid: callSid })).status).toBe(204);
  } else {
    // the browser never learned it; the app did, from its voice webhook
    callSid = telephony.twilioSimulator.voice.calls().find((call) => call.from === `client:${identity}`)?.sid ?? '';
  }
  if (talkMs !== null) {
    // rings (2 simulated s), is answered, talks, and the browser hangs up
    await sdk.next('answer');
    await browser.connected();
    browser.talk();
    await sleep(talkMs);
    sdk.send('hangup', { callsid: callSid });
  }
  for (let i = 0; i < 200; i++) {
    const status = await json<{ status: string }>(await testApp.call('GET', `/api/calls/status/${callSid}`, user.token));
    if (['completed', 'busy', 'no-answer', 'failed', 'canceled'].includes(status.status)) break;
    await sleep(20);
  }
  await telephony.twilioSimulator.voice.settle();
  const status = await json<{ status: string; duration: number; cost: string }>(await testApp.call('GET', `/api/calls/status/${callSid}`, user.token));
  const { balance } = await json<{ balance: string }>(await testApp.call('GET', '/api/auth/user', user.token));
  sdk.close();
  browser.close();
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
