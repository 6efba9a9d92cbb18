// The Calls resource through the REAL `twilio` SDK (its httpClient pointed at the simulator with `app.handle`), on
// calls placed as the browser's Voice SDK places them (its PStream signalling over a real WebSocket, a werift peer for
// its audio; voice/testing.ts): fetching the call and its dialled leg while they ring and once answered, ending them
// with `update({ status })` as Twilio does, the browser hearing its `hangup`, the leg's status callbacks, and the
// calls table answering for a call another process served. On the machine's PostgreSQL and on PGlite; voice time
// runs 10 times faster (ringing 2 s takes 200 ms, nobody answering 6 s takes 600 ms).
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test';
import { Elysia } from 'elysia';
import twilio from 'twilio';
import { simulatorSignallingPath } from '@ringwise/contract/simulator-voice';
import { openTestDatabase, testEngines, type TestDatabase } from '@ringwise/simulator-common/testing';
import { twilioSimulator } from '../routes.ts';
import { createTestCarrier, testAccount, type TestCarrier } from '../testing.ts';
import { BrowserPeer, SdkClient } from '../voice/testing.ts';

const origin = 'http://localhost:3000';
const { accountSid, authToken, apiKeySid, apiKeySecret, twimlAppSid } = testAccount;
const allEvents: Array<'initiated' | 'ringing' | 'answered' | 'completed'> = ['initiated', 'ringing', 'answered', 'completed'];
const callerId = '+12025550100';
const rfc2822 = /^\w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} \+0000$/;

function token(identity: string): string {
  const accessToken = new twilio.jwt.AccessToken(accountSid, apiKeySid, apiKeySecret, { identity, ttl: 3600 });
  accessToken.addGrant(new twilio.jwt.AccessToken.VoiceGrant({ outgoingApplicationSid: twimlAppSid, incomingAllow: true }));
  return accessToken.toJwt();
}

async function until(condition: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await Bun.sleep(5);
  }
}

interface RestError {
  status: number;
  code: number;
  message: string;
}

async function rejection(promise: Promise<unknown>): Promise<RestError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(twilio.RestException);
    return error as RestError;
  }
  throw new Error('expected the request to fail');
}

for (const engine of await testEngines('twilio-simulator calls')) {
  describe.skipIf(!engine.available)(`the Calls resource on ${engine.name}`, () => {
    let testDb: TestDatabase;
    let carrier: TestCarrier;
    let client: ReturnType<typeof twilio>;
    let app: { handle(request: Request): Promise<Response> };
    let server: { stop(): void } | null = null;
    let signalUrl = '';
    const hooks: Array<{ path: string; params: Record<string, string> }> = [];
    const open: Array<{ close(): void }> = [];

    beforeAll(async () => {
      testDb = await openTestDatabase(engine.name);
      carrier = await createTestCarrier(testDb.db, { origin, voiceTimeScale: 0.1, voiceSignalling: { echoDelayMs: 20 }, log: (error) => console.error('[calls test]', error) });
      const record = async (request: Request, path: string) => {
        const params = Object.fromEntries(new URLSearchParams(await request.text()));
        hooks.push({ path, params });
        return params;
      };
      const xml = { 'content-type': 'text/xml' };
      const listening = new Elysia()
        .use(twilioSimulator(carrier.twilioSimulator))
        .post(
          '/webhooks/twilio/voice',
          async ({ request }) => {
            const params = await record(request, 'voice');
            const response = new twilio.twiml.VoiceResponse();
            response.dial({ callerId, timeLimit: 3600, answerOnBridge: true }).number({ statusCallback: `${origin}/hooks/status`, statusCallbackEvent: allEvents }, params.To ?? '');
            return new Response(response.toString(), { headers: xml });
          },
          { parse: 'none' },
        )
        .post(
          '/webhooks/twilio/incoming',
          async ({ request }) => {
            await record(request, 'incoming');
            const response = new twilio.twiml.VoiceResponse();
            response.dial({ timeout: 20 }).client({ statusCallback: `${origin}/hooks/status`, statusCallbackEvent: allEvents }, 'bob');
            return new Response(response.toString(), { headers: xml });
          },
          { parse: 'none' },
        )
        .post('/hooks/status', async ({ request }) => (await record(request, 'status'), ''), { parse: 'none' })
        .listen({ port: 0, hostname: '127.0.0.1' });
      carrier.attach(listening);
      app = listening;
      server = listening.server;
      signalUrl = `ws://127.0.0.1:${listening.server?.port}${simulatorSignallingPath}`;
      client = carrier.twilio;
    });
    beforeEach(() => {
      hooks.length = 0;
    });
    afterAll(async () => {
      for (const item of open) item.close();
      await carrier?.close();
      server?.stop();
      await testDb?.close();
    });

    const voice = () => carrier.twilioSimulator.voice;
    /** The status callbacks of one call's dialled leg. */
    const callbacks = (parentSid: string) => hooks.filter((hook) => hook.path === 'status' && hook.params.ParentCallSid === parentSid).map((hook) => hook.params);
    const statuses = (parentSid: string) => callbacks(parentSid).map((params) => params.CallStatus);
    /** The leg's sid, as the app learns it: from its first status callback. */
    const legSidOf = async (parentSid: string) => {
      await until(() => callbacks(parentSid).length > 0, 'the first status callback');
      return callbacks(parentSid)[0]?.CallSid ?? '';
    };
    const raw = (path: string, init: RequestInit = {}) =>
      app.handle(
        new Request(`${origin}/sim/twilio/2010-04-01/Accounts/${accountSid}${path}`, {
          ...init,
          headers: { authorization: `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`, ...init.headers },
        }),
      );

    /** The browser's SDK places a call: invite with its offer, until the far end rings. */
    async function place(identity: string, to: string) {
      const sdk = await SdkClient.connect(signalUrl);
      open.push(sdk);
      sdk.listen(token(identity));
      await sdk.next('connected');
      const browser = new BrowserPeer();
      open.push(browser);
      sdk.send('invite', { callsid: `TJS${crypto.randomUUID()}`, sdp: await browser.offer(), twilio: { params: new URLSearchParams({ To: to }).toString() } });
      const ringing = await sdk.next('ringing');
      await browser.accept(String(ringing.sdp));
      return { sdk, browser, callSid: String(ringing.callsid) };
    }

    /** …and the far end answers; the browser talks, its echo comes back. */
    async function answered(identity: string) {
      const placed = await place(identity, '+14155551234');
      await placed.sdk.next('answer');
      await placed.browser.connected();
      placed.browser.talk();
      await until(() => placed.browser.received > 10, 'the echo');
      return placed;
    }

    /** Whether the far end stopped sending to the browser. */
    async function mediaStopped(browser: BrowserPeer): Promise<boolean> {
      await Bun.sleep(100);
      const before = browser.received;
      await Bun.sleep(200);
      return browser.received === before;
    }

    test('a ringing call and its dialled leg: Twilio\'s JSON, no duration or end yet', async () => {
      const { sdk, browser, callSid } = await place('fetcher', '+14155550003');
      const legSid = await legSidOf(callSid);
      const call = await client.calls(callSid).fetch();
      expect(call).toMatchObject({
        sid: callSid,
        parentCallSid: null,
        accountSid,
        from: 'client:fetcher',
        to: '+14155550003',
        toFormatted: '(415) 555-0003',
        status: 'ringing',
        direction: 'inbound',
        duration: null,
        endTime: null,
        price: null,
        apiVersion: '2010-04-01',
        uri: `/2010-04-01/Accounts/${accountSid}/Calls/${callSid}.json`,
      });
      expect(call.startTime).toBeInstanceOf(Date);
      expect(call.subresourceUris.recordings).toBe(`/2010-04-01/Accounts/${accountSid}/Calls/${callSid}/Recordings.json`);
      expect(await client.calls(legSid).fetch()).toMatchObject({ sid: legSid, parentCallSid: callSid, from: callerId, to: '+14155550003', status: 'ringing', direction: 'outbound-dial', duration: null });
      // the wire: RFC 2822 dates, nulls as Twilio sends them
      const body = (await (await raw(`/Calls/${callSid}.json`)).json()) as Record<string, unknown>;
      expect(body).toMatchObject({ status: 'ringing', duration: null, end_time: null, start_time: expect.stringMatching(rfc2822), date_created: expect.stringMatching(rfc2822) });
      sdk.send('hangup', { callsid: callSid });
      await until(() => voice().call(callSid)?.status === 'canceled', 'canceled');
      browser.close();
    });

    test('canceling a ringing call ends it as the browser hanging up: hangup over the signalling, the media stops, the leg canceled', async () => {
      const { sdk, browser, callSid } = await place('canceller', '+14155550003');
      await until(() => browser.received > 5, 'the ringback');
      const canceled = await client.calls(callSid).update({ status: 'canceled' });
      expect(canceled).toMatchObject({ sid: callSid, status: 'canceled', duration: '0' });
      expect(canceled.endTime).toBeInstanceOf(Date);
      expect(await sdk.next('hangup')).toEqual({ callsid: callSid });
      expect(await mediaStopped(browser)).toBe(true);
      await voice().settle();
      expect(statuses(callSid)).toEqual(['initiated', 'ringing', 'canceled']);
      expect(callbacks(callSid).at(-1)).toMatchObject({ CallDuration: '0', SipResponseCode: '487' });
      const leg = await client.calls(callbacks(callSid)[0]?.CallSid ?? '').fetch();
      expect(leg).toMatchObject({ status: 'canceled', duration: '0', parentCallSid: callSid });
      browser.close();
    });

    test('completing an answered call hangs it up: hangup over the signalling, the media stops, completed with its duration', async () => {
      const { sdk, browser, callSid } = await answered('completer');
      expect(await client.calls(callSid).fetch()).toMatchObject({ status: 'in-progress', duration: null, endTime: null });
      await Bun.sleep(200); // 2 simulated seconds
      const completed = await client.calls(callSid).update({ status: 'completed' });
      expect(completed.status).toBe('completed');
      expect(Number(completed.duration)).toBeGreaterThan(0);
      expect(completed.endTime).toBeInstanceOf(Date);
      expect(await sdk.next('hangup')).toEqual({ callsid: callSid });
      expect(await mediaStopped(browser)).toBe(true);
      await voice().settle();
      expect(statuses(callSid)).toEqual(['initiated', 'ringing', 'in-progress', 'completed']);
      const last = callbacks(callSid).at(-1) ?? {};
      expect(last).toMatchObject({ SipResponseCode: '200' });
      expect(Number(last.CallDuration)).toBeGreaterThan(0);
      // the leg's record says what its callback said
      expect(await client.calls(last.CallSid ?? '').fetch()).toMatchObject({ status: 'completed', duration: last.CallDuration });
      // ending it again changes nothing
      expect(await client.calls(callSid).update({ status: 'completed' })).toMatchObject({ status: 'completed', duration: completed.duration });
      browser.close();
    });

    test('canceling an answered call is ignored: it goes on', async () => {
      const { sdk, browser, callSid } = await answered('late-canceller');
      expect(await client.calls(callSid).update({ status: 'canceled' })).toMatchObject({ status: 'in-progress', duration: null });
      expect(await client.calls(await legSidOf(callSid)).update({ status: 'canceled' })).toMatchObject({ status: 'in-progress' });
      expect(await mediaStopped(browser)).toBe(false);
      expect(sdk.messages.some((message) => message.type === 'hangup')).toBe(false);
      expect(voice().call(callSid)?.status).toBe('in-progress');
      await client.calls(callSid).update({ status: 'completed' });
      await sdk.next('hangup');
      browser.close();
    });

    test('completing the dialled leg ends the call as the far end hanging up', async () => {
      const { sdk, browser, callSid } = await answered('leg-ender');
      const legSid = await legSidOf(callSid);
      expect(await client.calls(legSid).update({ status: 'completed' })).toMatchObject({ sid: legSid, status: 'completed', parentCallSid: callSid });
      expect(await sdk.next('hangup')).toEqual({ callsid: callSid });
      await voice().settle();
      expect(await client.calls(callSid).fetch()).toMatchObject({ status: 'completed' });
      expect(statuses(callSid).at(-1)).toBe('completed');
      browser.close();
    });

    test('canceling a call from a phone while it rings the browser: the browser\'s invite is canceled', async () => {
      const sdk = await SdkClient.connect(signalUrl);
      open.push(sdk);
      sdk.listen(token('bob'));
      await sdk.next('connected');
      sdk.send('register', { media: { audio: true } });
      await sdk.next('ready');
      const number = await client.incomingPhoneNumbers.create({ areaCode: '415', voiceUrl: `${origin}/webhooks/twilio/incoming` });
      await voice().callNumber('+14155550100', number.phoneNumber);
      const invite = await sdk.next('invite');
      const parent = voice().call(String(invite.callsid))?.sid ?? '';
      // a phone's call came in through the bought number
      expect(await client.calls(parent).fetch()).toMatchObject({ status: 'ringing', direction: 'inbound', from: '+14155550100', to: number.phoneNumber, phoneNumberSid: number.sid });
      expect(await client.calls(parent).update({ status: 'canceled' })).toMatchObject({ status: 'canceled' });
      expect(await sdk.next('cancel')).toEqual({ callsid: invite.callsid });
      await voice().settle();
      expect(statuses(parent)).toEqual(['initiated', 'ringing', 'canceled']);
    });

    test('an unknown call is 404 (20404); a Status other than canceled or completed is 400; redirecting is not simulated', async () => {
      const unknown = `CA${'0'.repeat(32)}`;
      const missing = await rejection(client.calls(unknown).fetch());
      expect(missing).toMatchObject({ status: 404, code: 20404, message: `The requested resource /2010-04-01/Accounts/${accountSid}/Calls/${unknown}.json was not found` });
      expect(await rejection(client.calls(unknown).update({ status: 'completed' }))).toMatchObject({ status: 404, code: 20404 });
      expect(await rejection(client.calls('CAnot-a-sid').fetch())).toMatchObject({ status: 404, code: 20404 });
      const { sdk, browser, callSid } = await place('bad-status', '+14155550003');
      expect(await rejection(client.calls(callSid).update({ status: 'ringing' as never }))).toMatchObject({ status: 400, code: 20001 });
      expect(await rejection(client.calls(callSid).update({ url: `${origin}/elsewhere` }))).toMatchObject({ status: 400, code: 20001 });
      expect(voice().call(callSid)?.status).toBe('ringing');
      expect((await raw(`/Calls/${callSid}.json`, { method: 'DELETE' })).status).toBe(405);
      sdk.send('hangup', { callsid: callSid });
      browser.close();
    });

    test('the calls table answers for calls another process served; the list shows each call and its leg', async () => {
      const { browser, callSid } = await answered('remembered');
      const legSid = await legSidOf(callSid);
      await Bun.sleep(100);
      await client.calls(callSid).update({ status: 'completed' });
      await voice().settle();
      browser.close();
      const here = await client.calls(legSid).fetch();
      // another process of the simulator on the same database: nothing of this call in its memory
      const other = await createTestCarrier(testDb.db, { origin });
      other.attach(new Elysia().use(twilioSimulator(other.twilioSimulator)));
      try {
        const parent = await other.twilio.calls(callSid).fetch();
        expect(parent).toMatchObject({ sid: callSid, status: 'completed', from: 'client:remembered', to: '+14155551234' });
        expect(Number(parent.duration)).toBeGreaterThan(0);
        expect(await other.twilio.calls(legSid).fetch()).toMatchObject({ sid: legSid, parentCallSid: callSid, status: 'completed', duration: here.duration, from: callerId });
        expect(here.startTime.getTime()).toBe((await other.twilio.calls(legSid).fetch()).startTime.getTime());
      } finally {
        await other.close();
      }
      const completed = await client.calls.list({ status: 'completed', limit: 50 });
      expect(completed.every((call) => call.status === 'completed')).toBe(true);
      expect(completed.slice(0, 2).map((call) => call.sid)).toEqual([callSid, legSid]);
      expect((await client.calls.list({ parentCallSid: callSid })).map((call) => call.sid)).toEqual([legSid]);
      expect((await client.calls.list({ from: 'client:remembered' })).map((call) => call.sid)).toEqual([callSid]);
      expect((await rejection(client.calls.list({ status: 'initiated' as never }))).status).toBe(400);
    });
  });
}
