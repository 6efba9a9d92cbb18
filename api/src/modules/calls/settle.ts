// The status callbacks of a call's leg (ARCHITECTURE.md §4: any order, possibly twice): a status machine that
// only moves forward (queued → ringing → in-progress → a final status) and never leaves a final status, and the
// settlement, once, when the call ends: its cost from the rate kept on the call (@ringwise/contract's pricing rule),
// one call_charge entry, the hold released (private.settle_call, which is idempotent).
import { moneyOf } from '@ringwise/contract/decimal';
import { billedSecondsOf, callCostCents, isTerminalCallStatus, maxCallSeconds } from '@ringwise/contract/calls';
import type { Database, Sql } from '../../db/database.ts';

/** Twilio's CallStatus values of a leg, as our call statuses. */
const knownStatuses = new Set(['queued', 'initiated', 'ringing', 'in-progress', 'answered', 'completed', 'busy', 'no-answer', 'failed', 'canceled']);

export function callStatusOf(twilioStatus: string | undefined): string | null {
  if (!twilioStatus || !knownStatuses.has(twilioStatus)) return null;
  if (twilioStatus === 'initiated') return 'queued';
  if (twilioStatus === 'answered') return 'in-progress';
  return twilioStatus;
}

interface CallRow {
  id: string;
  call_direction: 'outbound' | 'inbound';
  price: string | null;
  connection_fee: string | null;
  initial_increment: number | null;
  increment: number | null;
  max_duration_seconds: number | null;
  answered: boolean;
  settled: boolean;
  forwarded_from: string | null;
}

const callRowColumns = `id, call_direction, rate::text as price, connection_fee::text as connection_fee, initial_increment, increment,
  max_duration_seconds, answered_at is not null as answered, settled_at is not null as settled, forwarded_from`;

export interface StatusUpdate {
  callId: string;
  status: string;
  /** The leg's SID (the <Number>'s child call). */
  legSid?: string | null;
  /** CallDuration of a final callback, seconds. */
  duration?: number | null;
  /** Why it ended, for the record (SipResponseCode, DialCallStatus, …). */
  endReason?: string | null;
}

export type StatusOutcome = 'ignored' | 'moved' | 'settled' | 'unknown-call';

/** Applies one status callback in one transaction: moves the status forward, settles at the end. */
export async function applyCallStatus(db: Pick<Database, 'privileged'>, update: StatusUpdate): Promise<StatusOutcome> {
  return db.privileged(async (sql) => {
    if (!isTerminalCallStatus(update.status)) {
      // one statement: only forward, never after the end (a duplicate or a late arrival changes nothing)
      const moved = await sql.query(
        `update public.calls set status = $2, dial_call_sid = coalesce(dial_call_sid, $3),
           answered_at = case when $2 = 'in-progress' then coalesce(answered_at, now()) else answered_at end,
           start_time = case when $2 = 'in-progress' then coalesce(start_time, now()) else start_time end
         where id = $1 and settled_at is null and private.call_status_rank(status) < private.call_status_rank($2)
         returning id, forwarded_from`,
        [update.callId, update.status, update.legSid ?? null],
      );
      // a forwarded call the user's phone answered is not a missed call
      const forwardedFrom = (moved[0] as { forwarded_from: string | null } | undefined)?.forwarded_from;
      if (forwardedFrom && update.status === 'in-progress') await sql.query('update public.calls set seen_at = coalesce(seen_at, now()) where id = $1', [forwardedFrom]);
      return moved.length > 0 ? 'moved' : 'ignored';
    }
    const [call] = await sql.query<CallRow>(
      `select ${callRowColumns} from public.calls where id = $1 for update`,
      [update.callId],
    );
    if (!call) return 'unknown-call';
    if (call.settled) return 'ignored';
    const answered = await settle(sql, call, update);
    if (call.forwarded_from) await settleForwardedCall(sql, call.forwarded_from, update, answered);
    return 'settled';
  });
}

/** Settles the call; resolves with the seconds it was answered for (null: never answered). */
async function settle(sql: Sql, call: CallRow, update: StatusUpdate): Promise<number | null> {
  const reported = Math.max(0, Math.floor(update.duration ?? 0));
  // answered: it was in progress, or it completed with time on it (callbacks can arrive out of order)
  const answered = update.status === 'completed' && (call.answered || reported > 0);
  const limit = call.max_duration_seconds ?? maxCallSeconds;
  const duration = answered ? Math.min(reported, limit) : 0;
  let costCents = 0n;
  let billed = 0;
  if (answered && call.call_direction === 'outbound' && call.price !== null && call.initial_increment !== null && call.increment !== null) {
    const pricing = {
      pricePerMinute: call.price,
      connectionFee: call.connection_fee ?? '0',
      initialIncrement: call.initial_increment,
      increment: call.increment,
    };
    costCents = callCostCents(pricing, duration, true);
    billed = billedSecondsOf(duration, call.initial_increment, call.increment);
  }
  if (update.legSid) await sql.query('update public.calls set dial_call_sid = coalesce(dial_call_sid, $2) where id = $1', [call.id, update.legSid]);
  await sql.query('select private.settle_call($1, $2, $3, $4, $5, $6)', [
    call.id,
    update.status,
    duration,
    billed,
    moneyOf(costCents),
    update.endReason ?? (update.status === 'completed' ? 'hangup' : update.status),
  ]);
  return answered ? duration : null;
}

/**
 * The incoming call a forwarded leg forwarded ends with it, unless it already ended (the browser rang first and
 * did not take it): completed for as long as the user's phone talked, canceled when the caller gave up first,
 * else unanswered. An answered one is not a missed call.
 */
async function settleForwardedCall(sql: Sql, incomingId: string, leg: StatusUpdate, answeredSeconds: number | null): Promise<void> {
  const [incoming] = await sql.query<CallRow>(
    `select ${callRowColumns} from public.calls where id = $1 for update`,
    [incomingId],
  );
  if (answeredSeconds !== null) await sql.query('update public.calls set seen_at = coalesce(seen_at, now()) where id = $1', [incomingId]);
  if (!incoming || incoming.settled) return;
  const status = answeredSeconds !== null ? 'completed' : leg.status === 'canceled' ? 'canceled' : 'no-answer';
  await settle(sql, { ...incoming, answered: answeredSeconds !== null }, { callId: incomingId, status, duration: answeredSeconds ?? 0, endReason: 'forwarded' });
}
