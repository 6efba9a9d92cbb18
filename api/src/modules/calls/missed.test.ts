// Missed calls (issue 36), on PGlite and PostgreSQL, through the app: an incoming call nobody took (rung out, declined,
// or for an owner signed in nowhere) counts on the Calls tab until Recent Calls is opened; an answered one, an outgoing
// one or one still ringing never does; another user's calls are never counted, nor marked seen.
import { describe, expect, test } from 'bun:test';
import type { Call, UnseenCalls } from '@ringwise/contract/schemas';
import type { EngineDatabase } from '../../db/database.ts';
import { type CallsTestApp, callsTestAppFor, newSid, testEngines } from './testing.ts';

for (const engine of await testEngines()) {
  describe.skipIf(!engine.available)(`missed calls not seen yet, on ${engine.name}`, () => {
    let db: EngineDatabase;
    let t: CallsTestApp;
    callsTestAppFor(engine, (opened) => ({ db, t } = opened));

    const unseen = async (token: string) => {
      const response = await t.call('GET', '/api/calls/unseen', token);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      return ((await response.json()) as UnseenCalls).missed;
    };
    const markSeen = async (token: string) => expect((await t.call('POST', '/api/calls/seen', token)).status).toBe(204);
    const history = async (token: string) => ((await (await t.call('GET', '/api/calls', token)).json()) as { items: Call[] }).items;

    /** A user with $5.00 and a Ringwise number. */
    async function owner(label: string) {
      const user = await t.signUpWithBalance(label, '5.00');
      const [available] = await t.telephony.telephony.twilio.availablePhoneNumbers('US').local.list({ limit: 1 });
      const bought = await t.call('POST', '/api/virtual-numbers/purchase', user.token, { phoneNumber: available!.phoneNumber, country: 'US', price: '1.15', numberType: 'local' });
      expect(bought.status).toBe(201);
      return { ...user, number: available!.phoneNumber };
    }

    /** A call from `from` to the user's number, ringing their browser: its id (the <Client>'s status callback URL's). */
    async function ring(to: string, from = '+14155550123'): Promise<string> {
      const xml = await (await t.webhook('/webhooks/twilio/incoming', { CallSid: newSid(), From: from, To: to, Direction: 'inbound' })).text();
      expect(xml).toContain('timeout="25"');
      return /callId=([0-9a-f-]{36})/.exec(xml)![1]!;
    }

    /** The browser's leg ends `final` (no-answer: rung out; busy: declined; completed: answered and talked). */
    async function legEnds(callId: string, final: 'no-answer' | 'busy' | 'completed') {
      for (const send of t.legCallbacks(callId, newSid(), final === 'completed' ? 20 : 0, final)) expect((await send()).status).toBe(204);
    }

    test('rung out for 25 s it is Missed, counted until Recent Calls is opened; a call missed after that counts again', async () => {
      const user = await owner('missed');
      expect(await unseen(user.token)).toBe(0);
      const callId = await ring(user.number);
      // still ringing: not missed (yet)
      expect(await unseen(user.token)).toBe(0);
      await legEnds(callId, 'no-answer');
      const [missed] = await history(user.token);
      expect(missed).toMatchObject({ id: callId, callDirection: 'inbound', status: 'no-answer', fromNumber: '+14155550123', cost: '0.00' });
      expect(await unseen(user.token)).toBe(1);

      await legEnds(await ring(user.number, '+14155550124'), 'busy');
      expect(await unseen(user.token)).toBe(2);

      await markSeen(user.token);
      expect(await unseen(user.token)).toBe(0);
      // seen twice is seen
      await markSeen(user.token);
      expect(await unseen(user.token)).toBe(0);

      await legEnds(await ring(user.number), 'no-answer');
      expect(await unseen(user.token)).toBe(1);
    });

    test('an answered incoming call and outgoing calls are not missed calls', async () => {
      const user = await owner('answered');
      await legEnds(await ring(user.number), 'completed');
      const { callId } = await t.started(user.token, '+447400123456');
      for (const send of t.legCallbacks(callId, newSid(), 0, 'no-answer')) expect((await send()).status).toBe(204);
      expect((await history(user.token)).map((call) => call.status).sort()).toEqual(['completed', 'no-answer']);
      expect(await unseen(user.token)).toBe(0);
    });

    test('signed in nowhere, the call is missed at once and counted for when they come back', async () => {
      const user = await owner('away');
      expect((await t.call('POST', '/auth/v1/logout?scope=global', user.token)).status).toBe(204);
      const xml = await (await t.webhook('/webhooks/twilio/incoming', { CallSid: newSid(), From: '+14155550123', To: user.number, Direction: 'inbound' })).text();
      expect(xml).not.toContain('<Client');
      const signedIn = await t.call('POST', '/auth/v1/token?grant_type=password', undefined, { email: user.email, password: 'correct horse battery' });
      expect(signedIn.status).toBe(200);
      expect(await unseen(((await signedIn.json()) as { access_token: string }).access_token)).toBe(1);
    });

    test("another user's missed calls are never counted, nor marked seen", async () => {
      const [a, b] = [await owner('rls-a'), await owner('rls-b')];
      await legEnds(await ring(b.number), 'no-answer');
      await legEnds(await ring(b.number), 'no-answer');
      expect(await unseen(a.token)).toBe(0);
      expect(await unseen(b.token)).toBe(2);
      await markSeen(a.token);
      expect(await unseen(b.token)).toBe(2);
      // the count is the user's own under row-level security, even with no filter of ours on the user
      const everyone = await db.privileged((sql) =>
        sql.query<{ missed: number }>(`select count(*)::int as missed from public.calls where call_direction = 'inbound' and status = 'no-answer' and seen_at is null`),
      );
      expect(everyone[0]!.missed).toBeGreaterThanOrEqual(2);
      // a soft-deleted call is not counted
      await db.privileged((sql) => sql.query(`update public.calls set deleted_at = now() where id = (select id from public.calls where user_id = $1 limit 1)`, [b.id]));
      expect(await unseen(b.token)).toBe(1);
    });

    test('signed out, both answer 401 in the error envelope', async () => {
      for (const [method, path] of [['GET', '/api/calls/unseen'], ['POST', '/api/calls/seen']] as const) {
        const response = await t.call(method, path);
        expect(response.status).toBe(401);
        expect(await response.json()).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
      }
    });
  });
}
