// Voicemail end to end with no keys (issue 36): a phone calls a bought number whose owner's browser does not take
// it; the carrier simulator follows the api's TwiML (greeting, <Record>), records the caller's tone, sends the signed
// recording callback; the message is on the call, its audio streams to its owner only, its e-mail goes out once,
// and it is deleted at the carrier and here.
import { describe, expect, test } from 'bun:test';
import twilio from 'twilio';
import { testPublicUrl } from '../../auth/testing.ts';
import { encodeWav } from '@ringwise/contract/greeting-wav';
import { callEnded as endedAtCarrier, incomingTestbed, json, mailsIn, ownerWithNumber as ownerOf } from './testing/incoming.ts';
import { defaultGreeting, voicemailMaxSeconds } from './voicemail-twiml.ts';

const bed = incomingTestbed();
const callEnded = (number: string) => endedAtCarrier(bed, number);
const mails = () => mailsIn(bed);
const ownerWithNumber = (label: string) => ownerOf(bed, label);

interface ListedCall {
  id: string;
  status: string;
  fromNumber: string;
  voicemail?: { durationSeconds: number; heard: boolean; createdAt: string } | null;
}

/** Mean square of 16-bit PCM after a WAV's 44-byte header. */
function energyOf(wav: Uint8Array): number {
  const view = new DataView(wav.buffer, wav.byteOffset, wav.byteLength);
  let sum = 0;
  let count = 0;
  for (let offset = 44; offset + 1 < wav.byteLength; offset += 2, count++) sum += view.getInt16(offset, true) ** 2;
  return count === 0 ? 0 : sum / count;
}

async function callsOf(token: string): Promise<ListedCall[]> {
  return (await json<{ items: ListedCall[] }>(await bed.testApp.call('GET', '/api/calls', token))).items;
}

describe('voicemail through the carrier simulator', () => {
  test('a call nobody takes: the greeting, the caller\'s message kept once, e-mailed once, heard, exported, deleted', async () => {
    const { user, number } = await ownerWithNumber('voicemail');
    const placed = await bed.telephony.twilioSimulator.voice.callNumber('+14155550123', number);
    expect(placed.ok).toBe(true);
    const carrierCall = await callEnded(number);
    expect(carrierCall?.status).toBe('completed');
    expect(carrierCall?.said[0]).toBe(defaultGreeting);

    const [listed] = await callsOf(user.token);
    expect(listed).toMatchObject({ fromNumber: '+14155550123', status: 'no-answer', voicemail: { heard: false } });
    // the tone caller never falls silent for 5 s: the message runs to its two minutes
    expect(listed?.voicemail?.durationSeconds).toBe(voicemailMaxSeconds);

    const audio = await bed.testApp.call('GET', `/api/calls/${listed!.id}/voicemail`, user.token);
    expect(audio.status).toBe(200);
    expect(audio.headers.get('content-type')).toBe('audio/wav');
    expect(audio.headers.get('cache-control')).toContain('no-store');
    const wav = new Uint8Array(await audio.arrayBuffer());
    expect(new TextDecoder().decode(wav.subarray(0, 4))).toBe('RIFF');
    expect(energyOf(wav)).toBeGreaterThan(0);

    // nobody else gets it, nor its state
    const stranger = await bed.testApp.signUp('stranger');
    expect((await bed.testApp.call('GET', `/api/calls/${listed!.id}/voicemail`, stranger.token)).status).toBe(404);
    expect((await bed.testApp.call('POST', `/api/calls/${listed!.id}/voicemail/heard`, stranger.token)).status).toBe(404);
    expect((await bed.testApp.call('DELETE', `/api/calls/${listed!.id}/voicemail`, stranger.token)).status).toBe(404);
    expect((await bed.testApp.call('GET', `/api/calls/${listed!.id}/voicemail`)).status).toBe(401);

    // the e-mail, once, however often the jobs run
    await bed.jobs.runDue();
    await bed.jobs.runDue();
    const sent = mails().filter((mail) => mail.includes('New voicemail from +14155550123'));
    expect(sent).toHaveLength(1);
    expect(sent[0]).toContain(`${testPublicUrl}/home/calls`);

    expect((await bed.testApp.call('POST', `/api/calls/${listed!.id}/voicemail/heard`, user.token)).status).toBe(204);
    expect((await callsOf(user.token))[0]?.voicemail?.heard).toBe(true);

    const exported = await json<{ calls: Array<{ id: string; voicemail?: { durationSeconds: number; audioPath: string } | null }> }>(
      await bed.testApp.call('GET', '/api/user/export', user.token),
    );
    expect(exported.calls.find((call) => call.id === listed!.id)?.voicemail).toMatchObject({
      durationSeconds: voicemailMaxSeconds,
      audioPath: `/api/calls/${listed!.id}/voicemail`,
    });

    const recordings = await bed.telephony.telephony.twilio.recordings.list({ callSid: carrierCall!.sid });
    expect(recordings).toHaveLength(1);
    expect((await bed.testApp.call('DELETE', `/api/calls/${listed!.id}/voicemail`, user.token)).status).toBe(204);
    expect(await bed.telephony.telephony.twilio.recordings.list({ callSid: carrierCall!.sid })).toHaveLength(0);
    expect((await bed.testApp.call('GET', `/api/calls/${listed!.id}/voicemail`, user.token)).status).toBe(404);
    // the call stays, without its message
    expect((await callsOf(user.token))[0]).toMatchObject({ id: listed!.id, voicemail: null });
  }, 30_000);

  test('a number with its own greeting: callers hear that recording (fetched by the carrier at its public address), then leave their message', async () => {
    const { user, number } = await ownerWithNumber('voicemail-greeting');
    const [owned] = await json<Array<{ id: string }>>(await bed.testApp.call('GET', '/api/virtual-numbers', user.token));
    const tone = Float32Array.from({ length: 16_000 }, (_, i) => 0.4 * Math.sin((2 * Math.PI * 440 * i) / 8000));
    const upload = await bed.testApp.app.handle(
      new Request(`${testPublicUrl}/api/virtual-numbers/${owned!.id}/greeting`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${user.token}`, 'content-type': 'audio/wav' },
        body: encodeWav(tone, 8000),
      }),
    );
    expect(upload.status).toBe(200);
    expect(((await upload.json()) as { greeting: { durationSeconds: number } }).greeting.durationSeconds).toBe(2);
    const [greeting] = await bed.database.db.privileged((sql) => sql.query<{ id: string }>('select id::text as id from public.voicemail_greetings where virtual_number_id = $1', [owned!.id]));
    const carrierFetch = await bed.testApp.app.handle(new Request(`${testPublicUrl}/api/voicemail-greetings/${greeting!.id}`));
    expect(carrierFetch.status).toBe(200);
    expect(carrierFetch.headers.get('content-type')).toBe('audio/wav');

    expect((await bed.telephony.twilioSimulator.voice.callNumber('+14155550125', number)).ok).toBe(true);
    const carrierCall = await callEnded(number);
    // the greeting was played, not said
    expect(carrierCall?.said).not.toContain(defaultGreeting);
    expect((await callsOf(user.token))[0]?.voicemail?.durationSeconds).toBeGreaterThan(0);

    // released, the number's greeting goes with it
    expect((await bed.testApp.call('DELETE', `/api/virtual-numbers/${owned!.id}`, user.token)).status).toBe(204);
    expect((await bed.testApp.app.handle(new Request(`${testPublicUrl}/api/voicemail-greetings/${greeting!.id}`))).status).toBe(404);
  }, 30_000);

  test('a repeated or forged recording callback keeps nothing more', async () => {
    const { user, number } = await ownerWithNumber('voicemail-replay');
    expect((await bed.telephony.twilioSimulator.voice.callNumber('+14155550124', number)).ok).toBe(true);
    await callEnded(number);
    const [listed] = await callsOf(user.token);
    const [row] = await bed.database.db.privileged((sql) =>
      sql.query<{ twilio_call_sid: string; recording_sid: string }>('select twilio_call_sid, recording_sid from public.calls where id = $1', [listed!.id]),
    );
    const fields = { CallSid: row!.twilio_call_sid, RecordingSid: `RE${'0'.repeat(32)}`, RecordingStatus: 'completed', RecordingDuration: '7' };
    const url = `${testPublicUrl}/webhooks/twilio/recording?callId=${listed!.id}`;
    const post = (signature: string) =>
      bed.testApp.app.handle(
        new Request(url, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
          body: new URLSearchParams(fields),
        }),
      );
    // signed, but the call already has its message: nothing changes
    expect((await post(twilio.getExpectedTwilioSignature(bed.telephony.telephony.authToken, url, fields))).status).toBe(204);
    expect((await post('forged')).status).toBe(403);
    const [after] = await bed.database.db.privileged((sql) => sql.query<{ recording_sid: string }>('select recording_sid from public.calls where id = $1', [listed!.id]));
    expect(after?.recording_sid).toBe(row!.recording_sid);
  }, 30_000);
});
