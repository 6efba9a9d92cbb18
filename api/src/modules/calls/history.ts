// The user's calls (RLS: their own, not deleted): the Recent Calls pages with each call's itemised cost, the
// status of one call by its SID (the dialer's backup poll), linking the carrier's SID, and the rating after a call.
import type { Call, CallFeedbackInput, CallPage, CallStatusResponse } from '@ringwise/contract/schemas';
import { isTerminalCallStatus } from '@ringwise/contract/calls';
import { isoUtcSql, type Database, type Sql } from '../../db/database.ts';
import { isUuid } from '../../lib/uuid.ts';
import { HttpError } from '../../plugins/errors.ts';
import { decodeCursor, encodeCursor } from '../billing/transactions.ts';
import { qualityOf } from './quality.ts';

export const defaultCallPageSize = 25;

interface CallRow {
  id: string;
  destination_number: string;
  from_number: string | null;
  status: Call['status'];
  calling_method: Call['callingMethod'];
  call_direction: Call['callDirection'];
  duration: number | null;
  cost: string | null;
  rate: string | null;
  start_time: string | null;
  end_time: string | null;
  end_reason: string | null;
  created_at: string;
  matched_prefix: string | null;
  rate_name: string | null;
  connection_fee: string | null;
  initial_increment: number | null;
  increment: number | null;
  billed_seconds: number | null;
  settled: boolean;
  feedback_score: number | null;
  contact_name: string | null;
  other_party_is_own_number: boolean;
  quality_worst_mos: number | null;
  quality_warnings: string[] | null;
  voicemail_at: string | null;
  recording_duration: number | null;
  voicemail_heard: boolean;
  forwarded_from: string | null;
}

/** A call's other party: who was called, or for an incoming call who called (its destination is the user's number). */
const callsWithParty = `public.calls cross join lateral
  (select case when calls.call_direction = 'inbound' or calls.forwarded_from is not null then calls.from_number else calls.destination_number end as number) party`;

/**
 * The user's contact for the other party's number (spec §5): the same number, else (both of 10+ digits, lengths 1-4
 * apart) one whose digits end with the other's. Both are stored in E.164 ("+" and digits), so the digits are the text
 * after the "+"; the second lookup runs only when the first finds nothing.
 */
const contactNameSql = `coalesce(
  (select c.display_name from public.contacts c where c.primary_number = party.number and c.deleted_at is null limit 1),
  (select c.display_name from public.contacts c
   where c.deleted_at is null and length(party.number) >= 11 and length(c.primary_number) >= 11
     and abs(length(c.primary_number) - length(party.number)) between 1 and 4
     and (right(c.primary_number, length(party.number) - 1) = substr(party.number, 2)
          or right(party.number, length(c.primary_number) - 1) = substr(c.primary_number, 2))
   order by c.created_at limit 1))`;

/** Whether the other party's number is one of the user's own: an active virtual number or a verified caller ID. */
const ownNumberSql = `(exists (select 1 from public.virtual_numbers v where v.user_id = calls.user_id and v.phone_number = party.number and v.is_active)
  or exists (select 1 from public.verified_caller_ids v
             where v.user_id = calls.user_id and v.phone_number = party.number and v.verification_status = 'verified' and v.deleted_at is null))`;

const callColumns = `id, destination_number, from_number, status, calling_method, call_direction, duration, cost::text as cost,
  rate::text as rate, ${isoUtcSql('start_time')} as start_time, ${isoUtcSql('end_time')} as end_time, end_reason,
  ${isoUtcSql('created_at')} as created_at, matched_prefix, rate_name, round(connection_fee, 2)::text as connection_fee,
  initial_increment, increment, billed_seconds, settled_at is not null as settled, feedback_score,
  ${contactNameSql} as contact_name, ${ownNumberSql} as other_party_is_own_number,
  quality_worst_mos::float8 as quality_worst_mos, quality_warnings,
  ${isoUtcSql('voicemail_at')} as voicemail_at, recording_duration, voicemail_heard_at is not null as voicemail_heard, forwarded_from`;

function toCall(row: CallRow): Call {
  const itemised: Call['costItems'] =
    row.settled && row.matched_prefix !== null && row.rate !== null && row.initial_increment !== null && row.increment !== null
      ? {
          matchedPrefix: row.matched_prefix,
          rateName: row.rate_name ?? '',
          rate: row.rate,
          connectionFee: row.connection_fee ?? '0.00',
          initialIncrement: row.initial_increment,
          increment: row.increment,
          billedSeconds: row.billed_seconds ?? 0,
        }
      : null;
  return {
    id: row.id,
    destinationNumber: row.destination_number,
    fromNumber: row.from_number,
    status: row.status,
    callingMethod: row.calling_method,
    callDirection: row.call_direction,
    duration: row.duration ?? 0,
    cost: row.cost ?? '0.00',
    rate: row.rate,
    startTime: row.start_time,
    endTime: row.end_time,
    endReason: row.end_reason,
    createdAt: row.created_at,
    costItems: itemised,
    feedbackScore: row.feedback_score,
    contactName: row.contact_name,
    otherPartyIsOwnNumber: row.other_party_is_own_number,
    quality: qualityOf({ worst_mos: row.quality_worst_mos, warnings: row.quality_warnings }),
    voicemail: row.voicemail_at === null ? null : { durationSeconds: row.recording_duration ?? 0, heard: row.voicemail_heard, createdAt: row.voicemail_at },
    forwardedFrom: row.forwarded_from,
  };
}

/**
 * A forwarded call is one entry: the forwarded leg ("Forwarded", with its cost) once the user's phone answered it,
 * else the incoming call (missed, with its voicemail if the caller left one).
 */
const oneEntryPerCallSql = `(case
  when calls.forwarded_from is not null then calls.answered_at is not null
  else not exists (select 1 from public.calls f where f.forwarded_from = calls.id and f.answered_at is not null) end)`;

export async function listCalls(sql: Sql, query: { cursor?: string; limit?: string }): Promise<CallPage> {
  const limit = query.limit ? Number(query.limit) : defaultCallPageSize;
  const params: unknown[] = [limit + 1];
  let where = `where ${oneEntryPerCallSql}`;
  if (query.cursor) {
    const cursor = decodeCursor(query.cursor);
    params.push(cursor.createdAt, cursor.id);
    where += ' and (created_at, id) < ($2::timestamptz, $3::uuid)';
  }
  const rows = await sql.query<CallRow>(`select ${callColumns} from ${callsWithParty} ${where} order by created_at desc, id desc limit $1`, params);
  const items = rows.slice(0, limit).map(toCall);
  const last = items[items.length - 1];
  return { items, nextCursor: rows.length > limit && last ? encodeCursor({ createdAt: last.createdAt, id: last.id }) : null };
}

/** GET /api/calls/current: the newest call still under way (queued, ringing or in progress), or null. */
export async function currentCall(sql: Sql): Promise<Call | null> {
  const [row] = await sql.query<CallRow>(
    `select ${callColumns} from ${callsWithParty} where status in ('queued', 'ringing', 'in-progress') and forwarded_from is null order by created_at desc, id desc limit 1`,
  );
  return row ? toCall(row) : null;
}

const callNotFound = () => new HttpError(404, 'not_found', 'Call not found');

/** GET /api/calls/status/{callSid}: by the SID the device knows (or its dialled leg's). */
export async function callStatus(sql: Sql, callSid: string): Promise<CallStatusResponse> {
  if (!/^CA[0-9a-fA-F]{32}$/.test(callSid)) throw callNotFound();
  const [row] = await sql.query<{ status: CallStatusResponse['status']; duration: number | null; cost: string | null }>(
    `select status, duration, cost::text as cost from public.calls where twilio_call_sid = $1 or dial_call_sid = $1 limit 1`,
    [callSid],
  );
  if (!row) throw callNotFound();
  return { status: row.status, duration: row.duration ?? 0, cost: row.cost ?? '0.00' };
}

type Privileged = Pick<Database, 'privileged'>;

/** PATCH /api/calls/{id}/sid: the device's call SID (the voice webhook links it too; both must agree). The user's
 *  role reads calls but writes none, so ownership is checked in the same privileged transaction as the write, on
 *  the locked row. */
export async function linkCallSid(db: Privileged, userId: string, id: string, callSid: string): Promise<void> {
  if (!isUuid(id)) throw callNotFound();
  await db.privileged(async (sql) => {
    const [row] = await sql.query<{ twilio_call_sid: string | null }>(
      'select twilio_call_sid from public.calls where id = $1 and user_id = $2 and deleted_at is null for update',
      [id, userId],
    );
    if (!row) throw callNotFound();
    if (row.twilio_call_sid === callSid) return;
    if (row.twilio_call_sid !== null) throw new HttpError(409, 'conflict', 'This call is already linked to another call SID.');
    try {
      await sql.query('update public.calls set twilio_call_sid = $2 where id = $1', [id, callSid]);
    } catch (error) {
      // the SID is another call's
      if ((error as { code?: string }).code === '23505') throw sidTaken();
      throw error;
    }
  });
}

const sidTaken = () => new HttpError(409, 'conflict', 'That call SID belongs to another call.');

/** POST /api/calls/{id}/feedback: once per call, after it ended; ownership and the write in one transaction. */
export async function recordFeedback(db: Privileged, userId: string, id: string, input: CallFeedbackInput): Promise<void> {
  if (!isUuid(id)) throw callNotFound();
  await db.privileged(async (sql) => {
    const [row] = await sql.query<{ status: string; feedback_at: string | null }>(
      'select status, feedback_at from public.calls where id = $1 and user_id = $2 and deleted_at is null for update',
      [id, userId],
    );
    if (!row) throw callNotFound();
    if (!isTerminalCallStatus(row.status)) throw new HttpError(409, 'conflict', 'You can rate a call once it has ended.');
    if (row.feedback_at !== null) throw new HttpError(409, 'conflict', 'You have already rated this call.');
    await sql.query('update public.calls set feedback_score = $2, feedback_issue = $3, feedback_at = now() where id = $1', [id, input.score, input.issue ?? null]);
  });
}
