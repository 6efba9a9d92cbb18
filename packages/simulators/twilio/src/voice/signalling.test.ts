// The Voice SDK's signalling gateway over a real WebSocket, as the SDK's PStream speaks it, with a werift peer for the
// browser's audio: registration, outgoing calls through the app's voice webhook to each test destination, media
// echoed back, DTMF, losing the WebSocket for good or for a moment, incoming calls from the phone page. Voice time
// runs 100× faster (ringing 2 s takes 20 ms); media and the gateway's windows run in real (shortened) time.
import { afterAll, beforeAll, beforeEach, describe, expect, spyOn, test } from 'bun:test';
import { Elysia } from 'elysia';
import twilio from 'twilio';
import { RTCRtpSender } from 'werift';
import { simulatorSignallingPath } from '@ringwise/contract/simulator-voice';
import { openTestDatabase, type TestDatabase } from '@ringwise/simulator-common/testing';
import { twilioSimulator } from '../routes.ts';
import { createTestCarrier, testAccount, type TestCarrier } from '../testing.ts';
import { BrowserPeer, SdkClient } from './testing.ts';

const origin = 'http://localhost:3000';
const { accountSid, apiKeySid, apiKeySecret, twimlAppSid } = testAccount;
const allEvents: Array<'initiated' | 'ringing' | 'answered' | 'completed'> = ['initiated', 'ringing', 'answered', 'completed'];
const timing = { reconnectWindowMs: 800, mediaTimeoutMs: 1500, heartbeatMs: 100, staleMs: 3000, dropAfterMs: 400, dropForMs: 300, echoDelayMs: 50 };

/** A browser's access token; `app: null` leaves the outgoing grant out. */
function token(identity: string, options: { ttl?: number; secret?: string; app?: string | null; incoming?: boolean } = {}): string {
  const accessToken = new twilio.jwt.AccessToken(accountSid, apiKeySid, options.secret ?? apiKeySecret, { identity, ttl: options.ttl ?? 3600 });
  const grant: { outgoingApplicationSid?: string; incomingAllow: boolean } = { incomingAllow: options.incoming ?? true };
  if (options.app !== null) grant.outgoingApplicationSid = options.app ?? twimlAppSid;
  accessToken.addGrant(new twilio.jwt.AccessToken.VoiceGrant(grant));
  return accessToken.toJwt();
}

async function until(condition: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await Bun.sleep(5);
  }
}

let testDb: TestDatabase;
let carrier: TestCarrier;
let server: { stop(): void } | null = null;
let signalUrl = '';
const hooks: Array<{ path: string; params: Record<string, string> }> = [];
let incomingTwiml: () => string = () => '<Response/>';
const open: Array<{ close(): void }> = [];

beforeAll(async () => {
  testDb = await openTestDatabase('pglite');
  carrier = await createTestCarrier(testDb.db, { origin, voiceTimeScale: 0.01, voiceSignalling: timing, log: (error) => console.error('[signalling test]', error) });
  const record = async (request: Request, path: string) => {
    const params = Object.fromEntries(new URLSearchParams(await request.text()));
    hooks.push({ path, params });
    return params;
  };
  const xml = { 'content-type': 'text/xml' };
  const app = new Elysia()
    .use(twilioSimulator(carrier.twilioSimulator))
    .post(
      '/webhooks/twilio/voice',
      async ({ request }) => {
        const params = await record(request, 'voice');
        const response = new twilio.twiml.VoiceResponse();
        response
          .dial({ callerId: '+12025550100', timeLimit: 3600, answerOnBridge: true })
          .number({ statusCallback: `${origin}/hooks/status?callId=${params.callId ?? ''}`, statusCallbackEvent: allEvents }, params.To ?? '');
        return new Response(response.toString(), { headers: xml });
      },
      { parse: 'none' },
    )
    .post('/webhooks/twilio/incoming', async ({ request }) => (await record(request, 'incoming'), new Response(incomingTwiml(), { headers: xml })), { parse: 'none' })
    .post('/hooks/status', async ({ request }) => (await record(request, 'status'), ''), { parse: 'none' })
    .listen({ port: 0, hostname: '127.0.0.1' });
  carrier.attach(app);
  server = app.server;
  signalUrl = `ws://127.0.0.1:${app.server?.port}${simulatorSignallingPath}`;
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

async function client(identity: string, options: { register?: boolean; app?: string | null; incoming?: boolean } = {}) {
  const sdk = await SdkClient.connect(signalUrl);
  open.push(sdk);
  sdk.listen(token(identity, { ...(options.app !== undefined ? { app: options.app } : {}), ...(options.incoming !== undefined ? { incoming: options.incoming } : {}) }));
  await sdk.next('connected');
  if (options.register) {
    sdk.send('register', { media: { audio: true } });
    await sdk.next('ready');
  }
  return sdk;
}

function peer() {
  const browser = new BrowserPeer();
  open.push(browser);
  return browser;
}

/** The SDK's outgoing call: invite with the offer and the custom parameters, as PStream.invite sends them. */
async function call(sdk: SdkClient, to: string) {
  const browser = peer();
  const tempSid = `TJS${crypto.randomUUID()}`;
  sdk.send('invite', { callsid: tempSid, sdp: await browser.offer(), twilio: { params: new URLSearchParams({ To: to, callId: 'call-1' }).toString() } });
  return { browser, tempSid };
}

/** The status callbacks of one call's dialled leg (a call of an earlier test may still be ending). */
const statuses = (parentSid: string) => hooks.filter((hook) => hook.path === 'status' && hook.params.ParentCallSid === parentSid).map((hook) => hook.params.CallStatus);
const voice = () => carrier.twilioSimulator.voice;

describe('listen and register', () => {
  test('a good token: connected with its identity and time to live, then ready, then offline when unregistered', async () => {
    const sdk = await SdkClient.connect(signalUrl);
    open.push(sdk);
    sdk.listen(token('alice', { ttl: 600 }));
    const connected = await sdk.next('connected');
    expect(connected.token).toEqual({ identity: 'alice', ttl: expect.any(Number) });
    expect((connected.token as { ttl: number }).ttl).toBeGreaterThan(590);
    expect(connected.region).toBe('us1');
    sdk.send('register', { media: { audio: true } });
    await sdk.next('ready');
    expect(voice().registered('alice')).toBe(1);
    sdk.send('register', { media: { audio: false } });
    await sdk.next('offline');
    expect(voice().registered('alice')).toBe(0);
    sdk.close();
  });

  test('a missing, bad or wrongly signed token (31204), an expired one or one living over 24 h (31205): the gateway error, then close', async () => {
    for (const [jwt, code] of [
      ['', 31204],
      [token('eve', { secret: 'wrong-secret' }), 31204],
      ['not-a-jwt', 31204],
      [token('eve', { ttl: -60 }), 31205],
      [token('eve', { ttl: 25 * 3600 }), 31205],
    ] as const) {
      const sdk = await SdkClient.connect(signalUrl);
      sdk.listen(jwt);
      expect((await sdk.next('error')).error).toMatchObject({ code });
      await sdk.next('close');
      await until(() => sdk.closed, 'the socket to close');
    }
  });

  test('a grant that may not place calls through the TwiML App: the invite is hung up (31204); one without incoming.allow may not register (31204)', async () => {
    for (const app of [null, `AP${'1'.repeat(32)}`]) {
      const sdk = await client('grantless', { app });
      const { browser, tempSid } = await call(sdk, '+14155551234');
      expect(await sdk.next('hangup')).toEqual({ callsid: tempSid, error: { code: 31204, message: expect.stringContaining('Invalid Access Token') } });
      browser.close();
    }
    expect(hooks.some((hook) => hook.path === 'voice')).toBe(false);
    const sdk = await client('deaf', { incoming: false });
    sdk.send('register', { media: { audio: true } });
    expect((await sdk.next('error')).error).toMatchObject({ code: 31204 });
    expect(voice().registered('deaf')).toBe(0);
  });
});

describe('outgoing calls', () => {
  test('invite → ringing with early media → answer → audio echoed back; hang-up completes the call with its callbacks', async () => {
    const sdk = await client('caller');
    const { browser } = await call(sdk, '+14155551234');
    const ringing = await sdk.next('ringing');
    const callSid = String(ringing.callsid);
    expect(callSid).toMatch(/^CA[0-9a-f]{32}$/);
    expect(ringing.sdp).toContain('a=rtpmap:111 opus/48000/2');
    await browser.accept(String(ringing.sdp));
    const answer = await sdk.next('answer');
    expect(answer).toMatchObject({ callsid: callSid, reconnect: expect.any(String) });
    // the voice webhook as Twilio sends it, with the SDK's custom parameters
    expect(hooks.find((hook) => hook.path === 'voice')?.params).toMatchObject({ CallSid: callSid, From: 'client:caller', To: '+14155551234', callId: 'call-1', Direction: 'inbound' });
    await browser.connected();
    browser.talk();
    await until(() => (voice().media(callSid)?.received.voicedFrames ?? 0) > 10 && browser.received > 10, 'audio both ways');
    expect(voice().media(callSid)?.sent.packets).toBeGreaterThan(10);
    sdk.send('hangup', { callsid: callSid });
    await sdk.next('hangup', 2000).catch(() => null);
    await until(() => voice().call(callSid)?.status === 'completed', 'completed');
    await voice().settle();
    expect(statuses(callSid)).toEqual(['initiated', 'ringing', 'in-progress', 'completed']);
    browser.close();
  });

  test('a muted microphone reaches the simulator as silence', async () => {
    const sdk = await client('muted');
    const { browser } = await call(sdk, '+14155551234');
    const ringing = await sdk.next('ringing');
    const callSid = String(ringing.callsid);
    await browser.accept(String(ringing.sdp));
    await browser.connected();
    browser.muted = true;
    browser.talk();
    await until(() => (voice().media(callSid)?.received.frames ?? 0) > 25, 'silent frames');
    expect(voice().media(callSid)?.received.voicedFrames).toBe(0);
    browser.muted = false;
    await until(() => (voice().media(callSid)?.received.voicedFrames ?? 0) > 10, 'sound once unmuted');
    sdk.send('hangup', { callsid: callSid });
    browser.close();
  });

  for (const [ending, status] of [
    ['0002', 'busy'],
    ['0003', 'no-answer'],
    ['0004', 'failed'],
  ] as const) {
    test(`a destination ending in ${ending}: hangup, the call ${status}`, async () => {
      const sdk = await client(`dest-${ending}`);
      const { browser, tempSid } = await call(sdk, `+1415555${ending}`);
      const hangup = await sdk.next('hangup');
      await voice().settle();
      const callSid = hooks.find((hook) => hook.path === 'voice' && hook.params.From === `client:dest-${ending}`)?.params.CallSid ?? '';
      // named by the sid the SDK was told with `ringing`; a call that never rang, by the SDK's temporary id
      expect(hangup).toEqual({ callsid: status === 'failed' ? tempSid : callSid });
      expect(voice().call(callSid)?.status).toBe(status);
      expect(statuses(callSid).at(-1)).toBe(status);
      browser.close();
    });
  }

  test('one call at a time per identity: a second invite, from any of its sessions, is hung up (31005); another identity cannot hang the call up', async () => {
    const sdk = await client('busybody');
    const first = await call(sdk, '+14155551234');
    const callSid = String((await sdk.next('ringing')).callsid);
    // the same identity in another tab
    const otherTab = await client('busybody');
    for (const session of [sdk, otherTab]) {
      const second = await call(session, '+14155559999');
      expect(await session.next('hangup', 5000, (payload) => payload.callsid === second.tempSid)).toEqual({
        callsid: second.tempSid,
        error: { code: 31005, message: 'You already have a call in progress' },
      });
      second.browser.close();
    }
    const mallory = await client('mallory');
    mallory.send('hangup', { callsid: callSid });
    await Bun.sleep(50);
    expect(['ringing', 'in-progress']).toContain(voice().call(callSid)?.status ?? '');
    sdk.send('hangup', { callsid: callSid });
    await sdk.next('hangup', 5000, (payload) => payload.callsid === callSid);
    await voice().settle();
    first.browser.close();
    // free again: the next call rings
    const third = await call(sdk, '+14155551234');
    const ringing = await sdk.next('ringing');
    expect(ringing.callsid).not.toBe(callSid);
    sdk.send('hangup', { callsid: ringing.callsid });
    await sdk.next('hangup', 5000, (payload) => payload.callsid === ringing.callsid);
    third.browser.close();
  });

  test('hanging up while it rings (by the SDK temporary id) cancels the call', async () => {
    const sdk = await client('canceller');
    const { browser, tempSid } = await call(sdk, '+14155550003');
    const ringing = await sdk.next('ringing');
    sdk.send('hangup', { callsid: tempSid });
    await until(() => voice().call(String(ringing.callsid))?.status === 'canceled', 'canceled');
    await voice().settle();
    expect(statuses(String(ringing.callsid))).toEqual(['initiated', 'ringing', 'canceled']);
    browser.close();
  });

  test('the menu logs the keys: RFC 4733 telephone-events and the dtmf message', async () => {
    const sdk = await client('presser');
    const { browser } = await call(sdk, '+14155550007');
    const ringing = await sdk.next('ringing');
    const callSid = String(ringing.callsid);
    await browser.accept(String(ringing.sdp));
    await sdk.next('answer');
    await browser.connected();
    browser.talk();
    await browser.pressKey(1);
    await browser.pressKey(11);
    sdk.send('dtmf', { callsid: callSid, dtmf: '9w*' });
    await until(() => voice().call(callSid)?.digits === '1#9*', 'the keys');
    expect(voice().media(callSid)?.keys).toBe('1#');
    sdk.send('hangup', { callsid: callSid });
    await until(() => voice().call(callSid)?.status === 'completed', 'completed');
    await voice().settle();
    browser.close();
  });

  test('a call message is acknowledged; an ICE restart (reinvite) is answered with new ICE credentials', async () => {
    const sdk = await client('restarter');
    const { browser } = await call(sdk, '+14155551234');
    const ringing = await sdk.next('ringing');
    const callSid = String(ringing.callsid);
    await browser.accept(String(ringing.sdp));
    await sdk.next('answer');
    await browser.connected();
    sdk.send('message', { callsid: callSid, content: { hello: 1 }, contenttype: 'application/json', messagetype: 'user-defined-message', voiceeventsid: 'KX1' });
    expect(await sdk.next('ack')).toEqual({ acktype: 'message', callsid: callSid, voiceeventsid: 'KX1' });
    sdk.send('message', { callsid: 'CA-not-a-call', content: {}, contenttype: 'application/json', messagetype: 'user-defined-message', voiceeventsid: 'KX2' });
    expect(await sdk.next('error')).toMatchObject({ voiceeventsid: 'KX2', error: { code: 31005 } });
    const ufrag = (sdp: unknown) => /a=ice-ufrag:(\S+)/.exec(String(sdp))?.[1];
    browser.pc.restartIce();
    await browser.pc.setLocalDescription(await browser.pc.createOffer({ iceRestart: true }));
    sdk.send('reinvite', { callsid: callSid, sdp: browser.pc.localDescription?.sdp });
    const restarted = await sdk.next('answer');
    expect(restarted.callsid).toBe(callSid);
    expect(ufrag(restarted.sdp)).toBeTruthy();
    expect(ufrag(restarted.sdp)).not.toBe(ufrag(ringing.sdp));
    sdk.send('hangup', { callsid: callSid });
    await until(() => voice().call(callSid)?.status === 'completed', 'completed');
    browser.close();
  });

  test('the impaired destination loses packets on the way back', async () => {
    const sdk = await client('impaired');
    const { browser } = await call(sdk, '+14155550005');
    const ringing = await sdk.next('ringing');
    const callSid = String(ringing.callsid);
    await browser.accept(String(ringing.sdp));
    await sdk.next('answer');
    await browser.connected();
    browser.talk();
    await until(() => (voice().media(callSid)?.sent.packets ?? 0) > 60, 'echoed packets');
    const report = voice().media(callSid);
    const lossShare = (report?.sent.lost ?? 0) / ((report?.sent.lost ?? 0) + (report?.sent.packets ?? 1));
    expect(lossShare).toBeGreaterThan(0.03);
    sdk.send('hangup', { callsid: callSid });
    browser.close();
  });
});

describe('a call always ends', () => {
  test('the WebSocket lost for good: the call completes after the reconnection window, with its duration', async () => {
    const sdk = await client('vanishing');
    const { browser } = await call(sdk, '+14155551234');
    const ringing = await sdk.next('ringing');
    const callSid = String(ringing.callsid);
    await browser.accept(String(ringing.sdp));
    await sdk.next('answer');
    await browser.connected();
    browser.talk();
    sdk.close();
    await Bun.sleep(timing.reconnectWindowMs / 2);
    expect(voice().call(callSid)?.status).toBe('in-progress');
    await until(() => voice().call(callSid)?.status === 'completed', 'completed', 3000);
    await voice().settle();
    const completed = hooks.find((hook) => hook.path === 'status' && hook.params.CallStatus === 'completed' && hook.params.ParentCallSid === callSid);
    expect(completed?.params).toMatchObject({ ParentCallSid: callSid, SipResponseCode: '200' });
    // 0.8 s of real time is 80 simulated seconds
    expect(Number(completed?.params.CallDuration)).toBeGreaterThan(40);
    browser.close();
  });

  test('the audio stops for good: the call completes after the media timeout', async () => {
    const sdk = await client('silent-peer');
    const { browser } = await call(sdk, '+14155551234');
    const ringing = await sdk.next('ringing');
    const callSid = String(ringing.callsid);
    await browser.accept(String(ringing.sdp));
    await browser.connected();
    browser.talk();
    await Bun.sleep(300);
    browser.close();
    await until(() => voice().call(callSid)?.status === 'completed', 'completed', timing.mediaTimeoutMs + 2000);
    await sdk.next('hangup', 1000, (payload) => payload.callsid === callSid);
  });

  test("a far end whose timer fails ends its own call, the SDK hearing hangup, and no other call", async () => {
    const answered = async (identity: string) => {
      const sdk = await client(identity);
      const { browser } = await call(sdk, '+14155551234');
      const ringing = await sdk.next('ringing');
      await browser.accept(String(ringing.sdp));
      await sdk.next('answer');
      await browser.connected();
      browser.talk();
      return { sdk, browser, callSid: String(ringing.callsid), farEndSsrc: Number(/^a=ssrc:(\d+)/m.exec(String(ringing.sdp))?.[1]) };
    };
    const failing = await answered('failing-media');
    const healthy = await answered('healthy-media');
    await until(() => failing.browser.received > 5 && healthy.browser.received > 5, 'both echoes');
    // werift's sender throws for the failing call's far end only, inside its echo's delayed sends
    const send = RTCRtpSender.prototype.sendRtp;
    const broken = spyOn(RTCRtpSender.prototype, 'sendRtp').mockImplementation(function (this: RTCRtpSender, ...args: Parameters<RTCRtpSender['sendRtp']>) {
      if (this.ssrc === failing.farEndSsrc) throw new Error('injected send failure');
      return send.apply(this, args);
    });
    try {
      expect(await failing.sdk.next('hangup', 3000, (payload) => payload.callsid === failing.callSid)).toEqual({ callsid: failing.callSid });
    } finally {
      broken.mockRestore();
    }
    await until(() => voice().call(failing.callSid)?.status === 'completed', 'the failed call completed');
    const heard = healthy.browser.received;
    await until(() => healthy.browser.received > heard + 10, 'the other call still echoing');
    expect(voice().call(healthy.callSid)?.status).toBe('in-progress');
    healthy.sdk.send('hangup', { callsid: healthy.callSid });
    await until(() => voice().call(healthy.callSid)?.status === 'completed', 'completed');
    await voice().settle();
    failing.browser.close();
    healthy.browser.close();
  });

  test('the signalling-drop destination: the WebSocket closes once, the SDK comes back with its reconnect token, the call goes on', async () => {
    const sdk = await client('dropper');
    const { browser } = await call(sdk, '+14155550006');
    const ringing = await sdk.next('ringing');
    const callSid = String(ringing.callsid);
    await browser.accept(String(ringing.sdp));
    const answer = await sdk.next('answer');
    await browser.connected();
    browser.talk();
    await until(() => sdk.closed, 'the drop', 3000);
    // the SDK reconnects: listen again (held a moment), then the reconnect invite
    const again = await SdkClient.connect(signalUrl);
    open.push(again);
    const started = Date.now();
    again.listen(token('dropper'));
    await again.next('connected');
    expect(Date.now() - started).toBeGreaterThanOrEqual(timing.dropForMs / 2);
    again.send('invite', { callsid: callSid, sdp: browser.pc.localDescription?.sdp, reconnect: answer.reconnect, twilio: {} });
    expect(await again.next('answer')).toMatchObject({ callsid: callSid, reconnect: answer.reconnect });
    await Bun.sleep(timing.reconnectWindowMs + 200);
    expect(voice().call(callSid)?.status).toBe('in-progress');
    again.send('hangup', { callsid: callSid });
    await until(() => voice().call(callSid)?.status === 'completed', 'completed');
    browser.close();
  });
});

describe('incoming calls from the phone page', () => {
  let ringwiseNumber = '';
  beforeAll(async () => {
    ringwiseNumber = (await carrier.twilio.incomingPhoneNumbers.create({ areaCode: '415', voiceUrl: `${origin}/webhooks/twilio/incoming` })).phoneNumber;
    incomingTwiml = () => {
      const response = new twilio.twiml.VoiceResponse();
      response.dial({ timeout: 20 }).client({ statusCallback: `${origin}/hooks/status`, statusCallbackEvent: allEvents }, 'bob');
      return response.toString();
    };
  });

  const callFromPage = () => voice().callNumber('+14155550100', ringwiseNumber);

  test('invite to each registered session; accepting on one cancels the other; audio flows; the phone hangs up', async () => {
    const [first, second] = [await client('bob', { register: true }), await client('bob', { register: true })];
    await callFromPage();
    const invite = await first.next('invite');
    const other = await second.next('invite');
    expect(invite.callsid).toBe(other.callsid);
    const legSid = String(invite.callsid);
    expect(invite.parameters).toMatchObject({ CallSid: legSid, From: '+14155550100', To: 'client:bob' });
    const browser = peer();
    first.send('answer', { callsid: legSid, sdp: await browser.answer(String(invite.sdp)) });
    expect(await first.next('answer')).toMatchObject({ callsid: legSid, reconnect: expect.any(String) });
    expect(await second.next('cancel')).toEqual({ callsid: legSid });
    await browser.connected();
    browser.talk();
    // the caller's tone reaches the browser, the browser's audio reaches the simulator
    await until(() => browser.received > 10 && (voice().media(legSid)?.received.voicedFrames ?? 0) > 5, 'audio both ways');
    const parent = voice().call(legSid)?.sid ?? '';
    expect(voice().hangUpFromPhone(parent)).toBe(true);
    expect(await first.next('hangup')).toEqual({ callsid: legSid });
    await voice().settle();
    expect(statuses(parent)).toEqual(['initiated', 'ringing', 'in-progress', 'completed']);
    browser.close();
  });

  test('rejecting it: the caller hears busy', async () => {
    const sdk = await client('bob', { register: true });
    await callFromPage();
    const invite = await sdk.next('invite');
    sdk.send('reject', { callsid: invite.callsid });
    await voice().settle();
    const parent = voice().call(String(invite.callsid))?.sid ?? '';
    expect(statuses(parent).at(-1)).toBe('busy');
    expect(voice().call(parent)?.status).toBe('busy');
  });

  test('one call at a time: answering it while on another call is hung up (31005), and it rings on', async () => {
    const sdk = await client('bob', { register: true });
    const outgoing = await call(sdk, '+14155551234');
    const outgoingSid = String((await sdk.next('ringing')).callsid);
    await callFromPage();
    const invite = await sdk.next('invite');
    const legSid = String(invite.callsid);
    const browser = peer();
    sdk.send('answer', { callsid: legSid, sdp: await browser.answer(String(invite.sdp)) });
    expect(await sdk.next('hangup', 5000, (payload) => payload.callsid === legSid)).toEqual({ callsid: legSid, error: { code: 31005, message: 'You already have a call in progress' } });
    expect(voice().call(legSid)?.leg?.status).toBe('ringing');
    voice().hangUpFromPhone(voice().call(legSid)?.sid ?? '');
    sdk.send('hangup', { callsid: outgoingSid });
    await sdk.next('hangup', 5000, (payload) => payload.callsid === outgoingSid);
    browser.close();
    outgoing.browser.close();
  });

  test('the caller hangs up while it rings: cancel', async () => {
    const sdk = await client('bob', { register: true });
    await callFromPage();
    const invite = await sdk.next('invite');
    const parent = voice().call(String(invite.callsid))?.sid ?? '';
    voice().hangUpFromPhone(parent);
    expect(await sdk.next('cancel')).toEqual({ callsid: invite.callsid });
  });
});
