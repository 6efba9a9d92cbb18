// A virtual number's voicemail greeting (issue 36; packages/contract/src/numbers/greeting.ts): kept by the app, one per
// number, checked to be the WAV it says it is. Its owner reads, replaces and deletes it in their own session (RLS);
// the carrier fetches it by its random id for <Play>, as every caller hears it.
import { greetingMessages, maxGreetingBytes, maxGreetingSeconds, readWav, type VoicemailGreeting } from '@ringwise/contract/schemas';
import { isoUtcSql, type Database, type Sql } from '../../db/database.ts';
import { isUuid } from '../../lib/uuid.ts';
import { HttpError } from '../../plugins/errors.ts';
import { readBody } from '../../plugins/request-body.ts';

/** Where the carrier fetches a greeting (public: the id is the secret, and a new recording gets a new id). */
export const carrierGreetingPath = (id: string) => `/api/voicemail-greetings/${id}`;

const numberNotFound = () => new HttpError(404, 'not_found', 'Virtual number not found');
const greetingNotFound = () => new HttpError(404, 'not_found', 'Greeting not found');

/** The user's own number that still rings (active or in grace), else 404; read in the user's session. */
async function ownNumber(sql: Sql, numberId: string): Promise<void> {
  if (!isUuid(numberId)) throw numberNotFound();
  const [number] = await sql.query('select id from public.virtual_numbers where id = $1 and status in ($2, $3)', [numberId, 'active', 'grace']);
  if (!number) throw numberNotFound();
}

async function summaryOf(sql: Sql, numberId: string): Promise<VoicemailGreeting> {
  const [row] = await sql.query<{ duration_seconds: number; created_at: string }>(
    `select duration_seconds, ${isoUtcSql('created_at')} as created_at from public.voicemail_greetings where virtual_number_id = $1`,
    [numberId],
  );
  return { greeting: row ? { durationSeconds: row.duration_seconds, createdAt: row.created_at } : null };
}

export async function getGreeting(sql: Sql, numberId: string): Promise<VoicemailGreeting> {
  await ownNumber(sql, numberId);
  return summaryOf(sql, numberId);
}

/** The upload's bytes, refused unless they are a WAV greeting of 1 to 60 s (the header read, not the Content-Type). */
export async function readGreetingUpload(request: Request): Promise<{ bytes: Uint8Array; durationSeconds: number }> {
  const bytes = await readBody(request, maxGreetingBytes, greetingMessages.tooLarge);
  const format = readWav(bytes);
  if (!format) throw new HttpError(415, 'unsupported_media_type', greetingMessages.notWav);
  if (format.durationSeconds < 1) throw new HttpError(400, 'bad_request', greetingMessages.tooShort);
  if (format.durationSeconds > maxGreetingSeconds) throw new HttpError(400, 'bad_request', greetingMessages.tooLong);
  return { bytes, durationSeconds: format.durationSeconds };
}

/** Replaces the number's greeting. The user's role may not insert (the api checks the number is theirs first). */
export async function saveGreeting(
  db: Pick<Database, 'privileged'>,
  userSql: (work: (sql: Sql) => Promise<void>) => Promise<void>,
  userId: string,
  numberId: string,
  upload: { bytes: Uint8Array; durationSeconds: number },
): Promise<VoicemailGreeting> {
  await userSql((sql) => ownNumber(sql, numberId));
  return db.privileged(async (sql) => {
    await sql.query('delete from public.voicemail_greetings where virtual_number_id = $1 and user_id = $2', [numberId, userId]);
    await sql.query(
      `insert into public.voicemail_greetings (virtual_number_id, user_id, audio, duration_seconds)
       select id, user_id, decode($3, 'base64'), $4 from public.virtual_numbers where id = $1 and user_id = $2 and status in ('active', 'grace')`,
      [numberId, userId, Buffer.from(upload.bytes).toString('base64'), upload.durationSeconds],
    );
    return summaryOf(sql, numberId);
  });
}

export async function deleteGreeting(sql: Sql, numberId: string): Promise<void> {
  await ownNumber(sql, numberId);
  await sql.query('delete from public.voicemail_greetings where virtual_number_id = $1', [numberId]);
}

const wavResponse = (audio: Uint8Array, cacheControl: string) =>
  new Response(new Uint8Array(audio), {
    headers: {
      'content-type': 'audio/wav',
      'content-length': String(audio.byteLength),
      'cache-control': cacheControl,
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
    },
  });

/** The owner listens to their greeting (RLS: only their own). */
export async function greetingAudioOfNumber(sql: Sql, numberId: string): Promise<Response> {
  if (!isUuid(numberId)) throw greetingNotFound();
  const [row] = await sql.query<{ audio: Uint8Array }>('select audio from public.voicemail_greetings where virtual_number_id = $1', [numberId]);
  if (!row) throw greetingNotFound();
  return wavResponse(row.audio, 'private, no-store');
}

/** The carrier's fetch for <Play>, by the greeting's own id. */
export async function carrierGreetingAudio(db: Pick<Database, 'privileged'>, id: string): Promise<Response> {
  if (!isUuid(id)) throw greetingNotFound();
  const [row] = await db.privileged((sql) => sql.query<{ audio: Uint8Array }>('select audio from public.voicemail_greetings where id = $1', [id.toLowerCase()]));
  if (!row) throw greetingNotFound();
  // a greeting replaced gets another id: this one never changes
  return wavResponse(row.audio, 'public, max-age=3600, immutable');
}

/** The greeting callers of the number a call was made to hear, as the carrier fetches it; null: the spoken default. */
export async function greetingUrlOfCall(db: Pick<Database, 'privileged'>, publicUrl: string, callId: string): Promise<string | null> {
  const [row] = await db.privileged((sql) =>
    sql.query<{ id: string }>(
      `select g.id::text as id from public.calls c
       join public.virtual_numbers v on v.phone_number = c.destination_number and v.user_id = c.user_id and v.status in ('active', 'grace')
       join public.voicemail_greetings g on g.virtual_number_id = v.id
       where c.id = $1 and c.call_direction = 'inbound'`,
      [callId],
    ),
  );
  return row ? `${publicUrl}${carrierGreetingPath(row.id)}` : null;
}
