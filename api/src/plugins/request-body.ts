// The one reader of request bodies in the api: /api's JSON (request-limits.ts), the avatar upload, the Twilio webhooks
// (telephony/webhook-signature.ts), /webhooks/stripe and the control socket all read theirs through it, each with its
// own size. A body is refused (413 payload_too_large, the error envelope, the route's own message) by its declared
// Content-Length before a byte of it is read, and otherwise the moment what has arrived passes the size: the stream is
// cancelled then, so Bun stops taking the rest and a huge or endless body (chunked, no Content-Length) never sits in
// memory. Behind every route's size, Bun's own `maxRequestBodySize` (index.ts) refuses anything larger still.
import { HttpError } from './errors.ts';

/**
 * Bun's limit for any request body (`maxRequestBodySize` of the server, index.ts; Bun's default is 128 MB): a backstop
 * well above every route's own size (the largest is the avatar's 2 MB), so each route answers first with its envelope
 * and message, and a body no route would take is refused by Bun itself, even where some code forgot its limit. Bun's
 * refusal is a bare 413 (no envelope): a body declared larger than this is refused before any of our code runs.
 */
export const serverMaxBodyBytes = 16 * 1024 * 1024;

const tooLargeError = (message: string) => new HttpError(413, 'payload_too_large', message);

/** The body's bytes; 413 with `tooLargeMessage` when its Content-Length or what arrives is more than `maxBytes`. */
export async function readBody(request: Request, maxBytes: number, tooLargeMessage: string): Promise<Uint8Array> {
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > maxBytes) {
    // nothing of it is read: let Bun know it may drop the rest
    void request.body?.cancel().catch(() => {});
    throw tooLargeError(tooLargeMessage);
  }
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      throw tooLargeError(tooLargeMessage);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, size);
}

const lenientUtf8 = new TextDecoder('utf-8');

/** The body as text (UTF-8, as `Request.text()` decodes it), refused past `maxBytes` as `readBody` does. */
export async function readBodyText(request: Request, maxBytes: number, tooLargeMessage: string): Promise<string> {
  return lenientUtf8.decode(await readBody(request, maxBytes, tooLargeMessage));
}
