// The call reconciler on PGlite and PostgreSQL: an open call the carrier has not reported on for a while is looked up
// at the carrier (the official SDK) and settled from its record; one the carrier does not know is ended free, its hold
// released; one still up is left to run; a carrier that cannot be reached leaves it for the next round; and two
// rounds at once (two api processes) ask about each call once.
import { describe, expect, test } from 'bun:test';
import type { EngineDatabase } from '../../db/database.ts';
import { reconcileCalls } from './reconciler.ts';
import { callRecord, type CallsTestApp, callsTestAppFor, heldOf, newSid, testEngines } from './testing.ts';

for (const engine of await testEngines()) {
  describe.skipIf(!engine.available)(`the call reconciler, on ${engine.name}`, () => {
    let db: EngineDatabase;
    let t: CallsTestApp;
    callsTestAppFor(engine, (opened) => ({ db, t } = opened));

    /** A round for every call quiet for `quietSeconds` (0: every open call). */
    const reconcile = (quietSeconds = 0) => reconcileCalls(db, t.twilio, quietSeconds);
    const row = (callId: string) => callRecord(db, callId);
    const fetches = (sid: string) => t.carrier.requests.filter((r) => r.sid === sid && r.method === 'GET').length;
    const balanceOf = async (token: string) => ((await (await t.call('GET', '/api/auth/user', token)).json()) as { balance: string }).balance;

    const answeredCall = () => t.answeredCall('reconcile');

    test('a call the carrier completed without telling us is settled from its record: charged once, exactly', async () => {
      const { owner, callId, leg } = await answeredCall();
      t.carrier.calls.set(leg, { status: 'completed', duration: 61 });
      expect(await reconcile()).toMatchObject({ settled: 1, unreachable: 0 });
      const ended = await row(callId);
      expect(ended).toMatchObject({ status: 'completed', end_reason: 'settled from the carrier record', settled: true });
      // 61 s at the UK mobile rate, billed per minute: two minutes
      expect(Number(ended.cost)).toBeGreaterThan(0);
      expect(await balanceOf(owner.token)).toBe((5 - Number(ended.cost)).toFixed(2));
      expect(await heldOf(db, owner.id)).toBe('0.00');
      // the final callback arriving after all changes nothing
      const [, , , completed] = t.legCallbacks(callId, leg, 61);
      expect((await completed!()).status).toBe(204);
      expect(await balanceOf(owner.token)).toBe((5 - Number(ended.cost)).toFixed(2));
      const charges = await db.privileged((sql) => sql.query(`select id from public.transactions where call_id = $1 and type = 'call_charge'`, [callId]));
      expect(charges).toHaveLength(1);
    });

    test('a call the carrier does not know (it restarted and lost it) is ended free, and its user can call again', async () => {
      const { owner, callId, parent, leg } = await answeredCall();
      t.carrier.calls.delete(parent);
      t.carrier.calls.delete(leg);
      expect(await reconcile()).toMatchObject({ settled: 1 });
      expect(await row(callId)).toEqual({ status: 'failed', end_reason: 'lost: the carrier has no such call', cost: '0.00', settled: true });
      expect(await heldOf(db, owner.id)).toBe('0.00');
      await t.started(owner.token);
    });

    test('a call still up at the carrier runs on, and is not asked about again until it has been quiet again', async () => {
      const { callId, leg } = await answeredCall();
      await reconcile();
      expect(await row(callId)).toMatchObject({ status: 'in-progress', settled: false });
      expect(fetches(leg)).toBe(1);
      await reconcile(60);
      expect(fetches(leg)).toBe(1);
      t.carrier.calls.set(leg, { status: 'completed', duration: 30 });
      await reconcile();
      expect(await row(callId)).toMatchObject({ status: 'completed', settled: true });
    });

    test('a carrier that cannot be reached leaves the call for the next round, which settles it', async () => {
      const { callId, leg } = await answeredCall();
      t.carrier.calls.set(leg, { status: 'completed', duration: 5 });
      t.carrier.mode = 'down';
      try {
        expect(await reconcile()).toMatchObject({ settled: 0, unreachable: 1 });
      } finally {
        t.carrier.mode = 'up';
      }
      expect(await row(callId)).toMatchObject({ settled: false });
      expect(await reconcile()).toMatchObject({ settled: 1 });
    });

    test('callbacks lost while it rang: the carrier\'s in-progress moves the call forward', async () => {
      const owner = await t.signUpWithBalance('reconcile', '5.00');
      const { callId } = await t.started(owner.token);
      const parent = newSid();
      await t.webhook('/webhooks/twilio/voice', { CallSid: parent, From: `client:${owner.id}`, To: '', callId });
      const leg = newSid();
      const [initiated] = t.legCallbacks(callId, leg, 0);
      expect((await initiated!()).status).toBe(204);
      t.carrier.calls.set(parent, { status: 'in-progress' });
      t.carrier.calls.set(leg, { status: 'in-progress' });
      await reconcile();
      expect(await row(callId)).toMatchObject({ status: 'in-progress', settled: false });
    });

    test('two rounds at once (two api processes) ask the carrier about each call once', async () => {
      const calls = await Promise.all([answeredCall(), answeredCall(), answeredCall()]);
      const before = calls.map(({ leg }) => fetches(leg));
      // quiet for a second: a round's claim makes them heard of again, so the other round leaves them
      await Bun.sleep(1100);
      const [a, b] = await Promise.all([reconcile(1), reconcile(1)]);
      expect(a!.checked + b!.checked).toBeGreaterThanOrEqual(3);
      expect(calls.map(({ leg }, i) => fetches(leg) - before[i]!)).toEqual([1, 1, 1]);
    });
  });
}
