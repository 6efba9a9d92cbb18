// The sweeper on PGlite and PostgreSQL: whatever the carrier does or fails to report, no call stays open past its
// time limit plus the margin (a queued one past 2 minutes); it is hung up at the carrier if the carrier still has it,
// settled from the carrier's final record of its leg when there is one, else ended free, its hold released.
import { describe, expect, test } from 'bun:test';
import type { EngineDatabase } from '../../db/database.ts';
import { carrierMaxCallSeconds, lostCallGraceSeconds, staleQueuedSeconds, sweepStaleCalls } from './sweeper.ts';
import { callRecord, type CallsTestApp, callsTestAppFor, heldOf, newSid, testEngines } from './testing.ts';

for (const engine of await testEngines()) {
  describe.skipIf(!engine.available)(`the call sweeper, on ${engine.name}`, () => {
    let db: EngineDatabase;
    let t: CallsTestApp;
    callsTestAppFor(engine, (opened) => ({ db, t } = opened));

    const sweep = () => sweepStaleCalls(db, t.twilio);
    const row = (callId: string) => callRecord(db, callId);
    const held = (userId: string) => heldOf(db, userId);
    /** Moves a call's start `seconds` past its time limit and the margin (negative: still within them). */
    const pastLimit = (callId: string, seconds: number) =>
      db.privileged((sql) =>
        sql.query(
          `update public.calls set start_time = now() - make_interval(secs => coalesce(max_duration_seconds, $3) + $2 + $4),
             created_at = now() - make_interval(secs => coalesce(max_duration_seconds, $3) + $2 + $4 + 5)
           where id = $1`,
          [callId, lostCallGraceSeconds, carrierMaxCallSeconds, seconds],
        ),
      );
    const hangUps = (sid: string) => t.carrier.requests.filter((r) => r.sid === sid && r.method === 'POST').map((r) => r.form.Status);

    const answeredCall = () => t.answeredCall('sweep');

    test('a call whose carrier never reports is ended past its time limit plus the margin, not before, and at the carrier too', async () => {
      const { owner, callId, parent } = await answeredCall();
      await pastLimit(callId, -30);
      await sweep();
      expect(await row(callId)).toMatchObject({ status: 'in-progress', settled: false });
      expect(hangUps(parent)).toEqual([]);

      await pastLimit(callId, 1);
      await sweep();
      expect(hangUps(parent)).toEqual(['completed']);
      expect(await row(callId)).toEqual({ status: 'failed', end_reason: 'lost: no final status from the carrier', cost: '0.00', settled: true });
      expect(await held(owner.id)).toBe('0.00');
      // one call at a time holds: the next one starts
      await t.started(owner.token);
    });

    test('with the carrier\'s final record of the leg, the call is settled from it', async () => {
      const { owner, callId, leg } = await answeredCall();
      t.carrier.calls.set(leg, { status: 'completed', duration: 61 });
      await pastLimit(callId, 1);
      await sweep();
      const ended = await row(callId);
      expect(ended).toMatchObject({ status: 'completed', end_reason: 'settled from the carrier record', settled: true });
      expect(Number(ended.cost)).toBeGreaterThan(0);
      expect(await t.call('GET', '/api/auth/user', owner.token).then((r) => r.json())).toMatchObject({ balance: (5 - Number(ended.cost)).toFixed(2) });
    });

    test('a carrier that cannot be reached does not keep the call open', async () => {
      const { owner, callId } = await answeredCall();
      await pastLimit(callId, 1);
      t.carrier.mode = 'down';
      try {
        await sweep();
      } finally {
        t.carrier.mode = 'up';
      }
      expect(await row(callId)).toMatchObject({ status: 'failed', settled: true, cost: '0.00' });
      expect(await held(owner.id)).toBe('0.00');
    });

    test('a call still queued after 2 minutes never connected; the carrier cancels it if it rings there', async () => {
      const owner = await t.signUpWithBalance('sweep', '5.00');
      const { callId } = await t.started(owner.token);
      const parent = newSid();
      await t.webhook('/webhooks/twilio/voice', { CallSid: parent, From: `client:${owner.id}`, To: '', callId });
      t.carrier.calls.set(parent, { status: 'ringing' });
      await sweep();
      expect(await row(callId)).toMatchObject({ status: 'queued', settled: false });
      await db.privileged((sql) => sql.query('update public.calls set created_at = now() - make_interval(secs => $2 + 1) where id = $1', [callId, staleQueuedSeconds]));
      await sweep();
      expect(hangUps(parent)).toEqual(['canceled']);
      expect(await row(callId)).toEqual({ status: 'failed', end_reason: 'never connected', cost: '0.00', settled: true });
      expect(await held(owner.id)).toBe('0.00');
    });

    test('an incoming call, which has no limit of ours, ends past the carrier\'s 4 hours plus the margin', async () => {
      const owner = await t.signUpWithBalance('sweep', '0.00');
      const [incoming] = await db.privileged((sql) =>
        sql.query<{ id: string }>(
          `insert into public.calls (user_id, twilio_call_sid, destination_number, from_number, status, call_direction, calling_method, cost)
           values ($1, $2, '+14155550100', '+14155550123', 'in-progress', 'inbound', 'virtual', 0) returning id`,
          [owner.id, newSid()],
        ),
      );
      await pastLimit(incoming!.id, -60);
      await sweep();
      expect(await row(incoming!.id)).toMatchObject({ status: 'in-progress', settled: false });
      await pastLimit(incoming!.id, 1);
      await sweep();
      expect(await row(incoming!.id)).toMatchObject({ status: 'failed', settled: true, cost: '0.00' });
    });
  });
}
