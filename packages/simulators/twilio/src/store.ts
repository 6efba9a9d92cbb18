// The simulator's state, in the database so that every api replica sees the same numbers (ARCHITECTURE.md §1).
// Its own schema, `twilio_simulator`, is created at start-up (`ensureSchema`), never by supabase/migrations:
// a database that talks to Twilio must not get simulator tables. Times are epoch milliseconds from the
// simulator's clock (bigint, read back as strings on both engines).
import type { SimulatorDatabase, SimulatorSql as Sql } from '@ringwise/simulator-common/host';

export const schema = 'twilio_simulator';

/** Serialises concurrent start-ups (two replicas creating the schema at once): "twil" in ASCII. */
const setupLockKey = 0x7477696c;

const setupStatements = [
  `create schema if not exists twilio_simulator`,
  `comment on schema twilio_simulator is 'The local Twilio stand-in (packages/simulators/twilio): never present on a database that talks to Twilio'`,
  // a number belongs to one account: the unique phone number makes concurrent purchases end with one owner
  `create table if not exists twilio_simulator.incoming_numbers (
    sid text primary key,
    account_sid text not null,
    phone_number text not null unique,
    country text not null,
    number_type text not null,
    friendly_name text not null,
    voice_url text,
    voice_method text not null default 'POST',
    status_callback text,
    status_callback_method text not null default 'POST',
    created_ms bigint not null,
    updated_ms bigint not null,
    seq bigint generated always as identity
  )`,
  `create table if not exists twilio_simulator.outgoing_caller_ids (
    sid text primary key,
    account_sid text not null,
    phone_number text not null,
    friendly_name text not null,
    created_ms bigint not null,
    updated_ms bigint not null,
    seq bigint generated always as identity,
    unique (account_sid, phone_number)
  )`,
  `create table if not exists twilio_simulator.validation_requests (
    id text primary key,
    account_sid text not null,
    call_sid text not null,
    phone_number text not null,
    friendly_name text not null,
    validation_code text not null,
    status text not null default 'pending' check (status in ('pending', 'success', 'failed', 'replaced')),
    wrong_attempts integer not null default 0,
    status_callback text,
    status_callback_method text not null default 'POST',
    created_ms bigint not null
  )`,
  // what the simulated phones received, newest first on the phone page
  `create table if not exists twilio_simulator.received_calls (
    id text primary key,
    to_number text not null,
    kind text not null,
    validation_request_id text references twilio_simulator.validation_requests (id) on delete cascade,
    created_ms bigint not null,
    seq bigint generated always as identity
  )`,
  `create index if not exists received_calls_by_number on twilio_simulator.received_calls (to_number, seq)`,
  // voice calls (voice/): live ones are in the memory of the process that placed them; every change of state is
  // written here so that the phone page lists them and the Calls REST resource answers for them in any process (and
  // finished ones survive restarts)
  `create table if not exists twilio_simulator.voice_calls (
    sid text primary key,
    direction text not null check (direction in ('outbound', 'inbound')),
    from_number text not null,
    to_number text not null,
    identity text,
    status text not null,
    dial_sid text,
    dial_status text,
    said text,
    error_code integer,
    created_ms bigint not null,
    answered_ms bigint,
    ended_ms bigint,
    duration_s integer,
    seq bigint generated always as identity
  )`,
  `alter table twilio_simulator.voice_calls add column if not exists digits text`,
  // the dialled leg as the Calls REST resource shows it (a child call of its own)
  `alter table twilio_simulator.voice_calls add column if not exists dial_from text`,
  `alter table twilio_simulator.voice_calls add column if not exists dial_to text`,
  `alter table twilio_simulator.voice_calls add column if not exists dial_created_ms bigint`,
  `alter table twilio_simulator.voice_calls add column if not exists dial_answered_ms bigint`,
  `alter table twilio_simulator.voice_calls add column if not exists dial_ended_ms bigint`,
  `alter table twilio_simulator.voice_calls add column if not exists dial_duration_s integer`,
  `create index if not exists voice_calls_by_dial_sid on twilio_simulator.voice_calls (dial_sid)`,
  // recordings (<Record>): the row while it records, its WAV once it is complete; any process serves them
  `create table if not exists twilio_simulator.recordings (
    sid text primary key,
    account_sid text not null,
    call_sid text not null,
    status text not null check (status in ('in-progress', 'completed', 'absent')),
    source text not null,
    channels integer not null,
    duration_s integer,
    error_code integer,
    wav bytea,
    start_ms bigint not null,
    created_ms bigint not null,
    updated_ms bigint not null,
    seq bigint generated always as identity
  )`,
  `create index if not exists recordings_by_call on twilio_simulator.recordings (call_sid, seq)`,
  `alter table twilio_simulator.recordings enable row level security`,
  // when the process serving the live calls was last known to run (one row, written every few seconds)
  `create table if not exists twilio_simulator.heartbeat (id integer primary key check (id = 1), alive_ms bigint not null)`,
  // only the owner (the simulator's own connection) reads them: no policies, and nothing granted
  `alter table twilio_simulator.incoming_numbers enable row level security`,
  `alter table twilio_simulator.outgoing_caller_ids enable row level security`,
  `alter table twilio_simulator.validation_requests enable row level security`,
  `alter table twilio_simulator.received_calls enable row level security`,
  `alter table twilio_simulator.voice_calls enable row level security`,
];

/** Creates the schema and tables when missing (idempotent, safe for replicas starting together). */
export async function ensureSchema(db: SimulatorDatabase): Promise<void> {
  await db.privileged(async (sql) => {
    await sql.query('select pg_advisory_xact_lock($1)', [setupLockKey]);
    for (const statement of setupStatements) await sql.query(statement);
  });
}

export interface IncomingNumberRow {
  sid: string;
  account_sid: string;
  phone_number: string;
  country: string;
  number_type: string;
  friendly_name: string;
  voice_url: string | null;
  voice_method: string;
  status_callback: string | null;
  status_callback_method: string;
  created_ms: string;
  updated_ms: string;
}

const incomingColumns = `sid, account_sid, phone_number, country, number_type, friendly_name, voice_url, voice_method, status_callback, status_callback_method, created_ms, updated_ms`;

export async function insertIncomingNumber(sql: Sql, row: Omit<IncomingNumberRow, 'created_ms' | 'updated_ms'> & { now: number }): Promise<void> {
  await sql.query(
    `insert into twilio_simulator.incoming_numbers (${incomingColumns}) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11)`,
    [row.sid, row.account_sid, row.phone_number, row.country, row.number_type, row.friendly_name, row.voice_url, row.voice_method, row.status_callback, row.status_callback_method, row.now],
  );
}

export async function getIncomingNumber(sql: Sql, accountSid: string, sid: string): Promise<IncomingNumberRow | null> {
  const rows = await sql.query<IncomingNumberRow>(`select ${incomingColumns} from twilio_simulator.incoming_numbers where account_sid = $1 and sid = $2`, [accountSid, sid]);
  return rows[0] ?? null;
}

export async function updateIncomingNumber(sql: Sql, row: IncomingNumberRow): Promise<void> {
  await sql.query(
    `update twilio_simulator.incoming_numbers
        set friendly_name = $2, voice_url = $3, voice_method = $4, status_callback = $5, status_callback_method = $6, updated_ms = $7
      where sid = $1`,
    [row.sid, row.friendly_name, row.voice_url, row.voice_method, row.status_callback, row.status_callback_method, row.updated_ms],
  );
}

export async function deleteIncomingNumber(sql: Sql, accountSid: string, sid: string): Promise<boolean> {
  const rows = await sql.query(`delete from twilio_simulator.incoming_numbers where account_sid = $1 and sid = $2 returning sid`, [accountSid, sid]);
  return rows.length > 0;
}

export interface PageQuery {
  page: number;
  pageSize: number;
}

/** One page (oldest first, as Twilio lists) plus whether there is another. */
export async function listIncomingNumbers(sql: Sql, accountSid: string, filter: { phoneNumber?: string }, page: PageQuery): Promise<{ rows: IncomingNumberRow[]; more: boolean }> {
  const rows = await sql.query<IncomingNumberRow>(
    `select ${incomingColumns} from twilio_simulator.incoming_numbers
      where account_sid = $1 and ($2::text is null or phone_number = $2)
      order by seq limit $3 offset $4`,
    [accountSid, filter.phoneNumber ?? null, page.pageSize + 1, page.page * page.pageSize],
  );
  return { rows: rows.slice(0, page.pageSize), more: rows.length > page.pageSize };
}

/** Every bought number among these (the searches leave them out). */
export async function boughtNumbers(sql: Sql, country: string): Promise<Set<string>> {
  const rows = await sql.query<{ phone_number: string }>(`select phone_number from twilio_simulator.incoming_numbers where country = $1`, [country]);
  return new Set(rows.map((row) => row.phone_number));
}

export interface CallerIdRow {
  sid: string;
  account_sid: string;
  phone_number: string;
  friendly_name: string;
  created_ms: string;
  updated_ms: string;
}

const callerIdColumns = `sid, account_sid, phone_number, friendly_name, created_ms, updated_ms`;

export async function findCallerIdByNumber(sql: Sql, accountSid: string, phoneNumber: string): Promise<CallerIdRow | null> {
  const rows = await sql.query<CallerIdRow>(`select ${callerIdColumns} from twilio_simulator.outgoing_caller_ids where account_sid = $1 and phone_number = $2`, [accountSid, phoneNumber]);
  return rows[0] ?? null;
}

export async function getCallerId(sql: Sql, accountSid: string, sid: string): Promise<CallerIdRow | null> {
  const rows = await sql.query<CallerIdRow>(`select ${callerIdColumns} from twilio_simulator.outgoing_caller_ids where account_sid = $1 and sid = $2`, [accountSid, sid]);
  return rows[0] ?? null;
}

export async function insertCallerId(sql: Sql, row: { sid: string; account_sid: string; phone_number: string; friendly_name: string; now: number }): Promise<void> {
  await sql.query(`insert into twilio_simulator.outgoing_caller_ids (${callerIdColumns}) values ($1, $2, $3, $4, $5, $5)`, [
    row.sid,
    row.account_sid,
    row.phone_number,
    row.friendly_name,
    row.now,
  ]);
}

export async function updateCallerId(sql: Sql, sid: string, friendlyName: string, now: number): Promise<void> {
  await sql.query(`update twilio_simulator.outgoing_caller_ids set friendly_name = $2, updated_ms = $3 where sid = $1`, [sid, friendlyName, now]);
}

export async function deleteCallerId(sql: Sql, accountSid: string, sid: string): Promise<boolean> {
  const rows = await sql.query(`delete from twilio_simulator.outgoing_caller_ids where account_sid = $1 and sid = $2 returning sid`, [accountSid, sid]);
  return rows.length > 0;
}

export async function listCallerIds(
  sql: Sql,
  accountSid: string,
  filter: { phoneNumber?: string; friendlyName?: string },
  page: PageQuery,
): Promise<{ rows: CallerIdRow[]; more: boolean }> {
  const rows = await sql.query<CallerIdRow>(
    `select ${callerIdColumns} from twilio_simulator.outgoing_caller_ids
      where account_sid = $1 and ($2::text is null or phone_number = $2) and ($3::text is null or friendly_name = $3)
      order by seq limit $4 offset $5`,
    [accountSid, filter.phoneNumber ?? null, filter.friendlyName ?? null, page.pageSize + 1, page.page * page.pageSize],
  );
  return { rows: rows.slice(0, page.pageSize), more: rows.length > page.pageSize };
}

export interface ValidationRequestRow {
  id: string;
  account_sid: string;
  call_sid: string;
  phone_number: string;
  friendly_name: string;
  validation_code: string;
  status: 'pending' | 'success' | 'failed' | 'replaced';
  wrong_attempts: number;
  status_callback: string | null;
  status_callback_method: string;
  created_ms: string;
}

const validationColumns = `id, account_sid, call_sid, phone_number, friendly_name, validation_code, status, wrong_attempts, status_callback, status_callback_method, created_ms`;

/** Records a validation request and the verification call its phone receives; earlier pending requests of
 *  the number are replaced (their codes stop working). */
export async function insertValidationRequest(sql: Sql, row: Omit<ValidationRequestRow, 'status' | 'wrong_attempts' | 'created_ms'> & { now: number; callId: string }): Promise<void> {
  await sql.query(`update twilio_simulator.validation_requests set status = 'replaced' where account_sid = $1 and phone_number = $2 and status = 'pending'`, [
    row.account_sid,
    row.phone_number,
  ]);
  await sql.query(
    `insert into twilio_simulator.validation_requests (id, account_sid, call_sid, phone_number, friendly_name, validation_code, status_callback, status_callback_method, created_ms)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [row.id, row.account_sid, row.call_sid, row.phone_number, row.friendly_name, row.validation_code, row.status_callback, row.status_callback_method, row.now],
  );
  await sql.query(`insert into twilio_simulator.received_calls (id, to_number, kind, validation_request_id, created_ms) values ($1, $2, 'verification', $3, $4)`, [
    row.callId,
    row.phone_number,
    row.id,
    row.now,
  ]);
}

/** The request, locked for this transaction (one code entry at a time). */
export async function lockValidationRequest(sql: Sql, id: string): Promise<ValidationRequestRow | null> {
  const rows = await sql.query<ValidationRequestRow>(`select ${validationColumns} from twilio_simulator.validation_requests where id = $1 for update`, [id]);
  return rows[0] ?? null;
}

/** The newest pending request of a number, locked. */
export async function lockPendingRequestOf(sql: Sql, phoneNumber: string): Promise<ValidationRequestRow | null> {
  const rows = await sql.query<ValidationRequestRow>(
    `select ${validationColumns} from twilio_simulator.validation_requests where phone_number = $1 and status = 'pending' order by created_ms desc, id limit 1 for update`,
    [phoneNumber],
  );
  return rows[0] ?? null;
}

export async function setValidationOutcome(sql: Sql, id: string, outcome: { status: ValidationRequestRow['status']; wrongAttempts: number }): Promise<void> {
  await sql.query(`update twilio_simulator.validation_requests set status = $2, wrong_attempts = $3 where id = $1`, [id, outcome.status, outcome.wrongAttempts]);
}

export interface ReceivedCall {
  id: string;
  to_number: string;
  kind: string;
  created_ms: string;
  request_id: string | null;
  request_status: ValidationRequestRow['status'] | null;
  wrong_attempts: number | null;
}

/** The calls the simulated phones received, newest first (one phone's with `toNumber`). */
export async function receivedCalls(sql: Sql, options: { toNumber?: string; limit: number }): Promise<ReceivedCall[]> {
  return sql.query<ReceivedCall>(
    `select c.id, c.to_number, c.kind, c.created_ms, r.id as request_id, r.status as request_status, r.wrong_attempts
       from twilio_simulator.received_calls c
       left join twilio_simulator.validation_requests r on r.id = c.validation_request_id
      where ($1::text is null or c.to_number = $1)
      order by c.seq desc limit $2`,
    [options.toNumber ?? null, options.limit],
  );
}

export interface VoiceCallRow {
  sid: string;
  direction: 'outbound' | 'inbound';
  from_number: string;
  to_number: string;
  identity: string | null;
  status: string;
  dial_sid: string | null;
  dial_status: string | null;
  dial_from: string | null;
  dial_to: string | null;
  dial_created_ms: number | string | null;
  dial_answered_ms: number | string | null;
  dial_ended_ms: number | string | null;
  dial_duration_s: number | null;
  said: string | null;
  digits: string | null;
  error_code: number | null;
  created_ms: number | string;
  answered_ms: number | string | null;
  ended_ms: number | string | null;
  duration_s: number | null;
}

const voiceColumns = `sid, direction, from_number, to_number, identity, status, dial_sid, dial_status, dial_from, dial_to, dial_created_ms, dial_answered_ms,
  dial_ended_ms, dial_duration_s, said, digits, error_code, created_ms, answered_ms, ended_ms, duration_s`;

/** Inserts or updates a voice call (its latest state). */
export async function saveVoiceCall(sql: Sql, row: VoiceCallRow): Promise<void> {
  await sql.query(
    `insert into twilio_simulator.voice_calls (${voiceColumns})
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21)
     on conflict (sid) do update set status = excluded.status, dial_sid = excluded.dial_sid, dial_status = excluded.dial_status,
       dial_from = excluded.dial_from, dial_to = excluded.dial_to, dial_created_ms = excluded.dial_created_ms,
       dial_answered_ms = excluded.dial_answered_ms, dial_ended_ms = excluded.dial_ended_ms, dial_duration_s = excluded.dial_duration_s,
       said = excluded.said, digits = excluded.digits, error_code = excluded.error_code, answered_ms = excluded.answered_ms,
       ended_ms = excluded.ended_ms, duration_s = excluded.duration_s`,
    [
      row.sid,
      row.direction,
      row.from_number,
      row.to_number,
      row.identity,
      row.status,
      row.dial_sid,
      row.dial_status,
      row.dial_from,
      row.dial_to,
      row.dial_created_ms,
      row.dial_answered_ms,
      row.dial_ended_ms,
      row.dial_duration_s,
      row.said,
      row.digits,
      row.error_code,
      row.created_ms,
      row.answered_ms,
      row.ended_ms,
      row.duration_s,
    ],
  );
}

/** The call whose own or dialled leg's sid this is. */
export async function findVoiceCall(sql: Sql, sid: string): Promise<VoiceCallRow | null> {
  const rows = await sql.query<VoiceCallRow>(`select ${voiceColumns} from twilio_simulator.voice_calls where sid = $1 or dial_sid = $1 limit 1`, [sid]);
  return rows[0] ?? null;
}

/** A voice call as the Calls REST resource lists it: the parent (`leg` false) or its dialled leg. */
export interface ListedCall {
  row: VoiceCallRow;
  leg: boolean;
}

/**
 * One page of the calls and their dialled legs (each a Call of its own), newest first as Twilio lists them, a
 * leg right after its parent. The filters compare what the resource shows: `status` its REST status (a leg's
 * `initiated` is `queued`), `from` and `to` its own ends, `parentCallSid` a leg's parent.
 */
export async function listVoiceCalls(
  sql: Sql,
  filter: { status?: string; from?: string; to?: string; parentCallSid?: string },
  page: PageQuery,
): Promise<{ calls: ListedCall[]; more: boolean }> {
  const rows = await sql.query<VoiceCallRow & { leg: boolean }>(
    `select ${voiceColumns}, leg from (
       select c.*, false as leg, c.status as listed_status, c.from_number as listed_from, c.to_number as listed_to, null::text as parent, c.seq * 2 + 1 as position
         from twilio_simulator.voice_calls c
       union all
       select c.*, true, case c.dial_status when 'initiated' then 'queued' else c.dial_status end, c.dial_from, c.dial_to, c.sid, c.seq * 2
         from twilio_simulator.voice_calls c where c.dial_sid is not null
     ) listed
     where ($1::text is null or listed_status = $1) and ($2::text is null or listed_from = $2) and ($3::text is null or listed_to = $3)
       and ($4::text is null or parent = $4)
     order by position desc limit $5 offset $6`,
    [filter.status ?? null, filter.from ?? null, filter.to ?? null, filter.parentCallSid ?? null, page.pageSize + 1, page.page * page.pageSize],
  );
  const calls = rows.slice(0, page.pageSize).map(({ leg, ...row }) => ({ row, leg }));
  return { calls, more: rows.length > page.pageSize };
}

/** The sid of a bought number (an incoming call's `phone_number_sid`). */
export async function incomingNumberSid(sql: Sql, phoneNumber: string): Promise<string | null> {
  const rows = await sql.query<{ sid: string }>(`select sid from twilio_simulator.incoming_numbers where phone_number = $1`, [phoneNumber]);
  return rows[0]?.sid ?? null;
}

/** Voice calls, newest first. */
export async function voiceCalls(sql: Sql, limit: number): Promise<VoiceCallRow[]> {
  return sql.query<VoiceCallRow>(`select ${voiceColumns} from twilio_simulator.voice_calls order by seq desc limit $1`, [limit]);
}

/** The numbers bought in the simulator with where their calls go (the phone page's "Call a Ringwise number"). */
export async function allIncomingNumbers(sql: Sql): Promise<Array<Pick<IncomingNumberRow, 'phone_number' | 'friendly_name' | 'voice_url' | 'voice_method' | 'account_sid'>>> {
  return sql.query(`select phone_number, friendly_name, voice_url, voice_method, account_sid from twilio_simulator.incoming_numbers order by seq`);
}

/** The last time a process of the simulator said it was running, or null before the first one did. */
export async function lastHeartbeat(sql: Sql): Promise<number | null> {
  const [row] = await sql.query<{ alive_ms: string }>(`select alive_ms from twilio_simulator.heartbeat where id = 1`);
  return row ? Number(row.alive_ms) : null;
}

export async function beat(sql: Sql, now: number): Promise<void> {
  await sql.query(
    `insert into twilio_simulator.heartbeat (id, alive_ms) values (1, $1) on conflict (id) do update set alive_ms = excluded.alive_ms`,
    [now],
  );
}

/**
 * Ends every call a stopped process left live, as the carrier ends calls it loses: at `endedMs` (its last heartbeat),
 * one answered `completed` with its duration up to then, one not answered yet `failed`; the dialled leg alike. Its
 * status callbacks are not sent (their URLs were the live call's); the Calls resource now answers with the end.
 * Durations are in simulated seconds (`timeScale` real milliseconds per simulated one). Resolves with how many.
 */
export async function endCallsOfStoppedProcess(sql: Sql, endedMs: number, timeScale: number): Promise<number> {
  const open = `('completed', 'busy', 'failed', 'no-answer', 'canceled')`;
  const rows = await sql.query<{ sid: string }>(
    `update twilio_simulator.voice_calls set
       status = case when answered_ms is not null then 'completed' else 'failed' end,
       ended_ms = greatest(created_ms, $1::bigint),
       duration_s = case when answered_ms is not null then greatest(0, round(($1::bigint - answered_ms) / 1000.0 / $2))::integer else 0 end,
       dial_status = case when dial_sid is null or dial_status in ${open} then dial_status
                          when dial_answered_ms is not null then 'completed' else 'failed' end,
       dial_ended_ms = case when dial_sid is null or dial_status in ${open} then dial_ended_ms else greatest(dial_created_ms, $1::bigint) end,
       dial_duration_s = case when dial_sid is null or dial_status in ${open} then dial_duration_s
                              when dial_answered_ms is not null then greatest(0, round(($1::bigint - dial_answered_ms) / 1000.0 / $2))::integer else 0 end
     where status not in ${open}
     returning sid`,
    [endedMs, timeScale],
  );
  return rows.length;
}

export interface RecordingRow {
  sid: string;
  account_sid: string;
  call_sid: string;
  status: 'in-progress' | 'completed' | 'absent';
  source: string;
  channels: number;
  duration_s: number | null;
  error_code: number | null;
  start_ms: number | string;
  created_ms: number | string;
  updated_ms: number | string;
}

const recordingColumns = `sid, account_sid, call_sid, status, source, channels, duration_s, error_code, start_ms, created_ms, updated_ms`;

/** Inserts or updates a recording; `wav` (when given) is its audio. Bytes travel as base64 so that both engines take
 *  them alike. */
export async function saveRecording(sql: Sql, row: RecordingRow, wav: Uint8Array | null): Promise<void> {
  await sql.query(
    `insert into twilio_simulator.recordings (${recordingColumns}, wav)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, decode($12, 'base64'))
     on conflict (sid) do update set status = excluded.status, duration_s = excluded.duration_s, error_code = excluded.error_code,
       updated_ms = excluded.updated_ms, wav = coalesce(excluded.wav, twilio_simulator.recordings.wav)`,
    [
      row.sid,
      row.account_sid,
      row.call_sid,
      row.status,
      row.source,
      row.channels,
      row.duration_s,
      row.error_code,
      row.start_ms,
      row.created_ms,
      row.updated_ms,
      wav === null ? null : Buffer.from(wav.buffer, wav.byteOffset, wav.byteLength).toString('base64'),
    ],
  );
}

export async function getRecording(sql: Sql, accountSid: string, sid: string): Promise<RecordingRow | null> {
  const rows = await sql.query<RecordingRow>(`select ${recordingColumns} from twilio_simulator.recordings where account_sid = $1 and sid = $2`, [accountSid, sid]);
  return rows[0] ?? null;
}

/** A recording's WAV file, or null while it has none (in progress, absent) or when there is no such recording. */
export async function recordingWav(sql: Sql, accountSid: string, sid: string): Promise<Uint8Array | null> {
  const rows = await sql.query<{ wav: string | null }>(`select encode(wav, 'base64') as wav from twilio_simulator.recordings where account_sid = $1 and sid = $2`, [accountSid, sid]);
  const wav = rows[0]?.wav;
  return wav ? new Uint8Array(Buffer.from(wav.replace(/\s/g, ''), 'base64')) : null;
}

export async function deleteRecording(sql: Sql, accountSid: string, sid: string): Promise<boolean> {
  const rows = await sql.query(`delete from twilio_simulator.recordings where account_sid = $1 and sid = $2 returning sid`, [accountSid, sid]);
  return rows.length > 0;
}

/** One page of an account's recordings (one call's with `callSid`), newest first as Twilio lists them. */
export async function listRecordings(sql: Sql, accountSid: string, filter: { callSid?: string }, page: PageQuery): Promise<{ rows: RecordingRow[]; more: boolean }> {
  const rows = await sql.query<RecordingRow>(
    `select ${recordingColumns} from twilio_simulator.recordings
      where account_sid = $1 and ($2::text is null or call_sid = $2)
      order by seq desc limit $3 offset $4`,
    [accountSid, filter.callSid ?? null, page.pageSize + 1, page.page * page.pageSize],
  );
  return { rows: rows.slice(0, page.pageSize), more: rows.length > page.pageSize };
}

/** Recordings a stopped process left recording: absent (no audio was kept), as of its last heartbeat. */
export async function endRecordingsOfStoppedProcess(sql: Sql, endedMs: number): Promise<number> {
  const rows = await sql.query(
    `update twilio_simulator.recordings set status = 'absent', duration_s = 0, error_code = 16101, updated_ms = greatest(created_ms, $1::bigint)
      where status = 'in-progress' returning sid`,
    [endedMs],
  );
  return rows.length;
}
