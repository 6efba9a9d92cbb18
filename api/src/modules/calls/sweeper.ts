// Calls whose carrier never reported an end (the browser closed before connecting, a callback lost for good)
// would hold money and block the user's next call forever. The sweeper ends them: a call still queued after
// 2 minutes never connected (failed, free); one in progress well past its time limit is settled from the
// carrier's own record of the dialled leg when it has one, else ended as lost without charge.
import type { Twilio } from 'twilio';
import type { Database } from '../../db/database.ts';
import { periodic, type Periodic } from '../../lib/periodic.ts';
import { applyCallStatus } from './settle.ts';

export const staleQueuedSeconds = 120;
/** Before a user's next call: their queued call that never reached the carrier (no call SID) after this long was
 *  abandoned (the microphone refused, the page closed) and must not block the new one. */
export const abandonedStartSeconds = 15;
/** Past the time limit plus this, a call in progress has lost its final callback. */
export const lostCallGraceSeconds = 300;

interface StaleCall {
  id: string;
  status: string;
  dial_call_sid: string | null;
}

/** Ends the stale calls (of one user, or of everyone); resolves with how many it ended. */
export async function sweepStaleCalls(db: Pick<Database, 'privileged'>, twilio: Twilio | null, userId: string | null = null): Promise<number> {
  const stale = await db.privileged((sql) =>
    sql.query<StaleCall>(
      `select id, status, dial_call_sid from public.calls
       where settled_at is null and ($1::uuid is null or user_id = $1)
         and ((status = 'queued' and created_at < now() - make_interval(secs => $2))
           or ($1::uuid is not null and status = 'queued' and twilio_call_sid is null and created_at < now() - make_interval(secs => $4))
           or (status in ('ringing', 'in-progress') and coalesce(start_time, created_at)
                 < now() - make_interval(secs => coalesce(max_duration_seconds, 14400) + $3)))
       limit 200`,
      [userId, staleQueuedSeconds, lostCallGraceSeconds, abandonedStartSeconds],
    ),
  );
  let ended = 0;
  for (const call of stale) {
    let final: { status: string; duration: number } | null = null;
    if (call.status !== 'queued' && call.dial_call_sid && twilio) {
      const sid = call.dial_call_sid;
      const leg = await twilio
        .calls(sid)
        .fetch()
        .catch(() => null);
      if (leg && ['completed', 'busy', 'no-answer', 'failed', 'canceled'].includes(leg.status)) final = { status: leg.status, duration: Number(leg.duration ?? 0) };
    }
    const outcome = await applyCallStatus(db, {
      callId: call.id,
      status: final?.status ?? 'failed',
      duration: final?.duration ?? 0,
      endReason: final ? 'settled from the carrier record' : call.status === 'queued' ? 'never connected' : 'lost: no final status from the carrier',
    });
    if (outcome === 'settled') ended += 1;
  }
  return ended;
}

export type CallSweeper = Periodic;

export function createCallSweeper(db: Pick<Database, 'privileged'>, twilio: Twilio | null, log = (error: unknown) => console.error('[calls] sweep failed', error)): CallSweeper {
  return periodic(() => sweepStaleCalls(db, twilio), { defaultIntervalMs: 60_000, runAtStart: false, log });
}
