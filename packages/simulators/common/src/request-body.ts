// A request body read as text, refused past a size (the providers' requests are a few hundred bytes): each simulator
// answers the refusal in its provider's own error format. The body is read as it streams and dropped the moment it
// passes the size, so a huge or endless one (chunked, no Content-Length) never sits in memory.

/** The body of `request`, or `tooLarge()` thrown when its Content-Length or its bytes exceed `maxBytes`. */
export async function readBoundedText(request: Request, maxBytes: number, tooLarge: () => Error): Promise<string> {
  const length = Number(request.headers.get('content-length') ?? 0);
  if (length > maxBytes) throw tooLarge();
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
