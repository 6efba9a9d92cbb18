// Recordings: what <Record> made (voice/recording.ts), as Twilio's Recording resource shows it
// (`client.recordings.list()`, `client.recordings(sid).fetch()`, `.remove()`, `client.calls(sid).recordings.list()`)
// and its audio at the media URL: `…/Recordings/{RE}` or `.wav` (8 kHz mono 16-bit WAV), `.mp3`. Read from the
// recordings table, so any process of the simulator serves them.
import { accountPath, apiVersion, rfc2822, type ApiResult, type ServiceContext } from '../context.ts';
import { invalidParameter, notFound } from '../errors.ts';
import { listPage, readPage } from '../params.ts';
import * as store from '../store.ts';
import { mp3Of } from '../voice/media/mp3.ts';
import { readWav } from '../voice/media/wav.ts';

/** Where the media URLs point: Twilio's host, or the simulator's own REST base as the outside reaches it. */
export interface RecordingUrls {
  mediaBase: string;
}

/** The recording's URL without an extension, as `RecordingUrl` and `media_url` give it. */
export const recordingUrl = (mediaBase: string, accountSid: string, sid: string) => `${mediaBase}/${apiVersion}/Accounts/${accountSid}/Recordings/${sid}`;

function recordingResource(ctx: ServiceContext, urls: RecordingUrls, row: store.RecordingRow, ofCall: boolean) {
  const uri = `${accountPath(ctx)}/Recordings/${row.sid}`;
  return {
    account_sid: row.account_sid,
    api_version: apiVersion,
    call_sid: row.call_sid,
    conference_sid: null,
    date_created: rfc2822(row.created_ms),
    date_updated: rfc2822(row.updated_ms),
    start_time: rfc2822(row.start_ms),
    // seconds, as a string; Twilio's -1 while it records
    duration: row.duration_s === null ? '-1' : String(row.duration_s),
    sid: row.sid,
    price: null,
    price_unit: 'USD',
    status: row.status,
    channels: row.channels,
    source: row.source,
    error_code: row.error_code,
    uri: ofCall ? `${accountPath(ctx)}/Calls/${row.call_sid}/Recordings/${row.sid}.json` : `${uri}.json`,
    encryption_details: null,
    subresource_uris: { add_on_results: `${uri}/AddOnResults.json`, transcriptions: `${uri}/Transcriptions.json` },
    media_url: recordingUrl(urls.mediaBase, row.account_sid, row.sid),
    ...(ofCall ? { track: 'inbound' } : {}),
  };
}

export async function fetchRecording(ctx: ServiceContext, urls: RecordingUrls, sid: string, path: string, ofCall: string | null = null): Promise<ApiResult> {
  const row = await store.getRecording(ctx.sql, ctx.accountSid, sid);
  if (!row || (ofCall !== null && row.call_sid !== ofCall)) throw notFound(path);
  return { status: 200, body: recordingResource(ctx, urls, row, ofCall !== null) };
}

export async function deleteRecording(ctx: ServiceContext, sid: string, path: string, ofCall: string | null = null): Promise<ApiResult> {
  const row = await store.getRecording(ctx.sql, ctx.accountSid, sid);
  if (!row || (ofCall !== null && row.call_sid !== ofCall)) throw notFound(path);
  await store.deleteRecording(ctx.sql, ctx.accountSid, sid);
  return { status: 204, body: null };
}

/** `recordings.list({ callSid })` and `calls(sid).recordings.list()`: newest first. */
export async function listRecordings(ctx: ServiceContext, urls: RecordingUrls, params: URLSearchParams, path: string, ofCall: string | null = null): Promise<ApiResult> {
  const query = readPage(params);
  for (const name of ['DateCreated', 'DateCreated<', 'DateCreated>', 'ConferenceSid']) {
    if (params.has(name)) throw invalidParameter(`The carrier simulator does not filter recordings by ${name}`);
  }
  const callSid = ofCall ?? params.get('CallSid');
  const { rows, more } = await store.listRecordings(ctx.sql, ctx.accountSid, callSid ? { callSid } : {}, query);
  return { status: 200, body: listPage('recordings', rows.map((row) => recordingResource(ctx, urls, row, ofCall !== null)), path, params, query, more) };
}

/** The audio: WAV without an extension or with `.wav`, MP3 with `.mp3`; 404 while it has none. */
export async function recordingMedia(ctx: ServiceContext, sid: string, format: 'wav' | 'mp3', path: string): Promise<ApiResult> {
  const wav = await store.recordingWav(ctx.sql, ctx.accountSid, sid);
  if (!wav) throw notFound(path);
  if (format === 'wav') return { status: 200, body: null, media: { contentType: 'audio/x-wav', bytes: wav } };
  const audio = readWav(wav);
  if (!audio?.pcm) throw notFound(path);
  return { status: 200, body: null, media: { contentType: 'audio/mpeg', bytes: mp3Of(audio.pcm, audio.sampleRate) } };
}
