// Calls whose carrier never reported an end (the browser closed before connecting, a callback lost for good)
// would hold money and block the user's next call forever. The sweeper ends them: a call still queued after
// 2 minutes never connected (failed, free); one ringing or in progress past its time limit plus a margin is ended
// at the carrier too, if the carrier still has it up, and settled from the carrier's own record of the dialled leg
// when it has a final one, else ended as lost without charge. So no call stays open past its limit plus the margin,
// whatever the carrier does.
import type { Twilio } from 'twilio';
import { isTerminalCallStatus } from '@ringwise/contract/calls';
import type { Database } from '../../db/database.ts';
import { carrierRecordOf, hangUpAtCarrier, type CarrierRecord } from './carrier-call.ts';
import { applyCallStatus, type StatusOutcome } from './settle.ts';

export const staleQueuedSeconds = 120;
/** Before a user's next call: their queued call that never reached the carrier (no call SID) after this long was
 *  abandoned (the microphone refused, the page closed) and must not block the new one. */
export const abandonedStartSeconds = 15;
/** Past the time limit plus this, a call in progress has lost its final callback. */
export const lostCallGraceSeconds = 300;
/** The carrier's own limit on a call (Twilio: 4 hours), for calls that have none of ours (incoming calls). */
export const carrierMaxCallSeconds = 14_400;

/** A call not settled yet, as the sweeper and the user's End Call read it. */
export interface OpenCall {
  id: string;
  status: string;
  twilio_call_sid: string | null;
  dial_call_sid: string | null;
}

/**
 * Ends a call whose carrier will not report its end: settled from the carrier's final record of the dialled leg
 * when it has one, else with `fallback`'s status and reason, without charge (a call never answered costs nothing;
 * one whose end nobody knows is not charged on a guess).
 */
export async function endUnreported(
  db: Pick<Database, 'privileged'>,
  twilio: Twilio | null,
  call: OpenCall,
  fallback: { status: string; endReason: string },
): Promise<StatusOutcome> {
  let record: CarrierRecord | null = null;
  if (call.status !== 'queued' && call.dial_call_sid && twilio) {
    record = await carrierRecordOf(twilio, call.dial_call_sid).catch(() => null);
    if (record && !isTerminalCallStatus(record.status)) record = null;
  }
  return applyCallStatus(
    db,
    record
      ? { callId: call.id, status: record.status, duration: record.duration, endReason: 'settled from the carrier record' }
      : { callId: call.id, status: fallback.status, duration: 0, endReason: fallback.endReason },
  );
}

/** SQL true for a stale call (columns of public.calls): parameter $1 is the user (null: anyone's), $2-$5 are
 *  `staleCallParams`. Shared with the start of a call, which sweeps only when it finds one. */
export const staleCallSql = `settled_at is null and ($1::uuid is null or user_id = $1)
  and ((status = 'queued' and created_at < now() - make_interval(secs => $2))
    or ($1::uuid is not null and status = 'queued' and twilio_call_sid is null and created_at < now() - make_interval(secs => $4))
    or (status in ('ringing', 'in-progress') and coalesce(start_time, created_at)
          < now() - make_interval(secs => coalesce(max_duration_seconds, $5) + $3)))`;

/** Parameters $1-$5 of `staleCallSql`. */
export const staleCallParams = (userId: string | null) => [userId, staleQueuedSeconds, lostCallGraceSeconds, abandonedStartSeconds, carrierMaxCallSeconds];

/** Ends the stale calls (of one user, or of everyone); resolves with how many it ended. Without `twilio` (before a
 *  user's next call) the carrier is not asked. */
export async function sweepStaleCalls(db: Pick<Database, 'privileged'>, twilio: Twilio | null, userId: string | null = null): Promise<number> {
  const stale = await db.privileged((sql) =>
    sql.query<OpenCall>(`select id, status, twilio_call_sid, dial_call_sid from public.calls where ${staleCallSql} limit 200`, staleCallParams(userId)),
  );
  let ended = 0;
  for (const call of stale) {
    // the carrier may still have it up: ended there too (a failure here must not keep the call open here)
    // (a forwarded leg has no parent of its own: its SID is the leg's)
    const carrierSid = call.twilio_call_sid ?? call.dial_call_sid;
    if (carrierSid && twilio) await hangUpAtCarrier(twilio, carrierSid).catch(() => null);
    const outcome = await endUnreported(db, twilio, call, {
      status: 'failed',
      endReason: call.status === 'queued' ? 'never connected' : 'lost: no final status from the carrier',
    });
    if (outcome === 'settled') ended += 1;
  }
  return ended;
}
