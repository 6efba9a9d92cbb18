// Every call settles, whatever dies: the carrier's record is the truth about a call. An open call we have not heard
// of for a while (no status callback, no check, for `quietSeconds`) is looked up at the carrier through the official
// SDK, and settled from what the carrier says: over (completed with its duration, or busy, failed, …) is settled
// as any final callback would; not known there at all is ended free, its hold released; still up is left to run
// (its status moved forward if a callback was lost). So after an api process dies (its status callbacks were
// refused meanwhile), a callback is lost for good, or the carrier restarts and drops its calls, every call is final
// within `quietSeconds` plus one round, and its user can call again. The carrier unreachable: the call is asked
// about again next round. Each round also runs the stale-call sweep (sweeper.ts), the bound on calls the carrier
// keeps up past their time limit. Every api process runs it; a round claims its calls in PostgreSQL
// (carrier_checked_at, `for update skip locked`), so two processes never ask about one call at once.
import type { Twilio } from 'twilio';
import { isTerminalCallStatus } from '@ringwise/contract/calls';
import { defaultCallQuietSeconds } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { periodic, type Periodic } from '../../lib/periodic.ts';
import { HttpError } from '../../plugins/errors.ts';
import { carrier, isRestException } from '../numbers/carrier.ts';
import { carrierRecordOf, type CarrierRecord } from './carrier-call.ts';
import { applyCallStatus, callStatusOf } from './settle.ts';
import { endUnreported, sweepStaleCalls, type OpenCall } from './sweeper.ts';

/** At most this many calls are asked about per round (the rest, next round). */
const callsPerRound = 200;

export interface ReconcileRound {
  /** Calls asked about. */
  checked: number;
  /** Of those, settled from the carrier's answer. */
  settled: number;
  /** Of those, the carrier could not be asked (left for the next round). */
  unreachable: number;
}

/** Claims the open calls quiet for `quietSeconds`: they are stamped as checked now, in one statement. */
function claimQuietCalls(db: Pick<Database, 'privileged'>, quietSeconds: number): Promise<OpenCall[]> {
  return db.privileged((sql) =>
    sql.query<OpenCall>(
      `update public.calls set carrier_checked_at = now()
       where id in (
         select id from public.calls
         where settled_at is null and (twilio_call_sid is not null or dial_call_sid is not null)
           and greatest(updated_at, coalesce(carrier_checked_at, updated_at)) <= now() - make_interval(secs => $1)
         order by created_at limit $2
         for update skip locked)
       returning id, status, twilio_call_sid, dial_call_sid`,
      [quietSeconds, callsPerRound],
    ),
  );
}

/** The carrier's record of the call's dialled leg (what a call is billed by, `legSid` its SID); without a known leg,
 *  the leg its parent call rang, or the parent itself when it rang none (`legSid` null). Null when the carrier knows
 *  neither. */
async function legRecordOf(twilio: Twilio, call: OpenCall): Promise<(CarrierRecord & { legSid: string | null }) | null> {
  if (call.dial_call_sid) {
    const record = await carrierRecordOf(twilio, call.dial_call_sid);
    if (record) return { ...record, legSid: call.dial_call_sid };
  }
  // a forwarded leg (forward.ts) is known by its own SID only
  const parentSid = call.twilio_call_sid;
  if (!parentSid) return null;
  const parent = await carrierRecordOf(twilio, parentSid);
  if (!parent) return null;
  const [leg] = await carrier(() => twilio.calls.list({ parentCallSid: parentSid, limit: 1 }));
  return leg ? { status: leg.status, duration: Number(leg.duration ?? 0) || 0, legSid: leg.sid } : { ...parent, legSid: null };
}

/** Asks the carrier about one quiet call and settles it from the answer: 'settled', 'live' or 'unreachable'. */
async function reconcileCall(db: Pick<Database, 'privileged'>, twilio: Twilio, call: OpenCall): Promise<'settled' | 'live' | 'unreachable'> {
  let record: (CarrierRecord & { legSid: string | null }) | null;
  try {
    record = await legRecordOf(twilio, call);
  } catch (error) {
    // the carrier answered with a failure of its own, or could not be reached: ask again next round
    if (isRestException(error) || (error instanceof HttpError && error.status === 503)) return 'unreachable';
    throw error;
  }
  if (!record) {
    const outcome = await endUnreported(db, null, call, {
      status: call.status === 'in-progress' ? 'failed' : 'canceled',
      endReason: 'lost: the carrier has no such call',
    });
    return outcome === 'settled' ? 'settled' : 'live';
  }
  const status = callStatusOf(record.status);
  if (status === null) return 'live';
  if (isTerminalCallStatus(status)) {
    const outcome = await applyCallStatus(db, { callId: call.id, status, legSid: record.legSid, duration: record.duration, endReason: 'settled from the carrier record' });
    return outcome === 'settled' ? 'settled' : 'live';
  }
  // still up at the carrier: what a lost callback would have said
  await applyCallStatus(db, { callId: call.id, status, legSid: record.legSid });
  return 'live';
}

/** One round: the stale-call sweep, then every quiet call asked about at the carrier. */
export async function reconcileCalls(db: Pick<Database, 'privileged'>, twilio: Twilio, quietSeconds = defaultCallQuietSeconds): Promise<ReconcileRound> {
  await sweepStaleCalls(db, twilio);
  const round: ReconcileRound = { checked: 0, settled: 0, unreachable: 0 };
  for (const call of await claimQuietCalls(db, quietSeconds)) {
    round.checked += 1;
    const outcome = await reconcileCall(db, twilio, call);
    if (outcome === 'settled') round.settled += 1;
    if (outcome === 'unreachable') round.unreachable += 1;
  }
  return round;
}

export type CallReconciler = Periodic;

/** The reconciler every api process runs: a round every half `quietSeconds` (CALL_QUIET_SECONDS). */
export function createCallReconciler(
  db: Pick<Database, 'privileged'>,
  twilio: Twilio,
  quietSeconds = defaultCallQuietSeconds,
  log = (error: unknown) => console.error('[calls] reconciling with the carrier failed', error),
): CallReconciler {
  return periodic(() => reconcileCalls(db, twilio, quietSeconds), { defaultIntervalMs: (quietSeconds * 1000) / 2, runAtStart: true, log });
}
