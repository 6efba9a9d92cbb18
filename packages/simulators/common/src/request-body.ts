// A request body read as text, refused past a size (the providers' requests are a few hundred bytes): each simulator
// answers the refusal in its provider's own error format.

/** The body of `request`, or `tooLarge()` thrown when its Content-Length or its text exceeds `maxBytes`. */
export async function readBoundedText(request: Request, maxBytes: number, tooLarge: () => Error): Promise<string> {
  const length = Number(request.headers.get('content-length') ?? 0);
  if (length > maxBytes) throw tooLarge();
  const text = await request.text();
  if (text.length > maxBytes) throw tooLarge();
  return text;
}
