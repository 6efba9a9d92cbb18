// Call forwarding to the customer's own phone: a phone page call to a Ringwise number whose TwiML forwards it with
// <Dial action timeLimit answerOnBridge><Number statusCallback…> to a verified Outgoing Caller ID. That number is
// the phone page's phone: it rings until the page answers or declines it (or the ring time passes), and the page hangs
// it up; a number that is not verified still answers by itself. The app's callbacks are recorded and checked with
// twilio.validateRequest. On the machine's PostgreSQL and on PGlite; voice time runs 10× faster (voiceTimeScale 0.1:
// the 2 s a number takes to answer last 200 ms, the 6 s of ringing before no-answer 600 ms).
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test';
import { Elysia } from 'elysia';
import twilio from 'twilio';
import { simulatorRingSeconds } from '@ringwise/contract/simulator-voice';
import { openTestDatabase, testEngines, type TestDatabase } from '@ringwise/simulator-common/testing';
import { twilioSimulator } from '../routes.ts';
import { createTestCarrier, testAccount, type TestCarrier } from '../testing.ts';

const origin = 'http://localhost:3000';
const { authToken } = testAccount;
const timeScale = 0.1;
/** Real milliseconds of simulated seconds. */
const ms = (seconds: number) => seconds * 1000 * timeScale;
const ownPhone = '+447911123456';
const caller = '+14155550100';

interface Hook {
  path: string;
  params: Record<string, string>;
  valid: boolean;
  atMs: number;
}

async function until(condition: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await Bun.sleep(2);
  }
}

for (const engine of await testEngines('twilio-simulator forwarding')) {
  describe.skipIf(!engine.available)(`forwarding to your own phone on ${engine.name}`, () => {
    let testDb: TestDatabase;
    let t: TestCarrier;
    let app: { handle(request: Request): Promise<Response> };
    let ringwiseNumber = '';
    let forwardTo = ownPhone;
    let dialTimeout: number | undefined;
    const hooks: Hook[] = [];

    const record = async (request: Request, path: string): Promise<Record<string, string>> => {
      const params = Object.fromEntries(new URLSearchParams(await request.text()));
      const url = new URL(request.url);
      const valid = twilio.validateRequest(authToken, request.headers.get('x-twilio-signature') ?? '', `${origin}${url.pathname}${url.search}`, params);
      hooks.push({ path, params, valid, atMs: performance.now() });
      return params;
    };

    /** The forwarding TwiML the app answers a call to its number with. */
    const forwarding = () => {
      const response = new twilio.twiml.VoiceResponse();
      response
        .dial({ action: `${origin}/hooks/dial-action`, timeLimit: 3600, answerOnBridge: true, ...(dialTimeout === undefined ? {} : { timeout: dialTimeout }) })
        .number({ statusCallback: `${origin}/hooks/status`, statusCallbackEvent: ['initiated', 'ringing', 'answered', 'completed'], statusCallbackMethod: 'POST' }, forwardTo);
      return response.toString();
    };

    beforeAll(async () => {
      testDb = await openTestDatabase(engine.name);
      t = await createTestCarrier(testDb.db, { origin, voiceTimeScale: timeScale, log: (error) => console.error('[forwarding test]', error) });
      const xml = { 'content-type': 'text/xml' };
      app = new Elysia()
        .use(twilioSimulator(t.twilioSimulator))
        .post('/webhooks/twilio/incoming', async ({ request }) => (await record(request, 'incoming'), new Response(forwarding(), { headers: xml })), { parse: 'none' })
        .post('/hooks/status', async ({ request }) => (await record(request, 'status'), ''), { parse: 'none' })
        .post('/hooks/dial-action', async ({ request }) => (await record(request, 'action'), new Response('<Response><Hangup/></Response>', { headers: xml })), {
          parse: 'none',
        });
      t.attach(app);
      const bought = await t.twilio.incomingPhoneNumbers.create({ areaCode: '415', voiceUrl: `${origin}/webhooks/twilio/incoming` });
      ringwiseNumber = bought.phoneNumber;
      // the customer verifies their own phone: the code typed on the phone page
      const request = await t.twilio.validationRequests.create({ phoneNumber: ownPhone, friendlyName: 'My mobile' });
      expect(await t.twilioSimulator.enterCodeFor(request.callSid, request.validationCode)).toBe('verified');
    });
    beforeEach(() => {
      hooks.length = 0;
      forwardTo = ownPhone;
      dialTimeout = undefined;
    });
    afterAll(async () => {
      await t?.close();
      await testDb?.close();
    });

    const voice = () => t.twilioSimulator.voice;
    const post = (path: string) => app.handle(new Request(`${origin}${path}`, { method: 'POST' }));
    const pageHtml = async () => (await app.handle(new Request(`${origin}/sim/twilio/phone`))).text();
    /** The phone page's list item of a call. */
    const itemOf = (html: string, sid: string) => html.match(new RegExp(`<li class="call" data-sid="${sid}">.*?</li>`))?.[0] ?? '';
    const buttons = (item: string) => [...item.matchAll(/<form method="post" action="([^"]+)"><button type="submit">([^<]+)<\/button><\/form>/g)].map(([, action, name]) => ({ action, name }));
    const statuses = (parent: string) => hooks.filter((hook) => hook.path === 'status' && hook.params.ParentCallSid === parent);
    const actionOf = (parent: string) => hooks.find((hook) => hook.path === 'action' && hook.params.CallSid === parent);

    /** The phone page calls the Ringwise number; the app forwards it. Its parent sid and dialled leg's sid. */
    async function callIn(): Promise<{ parent: string; legSid: string; startedMs: number }> {
      const response = await app.handle(
        new Request(`${origin}/sim/twilio/phone/call`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ from: caller, to: ringwiseNumber }) }),
      );
      expect(response.headers.get('location')).toContain('result=call-placed');
      const startedMs = performance.now();
      const parent = hooks.find((hook) => hook.path === 'incoming')?.params.CallSid ?? '';
      const legSid = voice().call(parent)?.leg?.sid ?? '';
      expect(legSid).toMatch(/^CA[0-9a-f]{32}$/);
      return { parent, legSid, startedMs };
    }

    test('a <Dial><Number> to a verified caller ID rings the phone page and does not answer by itself; Answer, then Hang up', async () => {
      const { parent, legSid } = await callIn();
      await Bun.sleep(ms(simulatorRingSeconds.answer + 1));
      expect(voice().call(parent)).toMatchObject({ status: 'ringing', leg: { sid: legSid, to: ownPhone, status: 'ringing', ownPhone: true } });
      await voice().settle();
      expect(statuses(parent).map((hook) => hook.params.CallStatus)).toEqual(['initiated', 'ringing']);

      // the page is the phone: it rings there, with Answer and Decline in the call's item
      let item = itemOf(await pageHtml(), parent);
      expect(item).toContain(`to ${ringwiseNumber}`);
      expect(item).toContain(`Your phone ${ownPhone} is ringing.`);
      expect(buttons(item)).toEqual([
        { action: `/sim/twilio/phone/calls/${legSid}/answer`, name: 'Answer' },
        { action: `/sim/twilio/phone/calls/${legSid}/decline`, name: 'Decline' },
        { action: `/sim/twilio/phone/calls/${parent}/hangup`, name: 'Caller ends the call' },
      ]);

      const answered = await post(`/sim/twilio/phone/calls/${legSid}/answer`);
      expect(answered.status).toBe(303);
      expect(answered.headers.get('location')).toBe('/sim/twilio/phone?result=phone-answered#voice');
      expect(voice().call(parent)).toMatchObject({ status: 'in-progress', leg: { status: 'in-progress' } });
      await voice().settle();
      expect(statuses(parent).map((hook) => hook.params.CallStatus)).toEqual(['initiated', 'ringing', 'in-progress']);
      expect(statuses(parent).every((hook) => hook.valid)).toBe(true);
      expect(statuses(parent)[2]?.params).toMatchObject({ CallSid: legSid, To: ownPhone, Direction: 'outbound-dial', CallbackSource: 'call-progress-events' });
      // answered twice: the second press is stale
      expect((await post(`/sim/twilio/phone/calls/${legSid}/answer`)).headers.get('location')).toContain('result=phone-gone');

      const page = await pageHtml();
      item = itemOf(page, parent);
      expect(item).toContain(`Your phone ${ownPhone} is on the call.`);
      expect(buttons(item).filter((button) => button.name === 'Hang up')).toEqual([{ action: `/sim/twilio/phone/calls/${legSid}/hangup-leg`, name: 'Hang up' }]);
      expect(item).not.toContain('>Answer<');

      await Bun.sleep(ms(2));
      const hungUp = await post(`/sim/twilio/phone/calls/${legSid}/hangup-leg`);
      expect(hungUp.headers.get('location')).toBe('/sim/twilio/phone?result=phone-hung-up#voice');
      await until(() => voice().call(parent)?.status === 'completed', 'the call to end');
      await voice().settle();
      const completed = statuses(parent).at(-1)?.params ?? {};
      expect(completed).toMatchObject({ CallStatus: 'completed', SipResponseCode: '200' });
      expect(Number(completed.CallDuration)).toBeGreaterThanOrEqual(2);
      const action = actionOf(parent);
      expect(action?.valid).toBe(true);
      expect(action?.params).toMatchObject({ DialCallStatus: 'completed', DialCallSid: legSid, CallStatus: 'in-progress' });
      expect(Number(action?.params.DialCallDuration)).toBeGreaterThanOrEqual(2);
      expect(itemOf(await pageHtml(), parent)).not.toContain('<form');
      expect(await (await app.handle(new Request(`${origin}/sim/twilio/phone?result=phone-hung-up`))).text()).toContain('You hung up your phone.');
    });

    test('Decline: the leg ends busy (486) and <Dial action> hears DialCallStatus=busy', async () => {
      const { parent, legSid } = await callIn();
      const declined = await post(`/sim/twilio/phone/calls/${legSid}/decline`);
      expect(declined.headers.get('location')).toBe('/sim/twilio/phone?result=phone-declined#voice');
      await until(() => actionOf(parent) !== undefined, 'the <Dial action>');
      await voice().settle();
      expect(statuses(parent).map((hook) => hook.params.CallStatus)).toEqual(['initiated', 'ringing', 'busy']);
      expect(statuses(parent).at(-1)?.params).toMatchObject({ SipResponseCode: '486', CallDuration: '0' });
      expect(actionOf(parent)?.params).toMatchObject({ DialCallStatus: 'busy', DialCallDuration: '0' });
      expect((await post(`/sim/twilio/phone/calls/${legSid}/decline`)).headers.get('location')).toContain('result=phone-gone');
    });

    test('nobody answering: no-answer (487) after the ring time, or the <Dial timeout> when it is shorter', async () => {
      const { parent, startedMs } = await callIn();
      await until(() => actionOf(parent) !== undefined, 'the <Dial action>');
      expect(performance.now() - startedMs).toBeGreaterThanOrEqual(ms(simulatorRingSeconds.noAnswer) - 20);
      await voice().settle();
      expect(statuses(parent).map((hook) => hook.params.CallStatus)).toEqual(['initiated', 'ringing', 'no-answer']);
      expect(statuses(parent).at(-1)?.params).toMatchObject({ SipResponseCode: '487' });
      expect(actionOf(parent)?.params).toMatchObject({ DialCallStatus: 'no-answer' });

      hooks.length = 0;
      dialTimeout = 3;
      const shorter = await callIn();
      await until(() => actionOf(shorter.parent) !== undefined, 'the <Dial action>');
      const elapsed = performance.now() - shorter.startedMs;
      expect(elapsed).toBeGreaterThanOrEqual(ms(3) - 20);
      expect(elapsed).toBeLessThan(ms(simulatorRingSeconds.noAnswer));
      expect(actionOf(shorter.parent)?.params).toMatchObject({ DialCallStatus: 'no-answer' });
    });

    test('a number that is not a verified caller ID still answers by itself, with no phone buttons', async () => {
      forwardTo = '+14155551234';
      const { parent } = await callIn();
      expect(voice().call(parent)?.leg?.ownPhone).toBe(false);
      await until(() => voice().call(parent)?.leg?.status === 'in-progress', 'the far end to answer');
      const item = itemOf(await pageHtml(), parent);
      expect(item).not.toContain('Your phone');
      expect(buttons(item).map((button) => button.name)).toEqual(['Hang up']);
      // the phone's buttons do not act on a leg that is not the customer's phone
      const legSid = voice().call(parent)?.leg?.sid ?? '';
      expect((await post(`/sim/twilio/phone/calls/${legSid}/hangup-leg`)).headers.get('location')).toContain('result=phone-gone');
      expect(voice().call(parent)?.leg?.status).toBe('in-progress');
      expect((await post(`/sim/twilio/phone/calls/${parent}/hangup`)).headers.get('location')).toContain('result=call-ended');
    });

    test('wrong or stale sids are a redirect with a neutral notice, never an error', async () => {
      const { parent, legSid } = await callIn();
      for (const sid of [parent, `CA${'0'.repeat(32)}`, 'not-a-sid', '%3Cscript%3E']) {
        for (const what of ['answer', 'decline', 'hangup-leg']) {
          const response = await post(`/sim/twilio/phone/calls/${sid}/${what}`);
          expect(response.status).toBe(303);
          expect(response.headers.get('location')).toBe('/sim/twilio/phone?result=phone-gone#voice');
        }
      }
      // hang-up of a leg that still rings is not an answer: it is refused too
      expect((await post(`/sim/twilio/phone/calls/${legSid}/hangup-leg`)).headers.get('location')).toContain('result=phone-gone');
      expect(voice().call(parent)?.leg?.status).toBe('ringing');
      const html = await (await app.handle(new Request(`${origin}/sim/twilio/phone?result=phone-gone`))).text();
      expect(html).toContain('<div class="notice muted" role="status">That call is no longer ringing or connected on your phone.</div>');
      // the caller hangs up while the phone rings: the leg is canceled, and its buttons are stale
      expect((await post(`/sim/twilio/phone/calls/${parent}/hangup`)).headers.get('location')).toContain('result=call-ended');
      expect(voice().call(parent)).toMatchObject({ status: 'canceled', leg: { status: 'canceled' } });
      expect((await post(`/sim/twilio/phone/calls/${legSid}/answer`)).headers.get('location')).toContain('result=phone-gone');
      await voice().settle();
      expect(actionOf(parent)).toBeUndefined();
    });
  });
}
