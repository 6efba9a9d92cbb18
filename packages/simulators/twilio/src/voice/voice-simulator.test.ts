// Twilio's part of a call (voice-simulator.ts and the call machine, the TwiML and the status callbacks), end to end with
// the browser as the official Voice SDK is: its PStream signalling over a real WebSocket and a werift peer for its
// audio (voice/testing.ts). The app's webhooks are answered by a small recording app with the SDK's VoiceResponse,
// every callback checked with twilio.validateRequest: the voice webhook and the leg's status callbacks, the test
// destinations, the TwiML's time limit, <Dial action>, the app's broken TwiML, and a phone calling a Ringwise number
// from the phone page. On the machine's PostgreSQL and on PGlite; voice time runs 100× faster (voiceTimeScale 0.01:
// 2 s of ringing take 20 ms). The gateway's own rules (tokens, one call at a time, reconnection, media) are
// signalling.test.ts's.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test';
import { Elysia } from 'elysia';
import twilio from 'twilio';
import { simulatorSignallingPath } from '@ringwise/contract/simulator-voice';
import { openTestDatabase, testEngines, type TestDatabase } from '@ringwise/simulator-common/testing';
import { twilioSimulator } from '../routes.ts';
import { createTestCarrier, testAccount, type TestCarrier } from '../testing.ts';
import { BrowserPeer, SdkClient } from './testing.ts';

const origin = 'http://localhost:3000';
const { accountSid, authToken, apiKeySid, apiKeySecret, twimlAppSid } = testAccount;
const allEvents: Array<'initiated' | 'ringing' | 'answered' | 'completed'> = ['initiated', 'ringing', 'answered', 'completed'];

interface Hook {
  path: string;
  params: Record<string, string>;
  headers: Headers;
  valid: boolean;
}

function token(identity: string): string {
  const accessToken = new twilio.jwt.AccessToken(accountSid, apiKeySid, apiKeySecret, { identity, ttl: 3600 });
  accessToken.addGrant(new twilio.jwt.AccessToken.VoiceGrant({ outgoingApplicationSid: twimlAppSid, incomingAllow: true }));
  return accessToken.toJwt();
}

async function until(condition: () => boolean, what: string, timeoutMs = 3000): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await Bun.sleep(2);
  }
}

for (const engine of await testEngines('twilio-simulator voice')) {
  describe.skipIf(!engine.available)(`simulator voice on ${engine.name}`, () => {
    let testDb: TestDatabase;
    let t: TestCarrier;
    let app: { handle(request: Request): Promise<Response> };
    let server: { stop(): void } | null = null;
    let signalUrl = '';
    const hooks: Hook[] = [];
    let voiceTwiml: (params: Record<string, string>) => string = () => '<Response/>';
    let incomingTwiml: (params: Record<string, string>) => string = () => '<Response/>';
    const open: Array<{ close(): void }> = [];

    const record = async (request: Request, path: string): Promise<Record<string, string>> => {
      const params = Object.fromEntries(new URLSearchParams(await request.text()));
      const url = new URL(request.url);
      // signed with the URL as configured (the public origin), delivered to the same origin here
      const valid = twilio.validateRequest(authToken, request.headers.get('x-twilio-signature') ?? '', `${origin}${url.pathname}${url.search}`, params);
      hooks.push({ path, params, headers: request.headers, valid });
      return params;
    };

    beforeAll(async () => {
      testDb = await openTestDatabase(engine.name);
      t = await createTestCarrier(testDb.db, { origin, voiceTimeScale: 0.01, log: (error) => console.error('[voice test]', error) });
      const xml = { 'content-type': 'text/xml' };
      const listening = new Elysia()
        .use(twilioSimulator(t.twilioSimulator))
        .post('/webhooks/twilio/voice', async ({ request }) => new Response(voiceTwiml(await record(request, 'voice')), { headers: xml }), { parse: 'none' })
        .post('/webhooks/twilio/incoming', async ({ request }) => new Response(incomingTwiml(await record(request, 'incoming')), { headers: xml }), { parse: 'none' })
        .post('/hooks/status', async ({ request }) => (await record(request, 'status'), ''), { parse: 'none' })
        .post('/hooks/dial-action', async ({ request }) => (await record(request, 'action'), new Response('<Response><Hangup/></Response>', { headers: xml })), {
          parse: 'none',
        })
        .listen({ port: 0, hostname: '127.0.0.1' });
      t.attach(listening);
      app = listening;
      server = listening.server;
      signalUrl = `ws://127.0.0.1:${listening.server?.port}${simulatorSignallingPath}`;
    });
    beforeEach(() => {
      hooks.length = 0;
      voiceTwiml = (params) => {
        const response = new twilio.twiml.VoiceResponse();
        response
          .dial({ callerId: '+12025550100', timeLimit: 3600, answerOnBridge: true })
          .number({ statusCallback: `${origin}/hooks/status?callId=${params.callId ?? ''}`, statusCallbackEvent: allEvents, statusCallbackMethod: 'POST' }, params.To ?? '');
        return response.toString();
      };
    });
    afterAll(async () => {
      for (const item of open) item.close();
      await t?.close();
      server?.stop();
      await testDb?.close();
    });

    const voice = () => t.twilioSimulator.voice;

    /** A browser's Device: its signalling WebSocket, listening as `identity` (and registered for incoming calls). */
    async function device(identity: string, options: { register?: boolean } = {}) {
      const sdk = await SdkClient.connect(signalUrl);
      open.push(sdk);
      sdk.listen(token(identity));
      await sdk.next('connected');
      if (options.register) {
        sdk.send('register', { media: { audio: true } });
        await sdk.next('ready');
      }
      return sdk;
    }

    /** The SDK's outgoing call: invite with its offer and its custom parameters (as a query string). */
    async function invite(sdk: SdkClient, to: string, extra: Record<string, string> = {}) {
      const browser = new BrowserPeer();
      open.push(browser);
      const tempSid = `TJS${crypto.randomUUID()}`;
      sdk.send('invite', { callsid: tempSid, sdp: await browser.offer(), twilio: { params: new URLSearchParams({ To: to, callId: 'call-1', ...extra }).toString() } });
      return { browser, tempSid };
    }

    /** …until the far end rings: the call's sid arrives with `ringing` and its early media. */
    async function place(sdk: SdkClient, to: string, extra: Record<string, string> = {}) {
      const { browser, tempSid } = await invite(sdk, to, extra);
      const ringing = await sdk.next('ringing');
      await browser.accept(String(ringing.sdp));
      return { browser, tempSid, callSid: String(ringing.callsid) };
    }

    /** The status callbacks of one call's dialled leg (a call of an earlier test may still be ending). */
    const statusHooks = (parentSid: string) => hooks.filter((hook) => hook.path === 'status' && hook.params.ParentCallSid === parentSid);
    /** The parent call's sid, from its voice webhook. */
    const placedBy = (identity: string) => hooks.find((hook) => hook.path === 'voice' && hook.params.From === `client:${identity}`)?.params.CallSid ?? '';
    /** What the SDK heard of one call, in order. */
    const heard = (sdk: SdkClient, callsid: string) => sdk.messages.filter((message) => message.payload.callsid === callsid).map((message) => message.type);

    test('a call to a normal number: the voice webhook as Twilio sends it, then initiated, ringing, in-progress, completed with its duration', async () => {
      const sdk = await device('alice');
      const { browser, callSid } = await place(sdk, '+14155551234', { custom: 'x y' });
      expect(callSid).toMatch(/^CA[0-9a-f]{32}$/);
      expect(await sdk.next('answer')).toMatchObject({ callsid: callSid });
      expect(voice().call(callSid)?.status).toBe('in-progress');

      const webhook = hooks.find((hook) => hook.path === 'voice') as Hook;
      expect(webhook.valid).toBe(true);
      expect(webhook.params).toEqual({
        AccountSid: accountSid,
        ApiVersion: '2010-04-01',
        ApplicationSid: twimlAppSid,
        CallSid: callSid,
        CallStatus: 'ringing',
        Called: '',
        Caller: 'client:alice',
        Direction: 'inbound',
        From: 'client:alice',
        To: '+14155551234',
        callId: 'call-1',
        custom: 'x y',
      });
      expect(webhook.headers.get('user-agent')).toBe('TwilioProxy/1.1');
      expect(webhook.headers.get('content-type')).toBe('application/x-www-form-urlencoded; charset=UTF-8');
      expect(webhook.headers.get('i-twilio-idempotency-token')).toBeTruthy();

      await Bun.sleep(40); // 4 simulated seconds
      // keys: 0-9, * and #, with w a pause; a string with anything else is not taken
      sdk.send('dtmf', { callsid: callSid, dtmf: '12#w' });
      sdk.send('dtmf', { callsid: callSid, dtmf: '12x' });
      sdk.send('hangup', { callsid: callSid });
      await sdk.next('hangup');
      expect(voice().call(callSid)).toMatchObject({ status: 'completed', digits: '12#' });
      await voice().settle();

      const statuses = statusHooks(callSid);
      expect(statuses.map((hook) => hook.params.CallStatus)).toEqual(['initiated', 'ringing', 'in-progress', 'completed']);
      expect(statuses.map((hook) => hook.params.SequenceNumber)).toEqual(['0', '1', '2', '3']);
      expect(statuses.every((hook) => hook.valid)).toBe(true);
      const last = statuses[3]?.params ?? {};
      expect(last).toMatchObject({
        CallSid: voice().call(callSid)?.leg?.sid,
        ParentCallSid: callSid,
        AccountSid: accountSid,
        From: '+12025550100',
        To: '+14155551234',
        Called: '+14155551234',
        Caller: '+12025550100',
        Direction: 'outbound-dial',
        ApiVersion: '2010-04-01',
        CallbackSource: 'call-progress-events',
        SipResponseCode: '200',
        Duration: '1',
      });
      expect(Number(last.CallDuration)).toBeGreaterThanOrEqual(4);
      expect(last.Timestamp).toMatch(/^\w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} \+0000$/);
      expect(statuses[0]?.params.CallDuration).toBeUndefined();
      expect(heard(sdk, callSid)).toEqual(['ringing', 'answer', 'hangup']);
      browser.close();
      sdk.close();
    });

    for (const [ending, status, sip] of [
      ['0002', 'busy', '486'],
      ['0003', 'no-answer', '487'],
      ['0004', 'failed', '503'],
    ] as const) {
      test(`a test destination ending in ${ending} ends ${status}`, async () => {
        const identity = `dest-${ending}`;
        const sdk = await device(identity);
        const { browser, tempSid } = await invite(sdk, `+1415555${ending}`);
        const hangup = await sdk.next('hangup');
        const callSid = placedBy(identity);
        expect(voice().call(callSid)?.status).toBe(status);
        await voice().settle();
        const statuses = statusHooks(callSid);
        expect(statuses.map((hook) => hook.params.CallStatus)).toEqual(status === 'failed' ? ['initiated', 'failed'] : ['initiated', 'ringing', status]);
        expect(statuses.at(-1)?.params).toMatchObject({ SipResponseCode: sip, CallDuration: '0', Duration: '0' });
        // the far end's answer is the call's outcome, not an error; a call that never rang is named by the SDK's own id
        expect(hangup).toEqual({ callsid: status === 'failed' ? tempSid : callSid });
        expect(heard(sdk, callSid)).toEqual(status === 'failed' ? [] : ['ringing', 'hangup']);
        browser.close();
        sdk.close();
      });
    }

    test('the TwiML timeLimit ends the answered call', async () => {
      voiceTwiml = (params) => {
        const response = new twilio.twiml.VoiceResponse();
        response.dial({ callerId: '+12025550100', timeLimit: 3 }).number({ statusCallback: `${origin}/hooks/status`, statusCallbackEvent: ['completed'] }, params.To ?? '');
        return response.toString();
      };
      const sdk = await device('limited');
      const { browser, callSid } = await place(sdk, '+14155551234');
      await sdk.next('answer');
      // nobody hangs up: the time limit does
      expect(await sdk.next('hangup')).toEqual({ callsid: callSid });
      expect(voice().call(callSid)?.status).toBe('completed');
      await voice().settle();
      expect(statusHooks(callSid).map((hook) => [hook.params.CallStatus, hook.params.CallDuration, hook.params.SequenceNumber])).toEqual([['completed', '3', '0']]);
      browser.close();
      sdk.close();
    });

    test('hanging up while the far end rings cancels the dialled leg; <Dial action> hears about it', async () => {
      voiceTwiml = (params) => {
        const response = new twilio.twiml.VoiceResponse();
        response
          .dial({ callerId: '+12025550100', action: `${origin}/hooks/dial-action` })
          .number({ statusCallback: `${origin}/hooks/status`, statusCallbackEvent: ['ringing', 'completed'] }, params.To ?? '');
        return response.toString();
      };
      const sdk = await device('canceller');
      const { browser, callSid } = await place(sdk, '+14155550003');
      expect(voice().call(callSid)?.leg?.status).toBe('ringing');
      // the SDK hangs up by the sid `ringing` told it
      sdk.send('hangup', { callsid: callSid });
      await sdk.next('hangup');
      await voice().settle();
      expect(voice().call(callSid)?.status).toBe('canceled');
      expect(statusHooks(callSid).map((hook) => hook.params.CallStatus)).toEqual(['ringing', 'canceled']);
      // the caller hung up: Twilio does not ask <Dial action> then
      expect(hooks.some((hook) => hook.path === 'action')).toBe(false);
      browser.close();
      sdk.close();
    });

    test('unparseable TwiML fails the call with 12100 to the device', async () => {
      voiceTwiml = () => '<Response><Dial>';
      const sdk = await device('broken');
      const { browser, tempSid } = await invite(sdk, '+14155551234');
      // the SDK reports it as the call's error (a ConnectionError carrying the code)
      expect(await sdk.next('hangup')).toEqual({ callsid: tempSid, error: { code: 12100, message: expect.stringContaining('12100') } });
      expect(voice().call(placedBy('broken'))).toMatchObject({ status: 'failed', errorCode: 12100 });
      browser.close();
      sdk.close();
    });

    describe('calling a Ringwise number from the phone page', () => {
      let ringwiseNumber = '';
      beforeAll(async () => {
        const bought = await t.twilio.incomingPhoneNumbers.create({ areaCode: '415', voiceUrl: `${origin}/webhooks/twilio/incoming` });
        ringwiseNumber = bought.phoneNumber;
      });
      beforeEach(() => {
        incomingTwiml = () => {
          const response = new twilio.twiml.VoiceResponse();
          response.dial({ timeout: 20 }).client({ statusCallback: `${origin}/hooks/status`, statusCallbackEvent: allEvents }, 'bob');
          return response.toString();
        };
      });

      const callFromPage = async (to: string, from = '+14155550100') => {
        const response = await app.handle(
          new Request(`${origin}/sim/twilio/phone/call`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ from, to }) }),
        );
        expect(response.status).toBe(303);
        return response.headers.get('location') ?? '';
      };
      const pageHtml = async () => (await app.handle(new Request(`${origin}/sim/twilio/phone`))).text();
      const incomingCall = () => hooks.find((hook) => hook.path === 'incoming')?.params.CallSid ?? '';

      test('the page offers the bought numbers', async () => {
        const html = await pageHtml();
        expect(html).toContain('Call a Ringwise number');
        expect(html).toContain(`<option value="${ringwiseNumber}">`);
        expect(html).toContain('name="from" value="+14155550100"');
        // one script, its own, for calling through the microphone (the form works without it)
        expect(html.match(/<script/g)).toHaveLength(1);
        expect(html).toMatch(/<script nonce="[^"]+" src="\/sim\/twilio\/phone\/caller\.js" defer><\/script>/);
        const response = await app.handle(new Request(`${origin}/sim/twilio/phone`));
        expect(response.headers.get('content-security-policy')).toMatch(/script-src 'nonce-[^']+'; connect-src 'self'/);
        const script = await app.handle(new Request(`${origin}/sim/twilio/phone/caller.js`));
        expect(script.headers.get('content-type')).toContain('text/javascript');
        expect(await script.text()).toContain('getUserMedia');
      });

      test('it rings the registered devices; answering on one puts it in progress and stops the other, the page hangs up', async () => {
        const first = await device('bob', { register: true });
        const other = await device('bob', { register: true });
        expect(await callFromPage(ringwiseNumber)).toContain('result=call-placed');
        const webhook = hooks.find((hook) => hook.path === 'incoming') as Hook;
        expect(webhook.valid).toBe(true);
        expect(webhook.params).toMatchObject({ AccountSid: accountSid, CallStatus: 'ringing', Direction: 'inbound', From: '+14155550100', Caller: '+14155550100', To: ringwiseNumber, Called: ringwiseNumber, CallerCountry: 'US' });
        const invite = await first.next('invite');
        expect((await other.next('invite')).callsid).toBe(invite.callsid);
        const legSid = String(invite.callsid);
        expect(invite.parameters).toMatchObject({ CallSid: legSid, From: '+14155550100', To: 'client:bob' });
        const browser = new BrowserPeer();
        open.push(browser);
        first.send('answer', { callsid: legSid, sdp: await browser.answer(String(invite.sdp)) });
        await first.next('answer');
        const parent = webhook.params.CallSid ?? '';
        expect(voice().call(parent)?.status).toBe('in-progress');
        // too late to reject: the call goes on (the message's acknowledgement says the reject was handled before it)
        first.send('reject', { callsid: legSid });
        first.send('message', { callsid: legSid, content: {}, contenttype: 'application/json', messagetype: 'user-defined-message', voiceeventsid: 'KX1' });
        await first.next('ack');
        expect(voice().call(parent)?.status).toBe('in-progress');
        await voice().settle();
        const html = await pageHtml();
        expect(html).toContain('In progress');
        expect(html).toContain(`action="/sim/twilio/phone/calls/${parent}/hangup"`);
        const hangUp = await app.handle(new Request(`${origin}/sim/twilio/phone/calls/${parent}/hangup`, { method: 'POST' }));
        expect(hangUp.headers.get('location')).toContain('result=call-ended');
        await first.next('hangup');
        await voice().settle();
        expect(statusHooks(parent).map((hook) => hook.params.CallStatus)).toEqual(['initiated', 'ringing', 'in-progress', 'completed']);
        expect(heard(first, legSid)).toEqual(['invite', 'answer', 'ack', 'hangup']);
        expect(heard(other, legSid)).toEqual(['invite', 'cancel']);
        browser.close();
        first.close();
        other.close();
      });

      test("with the page's microphone, the caller and the browser that takes the call hear each other, and nothing else", async () => {
        const callWithMicrophone = (body: Record<string, string>) =>
          app.handle(
            new Request(`${origin}/sim/twilio/phone/call`, {
              method: 'POST',
              headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
              body: new URLSearchParams(body),
            }),
          );
        const refused = await callWithMicrophone({ from: '+14155550100', to: ringwiseNumber, sdp: 'not an offer' });
        expect(refused.status).toBe(400);
        expect(await refused.json()).toMatchObject({ result: 'call-bad-offer' });
        const unknown = await callWithMicrophone({ from: '+14155550100', to: '+19995550000', sdp: 'v=0' });
        expect(await unknown.json()).toMatchObject({ result: 'call-unknown-number', message: 'That number is not a Ringwise number in the simulator.' });

        const sdk = await device('bob', { register: true });
        const phone = new BrowserPeer();
        open.push(phone);
        const placed = await callWithMicrophone({ from: '+14155550100', to: ringwiseNumber, sdp: await phone.offer() });
        expect(placed.status).toBe(201);
        const { callSid, sdp } = (await placed.json()) as { callSid: string; sdp: string };
        await phone.accept(sdp);
        const follow = async () => (await app.handle(new Request(`${origin}/sim/twilio/phone/calls/${callSid}`))).json();
        expect(await follow()).toEqual({ status: 'ringing', label: 'Ringing' });

        // answered at once: at this time scale nobody answering ends the call in 0.3 s
        const invite = await sdk.next('invite');
        const browser = new BrowserPeer();
        open.push(browser);
        sdk.send('answer', { callsid: invite.callsid, sdp: await browser.answer(String(invite.sdp)) });
        await sdk.next('answer');
        await Promise.all([phone.connected(), browser.connected()]);
        expect(await follow()).toEqual({ status: 'in-progress', label: 'In progress' });

        // what one says reaches the other, and when one stops talking the other hears nothing more (no tone, no ringback)
        const flowsOnlyWhileTalking = async (talker: BrowserPeer, listener: BrowserPeer) => {
          const before = listener.received;
          talker.talk();
          await until(() => listener.received > before + 20, 'the audio to arrive');
          talker.stopTalking();
          await Bun.sleep(150);
          const stopped = listener.received;
          await Bun.sleep(300);
          expect(listener.received).toBe(stopped);
        };
        await flowsOnlyWhileTalking(phone, browser);
        await flowsOnlyWhileTalking(browser, phone);

        const hangUp = await app.handle(new Request(`${origin}/sim/twilio/phone/calls/${callSid}/hangup`, { method: 'POST' }));
        expect(hangUp.headers.get('location')).toContain('result=call-ended');
        await sdk.next('hangup');
        expect(await follow()).toEqual({ status: 'completed', label: 'Ended' });
        phone.close();
        browser.close();
        sdk.close();
      });

      test('rejecting it makes the caller hear busy', async () => {
        const sdk = await device('bob', { register: true });
        await callFromPage(ringwiseNumber);
        const invite = await sdk.next('invite');
        sdk.send('reject', { callsid: invite.callsid });
        const parent = incomingCall();
        await until(() => voice().call(parent)?.status === 'busy', 'busy');
        await voice().settle();
        expect(statusHooks(parent).at(-1)?.params).toMatchObject({ CallStatus: 'busy', SipResponseCode: '486' });
        sdk.close();
      });

      test('nobody answering ends it no-answer; nobody registered too', async () => {
        const sdk = await device('bob', { register: true });
        await callFromPage(ringwiseNumber);
        const invite = await sdk.next('invite');
        const parent = incomingCall();
        // the device stops ringing when the <Dial timeout> passes
        expect(await sdk.next('cancel')).toEqual({ callsid: invite.callsid });
        expect(voice().call(parent)?.status).toBe('no-answer');
        sdk.close();
        await until(() => voice().registered('bob') === 0, 'the session to close');
        hooks.length = 0;
        await callFromPage(ringwiseNumber);
        expect(voice().call(incomingCall())?.status).toBe('no-answer');
      });

      test('a <Say> answer ends the call and the page shows what was said', async () => {
        incomingTwiml = () => {
          const response = new twilio.twiml.VoiceResponse();
          response.say('This number is not in service. Goodbye & thanks.');
          return response.toString();
        };
        await callFromPage(ringwiseNumber);
        const html = await pageHtml();
        expect(html).toContain('This number is not in service. Goodbye &#38; thanks.');
        expect(await callFromPage('+19995550000')).toContain('result=call-unknown-number');
      });
    });
  });
}
