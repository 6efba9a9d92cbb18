// The api's one reader of request bodies (request-body.ts): what it takes, what it refuses, and that a refused body
// stops being read at once (its stream cancelled), whether its size was declared or only seen as it arrived.
import { describe, expect, test } from 'bun:test';
import { maxStripeEventBytes } from '../modules/billing/webhook.ts';
import { maxWebhookBodyBytes } from '../telephony/webhook-signature.ts';
import { HttpError } from './errors.ts';
import { readBody, readBodyText, serverMaxBodyBytes } from './request-body.ts';
import { maxApiBodyBytes, rawBodyRoutes } from './request-limits.ts';

const KB = 1024;

/** A body of `chunks` chunks of `size` bytes, made as it is read; `pulled` counts the chunks read, `cancelled` says so. */
function source(chunks: number, size = 16 * KB) {
  const state = { pulled: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (state.pulled >= chunks) return controller.close();
      state.pulled++;
      controller.enqueue(new Uint8Array(size).fill(0x61));
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { stream, state };
}

const post = (body: BodyInit | null, headers: Record<string, string> = {}) =>
  new Request('http://localhost/x', { method: 'POST', body, headers, duplex: 'half' } as RequestInit);

async function refusal(work: Promise<unknown>): Promise<HttpError> {
  const error = await work.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(HttpError);
  return error as HttpError;
}

describe('readBody', () => {
  test('takes a body of exactly its size, streamed or not, and an empty one; text is UTF-8', async () => {
    const { stream } = source(4);
    expect((await readBody(post(stream), 64 * KB, 'too large')).byteLength).toBe(64 * KB);
    expect(await readBodyText(post('héllo'), 6, 'too large')).toBe('héllo');
    expect((await readBody(new Request('http://localhost/x'), 10, 'too large')).byteLength).toBe(0);
  });

  test('one byte over, as it streams: 413 with the message given, the stream cancelled there and not read on', async () => {
    // 100 MB offered in 16 KB chunks, 64 KB allowed
    const { stream, state } = source(6400);
    const error = await refusal(readBody(post(stream), 64 * KB, 'A body of this route is never this large.'));
    expect({ status: error.status, code: error.code, message: error.message }).toEqual({
      status: 413,
      code: 'payload_too_large',
      message: 'A body of this route is never this large.',
    });
    expect(state.cancelled).toBe(true);
    expect(state.pulled).toBeLessThan(10);
    const exact = source(1, 64 * KB + 1);
    expect((await refusal(readBody(post(exact.stream), 64 * KB, 'too large'))).status).toBe(413);
  });

  test('a declared Content-Length over the size: 413 before any of the body is read', async () => {
    const { stream, state } = source(6400);
    const error = await refusal(readBody(post(stream, { 'content-length': String(100 * 1024 * KB) }), 64 * KB, 'too large'));
    expect(error.status).toBe(413);
    await Bun.sleep(10);
    expect(state.cancelled).toBe(true);
    // what the stream queued on its own before anyone read (its high-water mark), nothing more
    expect(state.pulled).toBeLessThanOrEqual(1);
  });
});

test("Bun's own limit is a backstop well above the size of every route, so each route answers first, with its envelope", () => {
  const routeLimits = { api: maxApiBodyBytes, ...Object.fromEntries(rawBodyRoutes.map((r) => [r.path, r.maxBytes])), twilio: maxWebhookBodyBytes, stripe: maxStripeEventBytes };
  for (const [route, limit] of Object.entries(routeLimits)) expect({ route, backstop: serverMaxBodyBytes >= 4 * limit }).toEqual({ route, backstop: true });
});
