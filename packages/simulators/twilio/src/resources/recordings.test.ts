// The Recordings resource through the REAL `twilio` SDK (its httpClient pointed at the simulator with `app.handle`):
// list (paged, by call), fetch, remove, a call's recordings, the media as WAV and MP3 with Basic auth, Twilio's 404
// (20404). The recordings are written to the table as the voice side writes them (voice/recording.ts; the calls that
// make them are voice/recording.test.ts's). On the machine's PostgreSQL and on PGlite.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { Elysia } from 'elysia';
import twilio from 'twilio';
import { openTestDatabase, testEngines, type TestDatabase } from '@ringwise/simulator-common/testing';
import { newSid } from '../context.ts';
import { twilioSimulator } from '../routes.ts';
import * as store from '../store.ts';
import { createTestCarrier, testAccount, type TestCarrier } from '../testing.ts';
import { readWav, wavFile } from '../voice/media/wav.ts';

const origin = 'http://localhost:3000';
const { accountSid, authToken } = testAccount;
const basic = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;

for (const engine of await testEngines('twilio-simulator recordings')) {
  describe.skipIf(!engine.available)(`the Recordings resource on ${engine.name}`, () => {
    let testDb: TestDatabase;
    let carrier: TestCarrier;
    let app: { handle(request: Request): Promise<Response> };
    const callSid = newSid('CA');
    const otherCall = newSid('CA');
    const tone = Int16Array.from({ length: 16_000 }, (_, i) => Math.round(Math.sin((2 * Math.PI * 500 * i) / 8000) * 6000));
    const sids: string[] = [];

    beforeAll(async () => {
      testDb = await openTestDatabase(engine.name);
      carrier = await createTestCarrier(testDb.db, { origin });
      app = new Elysia().use(twilioSimulator(carrier.twilioSimulator));
      carrier.attach(app);
      const now = Date.parse('2026-01-02T03:04:05Z');
      for (const [call, status] of [[callSid, 'completed'], [otherCall, 'completed'], [callSid, 'in-progress']] as const) {
        const sid = newSid('RE');
        sids.push(sid);
        const row: store.RecordingRow = { sid, account_sid: accountSid, call_sid: call, status, source: 'RecordVerb', channels: 1, duration_s: status === 'completed' ? 2 : null, error_code: null, start_ms: now, created_ms: now, updated_ms: now + 2000 };
        await testDb.db.privileged((sql) => store.saveRecording(sql, row, status === 'completed' ? wavFile(tone, 8000) : null));
      }
    });
    afterAll(async () => {
      await carrier?.close();
      await testDb?.close();
    });

    const media = (path: string, authorization = basic) => app.handle(new Request(`${origin}/sim/twilio/2010-04-01/Accounts/${accountSid}/Recordings/${path}`, { headers: { authorization } }));

    test('fetch: Twilio\'s fields, the duration in seconds as a string, the media URL on the simulator', async () => {
      const [first] = sids as [string];
      const recording = await carrier.twilio.recordings(first).fetch();
      expect(recording).toMatchObject({
        sid: first,
        accountSid,
        callSid,
        status: 'completed',
        duration: '2',
        channels: 1,
        source: 'RecordVerb',
        apiVersion: '2010-04-01',
        price: null,
        priceUnit: 'USD',
        errorCode: null,
        conferenceSid: null,
        uri: `/2010-04-01/Accounts/${accountSid}/Recordings/${first}.json`,
        mediaUrl: `${origin}/sim/twilio/2010-04-01/Accounts/${accountSid}/Recordings/${first}`,
      });
      expect(recording.startTime.toISOString()).toBe('2026-01-02T03:04:05.000Z');
      expect(recording.dateUpdated.toISOString()).toBe('2026-01-02T03:04:07.000Z');
      expect(await carrier.twilio.recordings(sids[2] as string).fetch()).toMatchObject({ status: 'in-progress', duration: '-1' });
    });

    test('list: newest first, paged, by call; a call\'s own recordings', async () => {
      const [first, second, third] = sids as [string, string, string];
      expect((await carrier.twilio.recordings.list()).map((r) => r.sid).slice(0, 3)).toEqual([third, second, first]);
      expect((await carrier.twilio.recordings.list({ callSid })).map((r) => r.sid)).toEqual([third, first]);
      const page = await carrier.twilio.recordings.page({ pageSize: 1 });
      expect(page.instances).toHaveLength(1);
      expect((await page.nextPage())?.instances.map((r) => r.sid)).toEqual([second]);
      const ofCall = await carrier.twilio.calls(otherCall).recordings.list();
      expect(ofCall.map((r) => [r.sid, r.callSid, r.track])).toEqual([[second, otherCall, 'inbound']]);
      expect(await carrier.twilio.calls(otherCall).recordings(second).fetch()).toMatchObject({ sid: second, duration: '2' });
    });

    test('the media: a RIFF WAV (also without an extension) and an MP3, Basic auth required; none while it records', async () => {
      const [first, , third] = sids as [string, string, string];
      for (const path of [`${first}.wav`, first]) {
        const response = await media(path);
        expect(response.status).toBe(200);
        expect(response.headers.get('content-type')).toBe('audio/x-wav');
        const audio = readWav(new Uint8Array(await response.arrayBuffer()));
        expect(audio).toMatchObject({ sampleRate: 8000, channels: 1, bitsPerSample: 16, durationMs: 2000 });
        expect(audio?.pcm).toEqual(tone);
      }
      const mp3 = await media(`${first}.mp3`);
      expect(mp3.headers.get('content-type')).toBe('audio/mpeg');
      expect(new Uint8Array(await mp3.arrayBuffer())[0]).toBe(0xff);
      expect((await media(`${first}.wav`, 'Basic eDp5')).status).toBe(401);
      const pending = await media(`${third}.wav`);
      expect(pending.status).toBe(404);
      expect(await pending.json()).toMatchObject({ code: 20404, status: 404 });
    });

    test('another process of the simulator on the same database serves them; one that starts again ends the unfinished', async () => {
      const other = await createTestCarrier(testDb.db, { origin });
      other.attach(new Elysia().use(twilioSimulator(other.twilioSimulator)));
      try {
        expect((await other.twilio.recordings(sids[0] as string).fetch()).duration).toBe('2');
        await other.twilioSimulator.recover();
        other.twilioSimulator.stopHeartbeat();
        expect(await other.twilio.recordings(sids[2] as string).fetch()).toMatchObject({ status: 'absent', errorCode: 16101, duration: '0' });
      } finally {
        await other.close();
      }
    });

    test('remove: 204, then 404 (20404) for it and its media', async () => {
      const [, second] = sids as [string, string];
      expect(await carrier.twilio.recordings(second).remove()).toBe(true);
      const error = await carrier.twilio.recordings(second).fetch().catch((failure: unknown) => failure);
      expect(error).toBeInstanceOf(twilio.RestException);
      expect(error).toMatchObject({ status: 404, code: 20404 });
      expect((await media(`${second}.wav`)).status).toBe(404);
      expect(await carrier.twilio.recordings(second).remove().catch((failure: unknown) => (failure as { status: number }).status)).toBe(404);
      expect((await carrier.twilio.calls(otherCall).recordings.list()).length).toBe(0);
    });
  });
}
