// The Twilio webhooks' body check (webhook-signature.ts): the size comes before the signature. A body over 64 KB is
// refused (413) as it streams or by its Content-Length, signed or not, and its stream is cancelled: the signature is
// never computed on it. A form of Twilio's size is verified as before.
import { describe, expect, test } from 'bun:test';
import twilio from 'twilio';
import { HttpError } from '../plugins/errors.ts';
import { maxWebhookBodyBytes, verifiedTwilioForm } from './webhook-signature.ts';

const telephony = { authToken: 'twilio-webhook-test-token', publicUrl: 'https://ringwise.example' };
const path = '/webhooks/twilio/status?callId=0b6a1c9e-1111-4222-8333-444455556666';

/** A form POST as Twilio sends one, signed with the test token (or with `signature`). */
function twilioRequest(fields: Record<string, string>, options: { signature?: string; body?: BodyInit; headers?: Record<string, string> } = {}) {
  const signature = options.signature ?? twilio.getExpectedTwilioSignature(telephony.authToken, `${telephony.publicUrl}${path}`, fields);
  return new Request(`http://127.0.0.1:3000${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature, ...options.headers },
    body: options.body ?? new URLSearchParams(fields).toString(),
    duplex: 'half',
  } as RequestInit);
}

async function statusOf(work: Promise<unknown>): Promise<number> {
  const error = await work.then(() => null, (e: unknown) => e);
  if (error === null) return 200;
  expect(error).toBeInstanceOf(HttpError);
  return (error as HttpError).status;
}

const fields = { CallSid: `CA${'0'.repeat(32)}`, CallStatus: 'completed', CallDuration: '42', SequenceNumber: '3' };

describe('verifiedTwilioForm', () => {
  test('a signed form of a few hundred bytes is its fields; unsigned or badly signed, 403', async () => {
    expect(await verifiedTwilioForm(twilioRequest(fields), telephony)).toEqual(fields);
    expect(await statusOf(verifiedTwilioForm(twilioRequest(fields, { signature: 'bm90IGl0' }), telephony))).toBe(403);
  });

  test('over 64 KB and correctly signed: 413 all the same, as it streams, its stream cancelled', async () => {
    const big = { ...fields, Padding: 'a'.repeat(maxWebhookBodyBytes) };
    const body = new URLSearchParams(big).toString();
    let pulled = 0;
    let cancelled = false;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        // the signed form, then 100 MB more if anyone kept reading
        controller.enqueue(pulled++ === 0 ? new TextEncoder().encode(body) : new Uint8Array(64 * 1024).fill(0x61));
        if (pulled > 1600) controller.close();
      },
      cancel() {
        cancelled = true;
      },
    });
    expect(await statusOf(verifiedTwilioForm(twilioRequest(big, { body: stream }), telephony))).toBe(413);
    expect(cancelled).toBe(true);
    expect(pulled).toBeLessThan(5);
    // declared: refused before reading
    expect(await statusOf(verifiedTwilioForm(twilioRequest(big, { headers: { 'content-length': String(body.length) } }), telephony))).toBe(413);
    // and the same form 64 KB at most, signed: taken
    const fits = { ...fields, Padding: 'a'.repeat(maxWebhookBodyBytes - new URLSearchParams(fields).toString().length - '&Padding='.length) };
    expect(new URLSearchParams(fits).toString().length).toBe(maxWebhookBodyBytes);
    expect(await verifiedTwilioForm(twilioRequest(fits), telephony)).toEqual(fits);
  });
});
