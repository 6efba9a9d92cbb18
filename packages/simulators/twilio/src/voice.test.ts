// The carrier simulator's voice side, end to end through `app.handle`: a device's event stream and calls, the
// app's webhooks answered by a small recording app with the SDK's VoiceResponse, every callback checked with
// twilio.validateRequest. Voice time runs 100× faster (voiceTimeScale 0.01: 2 s of ringing take 20 ms).
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test';
import { Elysia } from 'elysia';
import twilio from 'twilio';
import type { SimulatorEvent } from '@ringwise/contract/simulator-voice';
import { openTestDatabase, testEngines, type TestDatabase } from '@ringwise/simulator-common/testing';
import { twilioSimulator } from './routes.ts';
import { createTestCarrier, testAccount, type TestCarrier } from './testing.ts';

const origin = 'http://localhost:3000';
const { accountSid, authToken, apiKeySid, apiKeySecret, twimlAppSid } = testAccount;
const voiceBase = `${origin}/sim/twilio/voice`;
const allEvents: Array<'initiated' | 'ringing' | 'answered' | 'completed'> = ['initiated', 'ringing', 'answered', 'completed'];

interface Hook {
  path: string;
  params: Record<string, string>;
  headers: Headers;
  valid: boolean;
}

function token(identity: string, options: { ttl?: number; secret?: string; app?: string | null; incoming?: boolean } = {}): string {
  const accessToken = new twilio.jwt.AccessToken(accountSid, apiKeySid, options.secret ?? apiKeySecret, { identity, ttl: options.ttl ?? 3600 });
  const grant: { outgoingApplicationSid?: string; incomingAllow?: boolean } = { incomingAllow: options.incoming ?? true };
  if (options.app !== null) grant.outgoingApplicationSid = options.app ?? twimlAppSid;
  accessToken.addGrant(new twilio.jwt.AccessToken.VoiceGrant(grant));
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
    let offsetMs = 0;
    const hooks: Hook[] = [];
    let voiceTwiml: (params: Record<string, string>) => string = () => '<Response/>';
    let incomingTwiml: (params: Record<string, string>) => string = () => '<Response/>';
    const streams: Array<() => void> = [];

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
      t = await createTestCarrier(testDb.db, {
        origin,
        voiceTimeScale: 0.01,
        now: () => Date.now() + offsetMs,
        log: (error) => console.error('[voice test]', error),
      });
      const xml = { 'content-type': 'text/xml' };
      app = new Elysia()
        .use(twilioSimulator(t.twilioSimulator))
        .post('/webhooks/twilio/voice', async ({ request }) => new Response(voiceTwiml(await record(request, 'voice')), { headers: xml }), { parse: 'none' })
        .post('/webhooks/twilio/incoming', async ({ request }) => new Response(incomingTwiml(await record(request, 'incoming')), { headers: xml }), { parse: 'none' })
        .post('/hooks/status', async ({ request }) => (await record(request, 'status'), ''), { parse: 'none' })
        .post('/hooks/dial-action', async ({ request }) => (await record(request, 'action'), new Response('<Response><Hangup/></Response>', { headers: xml })), {
          parse: 'none',
        });
      t.attach(app);
    });
    beforeEach(() => {
      hooks.length = 0;
      offsetMs = 0;
      voiceTwiml = (params) => {
        const response = new twilio.twiml.VoiceResponse();
        response
          .dial({ callerId: '+12025550100', timeLimit: 3600, answerOnBridge: true })
          .number({ statusCallback: `${origin}/hooks/status?callId=${params.callId ?? ''}`, statusCallbackEvent: allEvents, statusCallbackMethod: 'POST' }, params.To ?? '');
        return response.toString();
      };
    });
    afterAll(async () => {
      for (const close of streams) close();
      await t?.close();
      await testDb?.close();
    });

    /** A device's event stream: what arrived so far, and its closing. */
    async function openDevice(jwt: string) {
      const controller = new AbortController();
      const response = await app.handle(new Request(`${voiceBase}/events?token=${encodeURIComponent(jwt)}`, { signal: controller.signal }));
      expect(response.headers.get('content-type')).toStartWith('text/event-stream');
      const events: SimulatorEvent[] = [];
      let ended = false;
      const reader = (response.body as ReadableStream<Uint8Array>).getReader();
      const decoder = new TextDecoder();
      void (async () => {
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
          if (done) break;
          buffer += decoder.decode(value, { stream: true });
          let cut: number;
          while ((cut = buffer.indexOf('\n\n')) >= 0) {
            const frame = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            const data = frame.split('\n').find((line) => line.startsWith('data: '));
            if (data) events.push(JSON.parse(data.slice(6)) as SimulatorEvent);
          }
        }
        ended = true;
      })();
      const close = () => {
        controller.abort();
        void reader.cancel().catch(() => {});
      };
      streams.push(close);
      return { events, close, ended: () => ended };
    }

    const post = (path: string, jwt: string | null, body?: unknown) =>
      app.handle(
        new Request(`${voiceBase}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(jwt ? { authorization: `Bearer ${jwt}` } : {}) },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        }),
      );

    async function place(jwt: string, to: string, extra: Record<string, string> = {}) {
      const response = await post('/calls', jwt, { params: { To: to, callId: 'call-1', ...extra } });
      expect(response.status).toBe(201);
      return (await response.json()) as { callSid: string; parameters: Record<string, string> };
    }

    const statusHooks = () => hooks.filter((hook) => hook.path === 'status');
    const callEvents = (events: SimulatorEvent[], sid: string) => events.flatMap((event) => (event.type === 'call' && event.callSid === sid ? [event.status] : []));

    test('a call to a normal number: the voice webhook as Twilio sends it, then initiated, ringing, in-progress, completed with its duration', async () => {
      const jwt = token('alice');
      const device = await openDevice(jwt);
      await until(() => device.events.length > 0, 'registered');
      expect(device.events[0]).toEqual({ type: 'registered', identity: 'alice' });
      const { callSid, parameters } = await place(jwt, '+14155551234', { custom: 'x y' });
      expect(callSid).toMatch(/^CA[0-9a-f]{32}$/);
      expect(parameters.CallSid).toBe(callSid);
      await until(() => t.twilioSimulator.voice.call(callSid)?.status === 'in-progress', 'in-progress');

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
      expect((await post(`/calls/${callSid}/digits`, jwt, { digits: '12#w' })).status).toBe(204);
      expect((await post(`/calls/${callSid}/digits`, jwt, { digits: '12x' })).status).toBe(400);
      expect((await post(`/calls/${callSid}/hangup`, jwt)).status).toBe(204);
      await t.twilioSimulator.voice.settle();

      const statuses = statusHooks();
      expect(statuses.map((hook) => hook.params.CallStatus)).toEqual(['initiated', 'ringing', 'in-progress', 'completed']);
      expect(statuses.map((hook) => hook.params.SequenceNumber)).toEqual(['0', '1', '2', '3']);
      expect(statuses.every((hook) => hook.valid)).toBe(true);
      const last = statuses[3]?.params ?? {};
      const leg = t.twilioSimulator.voice.call(callSid)?.leg;
      expect(last).toMatchObject({
        CallSid: leg?.sid,
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
      expect(callEvents(device.events, callSid)).toEqual(['ringing', 'in-progress', 'completed']);
      device.close();
    });

    for (const [ending, status, sip] of [
      ['0002', 'busy', '486'],
      ['0003', 'no-answer', '487'],
      ['0004', 'failed', '503'],
    ] as const) {
      test(`a test destination ending in ${ending} ends ${status}`, async () => {
        const jwt = token(`dest-${ending}`);
        const device = await openDevice(jwt);
        const { callSid } = await place(jwt, `+1415555${ending}`);
        await until(() => t.twilioSimulator.voice.call(callSid)?.status === status, status);
        await t.twilioSimulator.voice.settle();
        const statuses = statusHooks();
        expect(statuses.map((hook) => hook.params.CallStatus)).toEqual(status === 'failed' ? ['initiated', 'failed'] : ['initiated', 'ringing', status]);
        expect(statuses.at(-1)?.params).toMatchObject({ SipResponseCode: sip, CallDuration: '0', Duration: '0' });
        expect(callEvents(device.events, callSid).at(-1)).toBe(status);
        device.close();
      });
    }

    test('the TwiML timeLimit ends the answered call', async () => {
      voiceTwiml = (params) => {
        const response = new twilio.twiml.VoiceResponse();
        response.dial({ callerId: '+12025550100', timeLimit: 3 }).number({ statusCallback: `${origin}/hooks/status`, statusCallbackEvent: ['completed'] }, params.To ?? '');
        return response.toString();
      };
      const jwt = token('limited');
      const { callSid } = await place(jwt, '+14155551234');
      await until(() => t.twilioSimulator.voice.call(callSid)?.status === 'completed', 'the time limit');
      await t.twilioSimulator.voice.settle();
      expect(statusHooks().map((hook) => [hook.params.CallStatus, hook.params.CallDuration, hook.params.SequenceNumber])).toEqual([['completed', '3', '0']]);
    });

    test('hanging up while the far end rings cancels the dialled leg; <Dial action> hears about it', async () => {
      voiceTwiml = (params) => {
        const response = new twilio.twiml.VoiceResponse();
        response
          .dial({ callerId: '+12025550100', action: `${origin}/hooks/dial-action` })
          .number({ statusCallback: `${origin}/hooks/status`, statusCallbackEvent: ['ringing', 'completed'] }, params.To ?? '');
        return response.toString();
      };
      const jwt = token('canceller');
      const { callSid } = await place(jwt, '+14155550003');
      await until(() => t.twilioSimulator.voice.call(callSid)?.leg?.status === 'ringing', 'ringing');
      expect((await post(`/calls/${callSid}/hangup`, jwt)).status).toBe(204);
      await t.twilioSimulator.voice.settle();
      expect(t.twilioSimulator.voice.call(callSid)?.status).toBe('canceled');
      expect(statusHooks().map((hook) => hook.params.CallStatus)).toEqual(['ringing', 'canceled']);
      // the caller hung up: Twilio does not ask <Dial action> then
      expect(hooks.some((hook) => hook.path === 'action')).toBe(false);
    });

    test('unparseable TwiML fails the call with 12100 to the device', async () => {
      voiceTwiml = () => '<Response><Dial>';
      const jwt = token('broken');
      const device = await openDevice(jwt);
      const { callSid } = await place(jwt, '+14155551234');
      await until(() => t.twilioSimulator.voice.call(callSid)?.status === 'failed', 'failed');
      await until(() => device.events.some((event) => event.type === 'call' && event.status === 'failed'), 'the failed event');
      expect(device.events.find((event) => event.type === 'call' && event.status === 'failed')).toMatchObject({ errorCode: 12100 });
      device.close();
    });

    test('one call at a time per identity (409 31005)', async () => {
      const jwt = token('busybody');
      const { callSid } = await place(jwt, '+14155551234');
      const second = await post('/calls', jwt, { params: { To: '+14155559999' } });
      expect(second.status).toBe(409);
      expect(await second.json()).toMatchObject({ code: 31005 });
      await post(`/calls/${callSid}/hangup`, jwt);
      await t.twilioSimulator.voice.settle();
      const third = await place(jwt, '+14155551234');
      await post(`/calls/${third.callSid}/hangup`, jwt);
      // another identity cannot touch it
      expect((await post(`/calls/${third.callSid}/hangup`, token('mallory'))).status).toBe(404);
    });

    test('bad, expired, wrongly signed or grant-less tokens are refused with 20101/20104', async () => {
      const refusal = async (jwt: string | null) => {
        const response = await post('/calls', jwt, { params: { To: '+14155551234' } });
        return { status: response.status, body: (await response.json()) as { code: number; message: string } };
      };
      expect(await refusal(null)).toMatchObject({ status: 401, body: { code: 20101 } });
      expect(await refusal('not-a-jwt')).toMatchObject({ status: 401, body: { code: 20101 } });
      expect(await refusal(token('eve', { secret: 'wrong-secret' }))).toMatchObject({ status: 401, body: { code: 20101 } });
      expect(await refusal(token('eve', { app: null }))).toMatchObject({ status: 401, body: { code: 20101 } });
      expect(await refusal(token('eve', { app: `AP${'1'.repeat(32)}` }))).toMatchObject({ status: 401, body: { code: 20101 } });
      expect(await refusal(token('eve', { ttl: 25 * 3600 }))).toMatchObject({ status: 401, body: { code: 20104 } });
      const expiring = token('eve', { ttl: 60 });
      offsetMs = 2 * 60_000;
      expect(await refusal(expiring)).toMatchObject({ status: 401, body: { code: 20104 } });
      // the event stream: one `error` event, then it ends
      const stream = await openDevice(expiring);
      await until(() => stream.ended(), 'the end of the stream');
      expect(stream.events).toEqual([{ type: 'error', code: 20104, message: expect.any(String) }]);
      offsetMs = 0;
      const noIncoming = await openDevice(token('eve', { incoming: false }));
      await until(() => noIncoming.ended(), 'the end of the stream');
      expect(noIncoming.events[0]).toMatchObject({ type: 'error', code: 20101 });
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
      const incomingOf = (events: SimulatorEvent[]) => events.find((event): event is Extract<SimulatorEvent, { type: 'incoming' }> => event.type === 'incoming');

      test('the page offers the bought numbers', async () => {
        const html = await pageHtml();
        expect(html).toContain('Call a Ringwise number');
        expect(html).toContain(`<option value="${ringwiseNumber}">`);
        expect(html).toContain('name="from" value="+14155550100"');
        expect(html).not.toContain('<script');
      });

      test('it rings the registered device; accepting puts it in progress, the page hangs up', async () => {
        const jwt = token('bob');
        const device = await openDevice(jwt);
        const other = await openDevice(jwt);
        expect(await callFromPage(ringwiseNumber)).toContain('result=call-placed');
        const webhook = hooks.find((hook) => hook.path === 'incoming') as Hook;
        expect(webhook.valid).toBe(true);
        expect(webhook.params).toMatchObject({ AccountSid: accountSid, CallStatus: 'ringing', Direction: 'inbound', From: '+14155550100', Caller: '+14155550100', To: ringwiseNumber, Called: ringwiseNumber, CallerCountry: 'US' });
        await until(() => incomingOf(device.events) !== undefined && incomingOf(other.events) !== undefined, 'incoming');
        const incoming = incomingOf(device.events) as Extract<SimulatorEvent, { type: 'incoming' }>;
        expect(incoming.parameters).toMatchObject({ CallSid: incoming.callSid, From: '+14155550100', To: 'client:bob' });
        expect((await post(`/calls/${incoming.callSid}/accept`, jwt)).status).toBe(204);
        expect((await post(`/calls/${incoming.callSid}/reject`, jwt)).status).toBe(409);
        const parent = webhook.params.CallSid ?? '';
        expect(t.twilioSimulator.voice.call(parent)?.status).toBe('in-progress');
        await t.twilioSimulator.voice.settle();
        const html = await pageHtml();
        expect(html).toContain('In progress');
        expect(html).toContain(`action="/sim/twilio/phone/calls/${parent}/hangup"`);
        const hangUp = await app.handle(new Request(`${origin}/sim/twilio/phone/calls/${parent}/hangup`, { method: 'POST' }));
        expect(hangUp.headers.get('location')).toContain('result=call-ended');
        await t.twilioSimulator.voice.settle();
        expect(statusHooks().map((hook) => hook.params.CallStatus)).toEqual(['initiated', 'ringing', 'in-progress', 'completed']);
        expect(callEvents(device.events, incoming.callSid)).toEqual(['in-progress', 'completed']);
        expect(callEvents(other.events, incoming.callSid)).toEqual(['in-progress', 'completed']);
        device.close();
        other.close();
      });

      test('rejecting it makes the caller hear busy', async () => {
        const jwt = token('bob');
        const device = await openDevice(jwt);
        await callFromPage(ringwiseNumber);
        await until(() => incomingOf(device.events) !== undefined, 'incoming');
        const incoming = incomingOf(device.events) as Extract<SimulatorEvent, { type: 'incoming' }>;
        expect((await post(`/calls/${incoming.callSid}/reject`, jwt)).status).toBe(204);
        await t.twilioSimulator.voice.settle();
        const parent = hooks.find((hook) => hook.path === 'incoming')?.params.CallSid ?? '';
        expect(t.twilioSimulator.voice.call(parent)?.status).toBe('busy');
        expect(statusHooks().at(-1)?.params).toMatchObject({ CallStatus: 'busy', SipResponseCode: '486' });
        device.close();
      });

      test('nobody answering ends it no-answer; nobody registered too', async () => {
        const device = await openDevice(token('bob'));
        await callFromPage(ringwiseNumber);
        const parent = hooks.find((hook) => hook.path === 'incoming')?.params.CallSid ?? '';
        await until(() => t.twilioSimulator.voice.call(parent)?.status === 'no-answer', 'no-answer');
        device.close();
        await until(() => t.twilioSimulator.voice.registered('bob') === 0, 'the stream to close');
        hooks.length = 0;
        await callFromPage(ringwiseNumber);
        const second = hooks.find((hook) => hook.path === 'incoming')?.params.CallSid ?? '';
        expect(t.twilioSimulator.voice.call(second)?.status).toBe('no-answer');
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
