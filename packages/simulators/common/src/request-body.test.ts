import { expect, test } from 'bun:test';
import { readBoundedText } from './request-body.ts';

class TooLarge extends Error {}
const tooLarge = () => new TooLarge('too large');

test('a body within the size is read whole, multi-byte text included', async () => {
  expect(await readBoundedText(new Request('http://x/', { method: 'POST', body: 'héllo' }), 64, tooLarge)).toBe('héllo');
  expect(await readBoundedText(new Request('http://x/'), 64, tooLarge)).toBe('');
});

test('a declared Content-Length past the size is refused before anything is read', async () => {
  const request = new Request('http://x/', { method: 'POST', body: 'x', headers: { 'content-length': '1000000' } });
  await expect(readBoundedText(request, 64, tooLarge)).rejects.toBeInstanceOf(TooLarge);
});

test('an endless chunked body is refused once it passes the size, and no more of it is read', async () => {
  let pulled = 0;
  const endless = new ReadableStream<Uint8Array>({
    pull(controller) {
      pulled++;
      controller.enqueue(new Uint8Array(1024));
    },
  });
  const request = new Request('http://x/', { method: 'POST', body: endless, duplex: 'half' } as RequestInit);
  await expect(readBoundedText(request, 64 * 1024, tooLarge)).rejects.toBeInstanceOf(TooLarge);
  expect(pulled).toBeLessThan(80);
});
