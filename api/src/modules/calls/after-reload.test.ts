// After a reload the page has no call object: GET /api/calls/current finds the user's call still under way, and
// POST /api/calls/{id}/end ends it, at the carrier (the official SDK, here against a scripted record of calls) or,
// when the carrier never had it or has forgotten it, at once here. On PGlite and PostgreSQL, through the app.
import { describe, expect, test } from 'bun:test';
import type { EngineDatabase } from '../../db/database.ts';
import { callRecord, type CallsTestApp, callsTestAppFor, heldOf, newSid, testEngines } from './testing.ts';

for (const engine of await testEngines()) {
  describe.skipIf(!engine.available)(`a call the page lost, on ${engine.name}`, () => {
    let db: EngineDatabase;
    let t: CallsTestApp;
    callsTestAppFor(engine, (opened) => ({ db, t } = opened));

    const user = () => t.signUpWithBalance('reload', '5.00');
    const current = async (token: string) => (await t.call('GET', '/api/calls/current', token)).json() as Promise<{ id: string; status: string } | null>;
    const end = (token: string, callId: string) => t.call('POST', `/api/calls/${callId}/end`, token);
    const row = (callId: string) => callRecord(db, callId);
    const held = (userId: string) => heldOf(db, userId);

    /** A call the browser placed: the carrier asked the voice webhook (linking its SID), and the dialled leg answered. */
    async function answeredCall(owner: { token: string; id: string }) {
      const { callId } = await t.started(owner.token);
      const parent = newSid();
      const voice = await t.webhook('/webhooks/twilio/voice', { CallSid: parent, From: `client:${owner.id}`, To: '', callId });
      expect(await voice.text()).toContain('<Dial');
      const leg = newSid();
      const callbacks = t.legCallbacks(callId, leg, 61);
      for (const send of callbacks.slice(0, 3)) expect((await send()).status).toBe(204);
      return { callId, parent, leg, completed: callbacks[3]! };
    }

    test('the current call: none, then the one under way, then none once it ended', async () => {
      const owner = await user();
      const none = await t.call('GET', '/api/calls/current', owner.token);
      expect([none.status, none.headers.get('content-type'), await none.text()]).toEqual([200, expect.stringContaining('application/json'), 'null']);
      const { callId, completed } = await answeredCall(owner);
      expect(await current(owner.token)).toMatchObject({ id: callId, status: 'in-progress', destinationNumber: '+447400123456' });
      expect(await current((await user()).token)).toBeNull();
      await completed();
      expect(await current(owner.token)).toBeNull();
    });

    test('a call that never reached the carrier ends at once: canceled, free, its hold released, the next call starts', async () => {
      const owner = await user();
      const { callId } = await t.started(owner.token);
      expect((await t.call('POST', '/api/calls/start', owner.token, { destinationNumber: '+447400123456' })).status).toBe(409);
      const asked = t.carrier.requests.length;
      expect((await end(owner.token, callId)).status).toBe(204);
      expect(t.carrier.requests.length).toBe(asked);
      expect(await row(callId)).toEqual({ status: 'canceled', end_reason: 'ended by the user before it reached the carrier', cost: '0.00', settled: true });
      expect(await held(owner.id)).toBe('0.00');
      expect(await current(owner.token)).toBeNull();
      await t.started(owner.token);
    });

    test('a call in progress is hung up at the carrier, and its final callback settles it once', async () => {
      const owner = await user();
      const { callId, parent, completed } = await answeredCall(owner);
      t.carrier.calls.set(parent, { status: 'in-progress' });
      expect((await end(owner.token, callId)).status).toBe(204);
      expect(t.carrier.requests.filter((r) => r.sid === parent && r.method === 'POST').map((r) => r.form)).toEqual([{ Status: 'completed' }]);
      expect(t.carrier.calls.get(parent)!.status).toBe('completed');
      // still the current call until the carrier reports
      expect(await current(owner.token)).toMatchObject({ id: callId, status: 'in-progress' });
      expect((await completed()).status).toBe(204);
      expect(await row(callId)).toMatchObject({ status: 'completed', settled: true, cost: expect.stringMatching(/^0\.\d\d$/) });
      expect(Number((await row(callId)).cost)).toBeGreaterThan(0);
      expect(await held(owner.id)).toBe('0.00');
      const again = await end(owner.token, callId);
      expect(again.status).toBe(409);
      expect(await again.json()).toEqual({ error: { code: 'conflict', message: 'This call has already ended.' } });
    });

    test('a call still ringing at the carrier is canceled there', async () => {
      const owner = await user();
      const { callId } = await t.started(owner.token);
      const parent = newSid();
      await t.webhook('/webhooks/twilio/voice', { CallSid: parent, From: `client:${owner.id}`, To: '', callId });
      t.carrier.calls.set(parent, { status: 'ringing' });
      expect((await end(owner.token, callId)).status).toBe(204);
      expect(t.carrier.requests.filter((r) => r.sid === parent && r.method === 'POST').map((r) => r.form.Status)).toEqual(['canceled']);
      expect(t.carrier.calls.get(parent)!.status).toBe('canceled');
    });

    test('a call the carrier has no record of ends at once, without charge', async () => {
      const owner = await user();
      const { callId } = await answeredCall(owner);
      expect((await end(owner.token, callId)).status).toBe(204);
      expect(await row(callId)).toEqual({ status: 'failed', end_reason: 'ended by the user: the carrier had no such call', cost: '0.00', settled: true });
      expect(await held(owner.id)).toBe('0.00');
      expect(await t.call('GET', '/api/auth/user', owner.token).then((r) => r.json())).toMatchObject({ balance: '5.00' });
    });

    test('a call over at the carrier whose callbacks never came is settled from the carrier\'s record of the leg', async () => {
      const owner = await user();
      const { callId, parent, leg } = await answeredCall(owner);
      t.carrier.calls.set(parent, { status: 'completed', duration: 63 });
      t.carrier.calls.set(leg, { status: 'completed', duration: 61 });
      expect((await end(owner.token, callId)).status).toBe(204);
      expect(t.carrier.requests.some((r) => r.sid === parent && r.method === 'POST')).toBe(false);
      const ended = await row(callId);
      expect(ended).toMatchObject({ status: 'completed', end_reason: 'settled from the carrier record', settled: true });
      const [billed] = await db.privileged((sql) => sql.query<{ seconds: number }>('select billed_seconds as seconds from public.calls where id = $1', [callId]));
      expect(billed).toEqual({ seconds: 120 });
      expect(await t.call('GET', '/api/auth/user', owner.token).then((r) => r.json())).toMatchObject({ balance: (5 - Number(ended.cost)).toFixed(2) });
    });

    test('a carrier that cannot be reached: 503, and the call goes on', async () => {
      const owner = await user();
      const { callId, parent, completed } = await answeredCall(owner);
      t.carrier.calls.set(parent, { status: 'in-progress' });
      t.carrier.mode = 'down';
      try {
        const refused = await end(owner.token, callId);
        expect(refused.status).toBe(503);
        expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('unavailable');
      } finally {
        t.carrier.mode = 'up';
      }
      expect(await row(callId)).toMatchObject({ status: 'in-progress', settled: false });
      await completed();
    });

    test('only the owner ends a call: another user\'s is not found, as is an id that is not one', async () => {
      const owner = await user();
      const other = await user();
      const { callId } = await t.started(owner.token);
      expect((await end(other.token, callId)).status).toBe(404);
      expect((await end(owner.token, 'not-a-call')).status).toBe(404);
      expect((await end(owner.token, crypto.randomUUID())).status).toBe(404);
      expect(await row(callId)).toMatchObject({ status: 'queued', settled: false });
      expect((await end(owner.token, callId)).status).toBe(204);
    });
  });
}
