// <Record> and <Play> end to end: the browser as the official Voice SDK is (its PStream signalling over a real
// WebSocket, a werift peer sending its audio; voice/testing.ts) or a phone page caller, the app's TwiML written with
// the SDK's VoiceResponse, every callback checked with twilio.validateRequest, the recording read back through the
// SDK's Recordings resource and its WAV fetched with Basic auth. Voice time runs at its real pace here: the WAV lasts
// what the recording's duration says. On the machine's PostgreSQL and on PGlite.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test';
import { Elysia } from 'elysia';
import twilio from 'twilio';
import { simulatorSignallingPath } from '@ringwise/contract/simulator-voice';
import { openTestDatabase, testEngines, type TestDatabase } from '@ringwise/simulator-common/testing';
import { twilioSimulator } from '../routes.ts';
import { createTestCarrier, testAccount, type TestCarrier } from '../testing.ts';
import { rms } from './media/audio-level.ts';
import { createOpusDecoder } from './media/opus.ts';
import { tonePcm } from './media/tones.ts';
import { readWav, wavFile } from './media/wav.ts';
import { BrowserPeer, SdkClient } from './testing.ts';

const origin = 'http://localhost:3000';
const { accountSid, authToken, apiKeySid, apiKeySecret, twimlAppSid } = testAccount;
const rfc2822 = /^\w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} \+0000$/;
const basic = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
/** Half a second of a 500 Hz tone: the custom greeting <Play> fetches. */
const greeting = wavFile(tonePcm('tone', 8000, 4000), 8000);

interface Hook {
  path: string;
  method: string;
  params: Record<string, string>;
  valid: boolean;
  atMs: number;
}

function token(identity: string): string {
  const accessToken = new twilio.jwt.AccessToken(accountSid, apiKeySid, apiKeySecret, { identity, ttl: 3600 });
  accessToken.addGrant(new twilio.jwt.AccessToken.VoiceGrant({ outgoingApplicationSid: twimlAppSid, incomingAllow: true }));
  return accessToken.toJwt();
}

async function until(condition: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await Bun.sleep(10);
  }
}

for (const engine of await testEngines('twilio-simulator recording')) {
  describe.skipIf(!engine.available)(`<Record> and <Play> on ${engine.name}`, () => {
    let testDb: TestDatabase;
    let t: TestCarrier;
    let app: { handle(request: Request): Promise<Response> };
    let server: { stop(): void } | null = null;
    let signalUrl = '';
    const hooks: Hook[] = [];
    let voiceTwiml: () => string = () => '<Response/>';
    let incomingTwiml: (params: Record<string, string>) => string = () => '<Response/>';
    const open: Array<{ close(): void }> = [];

    const record = async (request: Request, path: string): Promise<Record<string, string>> => {
      const url = new URL(request.url);
      const params = request.method === 'GET' ? Object.fromEntries(url.searchParams) : Object.fromEntries(new URLSearchParams(await request.text()));
      const signed = request.method === 'GET' ? {} : params;
      const valid = twilio.validateRequest(authToken, request.headers.get('x-twilio-signature') ?? '', `${origin}${url.pathname}${url.search}`, signed);
      hooks.push({ path, method: request.method, params, valid, atMs: performance.now() });
      return params;
    };

    beforeAll(async () => {
      testDb = await openTestDatabase(engine.name);
      t = await createTestCarrier(testDb.db, { origin, voiceTimeScale: 1, log: (error) => console.error('[recording test]', error) });
      const xml = { 'content-type': 'text/xml' };
      const hangUp = '<Response><Hangup/></Response>';
      const listening = new Elysia()
        .use(twilioSimulator(t.twilioSimulator))
        .post('/webhooks/twilio/voice', async ({ request }) => (await record(request, 'voice'), new Response(voiceTwiml(), { headers: xml })), { parse: 'none' })
        .post('/webhooks/twilio/incoming', async ({ request }) => new Response(incomingTwiml(await record(request, 'incoming')), { headers: xml }), { parse: 'none' })
        .post('/hooks/recording', async ({ request }) => (await record(request, 'recording'), ''), { parse: 'none' })
        .post('/hooks/recorded', async ({ request }) => (await record(request, 'action'), new Response(hangUp, { headers: xml })), { parse: 'none' })
        .get('/greeting.wav', async ({ request }) => (await record(request, 'greeting'), new Response(greeting, { headers: { 'content-type': 'audio/wav' } })))
        .listen({ port: 0, hostname: '127.0.0.1' });
      t.attach(listening);
      app = listening;
      server = listening.server;
      signalUrl = `ws://127.0.0.1:${listening.server?.port}${simulatorSignallingPath}`;
    });
    beforeEach(() => {
      hooks.length = 0;
    });
    afterAll(async () => {
      for (const item of open) item.close();
      await t?.close();
      server?.stop();
      await testDb?.close();
    });

    const voice = () => t.twilioSimulator.voice;
    const hooksOf = (path: string) => hooks.filter((hook) => hook.path === path);

    /** The voicemail TwiML the api will answer with: a greeting, then <Record> reporting to the app. */
    const voicemail = (attributes: Record<string, unknown> = {}) => () => {
      const response = new twilio.twiml.VoiceResponse();
      response.say('Please leave a message after the beep.');
      response.record({
        maxLength: 2,
        playBeep: true,
        recordingStatusCallback: `${origin}/hooks/recording?callId=c1`,
        recordingStatusCallbackEvent: ['in-progress', 'completed', 'absent'],
        recordingStatusCallbackMethod: 'POST',
        action: `${origin}/hooks/recorded`,
        ...attributes,
      });
      response.say('No message was recorded.');
      return response.toString();
    };

    /** A browser places a call the app answers with TwiML; it talks (a tone) or stays muted. */
    async function call(options: { muted?: boolean; keepAudio?: boolean; connect?: boolean } = {}) {
      const sdk = await SdkClient.connect(signalUrl);
      open.push(sdk);
      sdk.listen(token('caller'));
      await sdk.next('connected');
      const browser = new BrowserPeer({ keepAudio: options.keepAudio ?? false });
      open.push(browser);
      browser.muted = options.muted ?? false;
      sdk.send('invite', { callsid: `TJS${crypto.randomUUID()}`, sdp: await browser.offer(), twilio: { params: new URLSearchParams({ To: '+14155551234' }).toString() } });
      // answered by the TwiML (no <Dial> rings): its far end's SDP comes with the answer
      const answer = await sdk.next('answer');
      await browser.accept(String(answer.sdp));
      if (options.connect === false) return { sdk, browser, callSid: String(answer.callsid) };
      await browser.connected();
      browser.talk();
      return { sdk, browser, callSid: String(answer.callsid) };
    }

    async function wavOf(recordingUrl: string) {
      const response = await fetchMedia(`${recordingUrl}.wav`);
      expect(response.status).toBe(200);
      const bytes = new Uint8Array(await response.arrayBuffer());
      expect(String.fromCharCode(...bytes.subarray(0, 4))).toBe('RIFF');
      expect(String.fromCharCode(...bytes.subarray(8, 12))).toBe('WAVE');
      const audio = readWav(bytes);
      expect(audio).toMatchObject({ sampleRate: 8000, channels: 1, bitsPerSample: 16 });
      return audio as NonNullable<typeof audio> & { pcm: Int16Array };
    }
    const fetchMedia = (url: string, authorization = basic) => app.handle(new Request(url, { headers: { authorization } }));

    test('Say + Record: the beep, the caller\'s audio kept up to maxLength, signed status callbacks, the action with the recording, the SDK reads it', async () => {
      voiceTwiml = voicemail();
      const { sdk, browser, callSid } = await call();
      // the action's <Hangup/> ends the call
      await sdk.next('hangup', 15_000);
      await voice().settle();
      expect(browser.received).toBeGreaterThan(20); // the beep (then silence) reached the caller
      const [action] = hooksOf('action');
      expect(action?.valid).toBe(true);
      const { RecordingSid: sid = '', RecordingUrl: url = '' } = action?.params ?? {};
      expect(sid).toMatch(/^RE[0-9a-f]{32}$/);
      expect(action?.params).toMatchObject({
        AccountSid: accountSid,
        CallSid: callSid,
        From: 'client:caller',
        To: '+14155551234',
        CallStatus: 'in-progress',
        RecordingUrl: `${origin}/sim/twilio/2010-04-01/Accounts/${accountSid}/Recordings/${sid}`,
        RecordingDuration: '2',
      });
      // maxLength ended it, not a key
      expect(action?.params.Digits).toBeUndefined();

      const statuses = hooksOf('recording');
      expect(statuses.map((hook) => [hook.params.RecordingStatus, hook.valid])).toEqual([
        ['in-progress', true],
        ['completed', true],
      ]);
      expect(statuses[1]?.params).toEqual({
        AccountSid: accountSid,
        CallSid: callSid,
        RecordingSid: sid,
        RecordingUrl: url,
        RecordingStatus: 'completed',
        RecordingDuration: '2',
        RecordingChannels: '1',
        RecordingStartTime: expect.stringMatching(rfc2822),
        RecordingSource: 'RecordVerb',
        ErrorCode: '0',
      });

      const wav = await wavOf(url);
      // up to 2 s of the caller's tone (ringback: two sines at 6000, RMS about 3000), less the silence before its
      // audio arrived (trim-silence); the beep not in it
      expect(wav.durationMs).toBeGreaterThan(1400);
      expect(wav.durationMs).toBeLessThan(2300);
      expect(String(Math.round(wav.durationMs / 1000))).toBe('2');
      expect(rms(wav.pcm)).toBeGreaterThan(1000);
      expect((await fetchMedia(`${url}.wav`, 'Basic bm86bm8=')).status).toBe(401);

      expect(await t.twilio.recordings(sid).fetch()).toMatchObject({ sid, callSid, status: 'completed', duration: '2', channels: 1, source: 'RecordVerb', mediaUrl: url });
      expect((await t.twilio.calls(callSid).recordings.list()).map((recording) => recording.sid)).toEqual([sid]);
      expect((await t.twilio.recordings.list({ callSid })).map((recording) => recording.sid)).toEqual([sid]);
      expect(await t.twilio.recordings(sid).remove()).toBe(true);
      expect((await fetchMedia(`${url}.wav`)).status).toBe(404);
      // TwiML after <Record> is not reached: the action's answer took over
      expect(voice().call(callSid)?.said).toEqual(['Please leave a message after the beep.']);
      browser.close();
      sdk.close();
    }, 30_000);

    test('a muted caller: do-not-trim keeps a silent recording; trim-silence leaves none (absent, 16102), no action, the document goes on', async () => {
      voiceTwiml = voicemail({ trim: 'do-not-trim' });
      const first = await call({ muted: true });
      await first.sdk.next('hangup', 15_000);
      await voice().settle();
      const [action] = hooksOf('action');
      expect(action?.params.RecordingDuration).toBe('2');
      const wav = await wavOf(action?.params.RecordingUrl ?? '');
      expect(wav.durationMs).toBeGreaterThan(1800);
      expect(rms(wav.pcm)).toBeLessThan(10);
      first.browser.close();
      first.sdk.close();

      hooks.length = 0;
      // one second of silence ends it
      voiceTwiml = voicemail({ timeout: 1, maxLength: 10 });
      const second = await call({ muted: true });
      await second.sdk.next('hangup', 15_000);
      await voice().settle();
      expect(hooksOf('action')).toEqual([]);
      expect(hooksOf('recording').map((hook) => hook.params.RecordingStatus)).toEqual(['in-progress', 'absent']);
      expect(hooksOf('recording')[1]?.params).toMatchObject({ RecordingDuration: '0', ErrorCode: '16102', CallSid: second.callSid });
      const sid = hooksOf('recording')[1]?.params.RecordingSid ?? '';
      expect(await t.twilio.recordings(sid).fetch()).toMatchObject({ status: 'absent', errorCode: 16102 });
      // the <Say> after <Record>, then the end of the document
      expect(voice().call(second.callSid)).toMatchObject({ status: 'completed', said: ['Please leave a message after the beep.', 'No message was recorded.'] });
      second.browser.close();
      second.sdk.close();
    }, 30_000);

    test('finishOnKey ends it with Digits; hanging up ends it with Digits=hangup', async () => {
      voiceTwiml = voicemail({ maxLength: 20, finishOnKey: '#' });
      const keyed = await call();
      await Bun.sleep(1500);
      keyed.sdk.send('dtmf', { callsid: keyed.callSid, dtmf: '1' }); // not a finishing key
      keyed.sdk.send('dtmf', { callsid: keyed.callSid, dtmf: '#' });
      await keyed.sdk.next('hangup', 15_000);
      await voice().settle();
      expect(hooksOf('action')[0]?.params).toMatchObject({ Digits: '#', RecordingDuration: '1' });
      keyed.browser.close();
      keyed.sdk.close();

      hooks.length = 0;
      const leaving = await call();
      await Bun.sleep(1500);
      leaving.sdk.send('hangup', { callsid: leaving.callSid });
      await until(() => hooksOf('action').length > 0, 'the action');
      await voice().settle();
      expect(hooksOf('action')[0]?.params).toMatchObject({ Digits: 'hangup', CallStatus: 'completed', RecordingDuration: '1' });
      expect(hooksOf('recording').map((hook) => hook.params.RecordingStatus)).toEqual(['in-progress', 'completed']);
      leaving.browser.close();
      leaving.sdk.close();
    }, 30_000);

    test('a phone calling a Ringwise number: <Play> fetches the greeting and lasts as long, the tone caller is recorded, no action asks the document again', async () => {
      const number = await t.twilio.incomingPhoneNumbers.create({ areaCode: '415', voiceUrl: `${origin}/webhooks/twilio/incoming` });
      incomingTwiml = (params) => {
        const response = new twilio.twiml.VoiceResponse();
        // the second time, with the recording: goodbye
        if (params.RecordingSid) response.hangup();
        else {
          response.play('/greeting.wav');
          // the tone caller is silent 600 ms in every second: untrimmed, it lasts what maxLength says
          response.record({ maxLength: 2, playBeep: false, trim: 'do-not-trim' });
        }
        return response.toString();
      };
      const placed = await voice().callNumber('+14155550100', number.phoneNumber);
      expect(placed.ok).toBe(true);
      // placing it answers once the caller hears the greeting; the call goes on until the document's <Hangup>
      for (let i = 0; i < 500 && voice().call(placed.ok ? placed.callSid : '')?.status !== 'completed'; i++) await Bun.sleep(10);
      await voice().settle();
      const [greetingFetch] = hooksOf('greeting');
      expect(greetingFetch?.method).toBe('GET');
      const documents = hooksOf('incoming');
      expect(documents).toHaveLength(2);
      expect(documents.every((hook) => hook.valid)).toBe(true);
      const again = documents[1] as Hook;
      // the greeting played for its half second before the recording's 2 s began
      expect(again.atMs - (greetingFetch?.atMs ?? 0)).toBeGreaterThan(2400);
      expect(again.params).toMatchObject({ CallSid: documents[0]?.params.CallSid, From: '+14155550100', To: number.phoneNumber, RecordingDuration: '2' });
      const wav = await wavOf(again.params.RecordingUrl ?? '');
      expect(rms(wav.pcm)).toBeGreaterThan(1000);
      expect(voice().call(again.params.CallSid ?? '')?.status).toBe('completed');
      expect((await t.twilio.calls(again.params.CallSid ?? '').recordings.list())[0]).toMatchObject({ sid: again.params.RecordingSid, duration: '2' });
    }, 30_000);

    test('<Play> to a browser: it hears the greeting, then the call goes on', async () => {
      voiceTwiml = () => `<Response><Play>${origin}/missing.wav</Play><Say>Bye</Say><Hangup/></Response>`;
      const { sdk, browser, callSid } = await call({ connect: false });
      await sdk.next('hangup', 15_000);
      // a file that is not there (404) is skipped: the document goes on
      expect(voice().call(callSid)).toMatchObject({ status: 'completed', said: ['Bye'] });
      browser.close();
      sdk.close();

      hooks.length = 0;
      voiceTwiml = () => '<Response><Play loop="2">/greeting.wav</Play><Hangup/></Response>';
      const started = performance.now();
      const played = await call({ keepAudio: true });
      await played.sdk.next('hangup', 15_000);
      // twice its half second
      expect(performance.now() - started).toBeGreaterThan(950);
      const decoder = createOpusDecoder(8000);
      try {
        const loud = played.browser.heard.map((opus) => decoder.decode(opus)).filter((pcm) => pcm !== null && rms(pcm) > 1000);
        // the tone is on 400 ms of each 500: about 40 frames in two loops (some sent before the media connected)
        expect(loud.length).toBeGreaterThan(15);
      } finally {
        decoder.close();
      }
      played.browser.close();
      played.sdk.close();
    }, 30_000);
  });
}
