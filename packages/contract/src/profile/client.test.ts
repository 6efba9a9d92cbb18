import { afterEach, expect, mock, test } from 'bun:test';
import { attachmentFileName, profileRequests } from './client.ts';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

function answer(response: Response) {
  const calls: { url: string; init: RequestInit }[] = [];
  globalThis.fetch = mock(async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} });
    return response;
  }) as unknown as typeof fetch;
  return calls;
}

test('the avatar goes as the picked file itself, declared as its own type', async () => {
  const calls = answer(Response.json({ id: 'u1', profileImageUrl: '/api/avatars/a1' }));
  const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', { type: 'image/png' });
  const user = await profileRequests.uploadAvatar(file);
  expect(user.profileImageUrl).toBe('/api/avatars/a1');
  expect(calls.map((c) => [c.init.method, c.url, (c.init.headers as Record<string, string>)['Content-Type']])).toEqual([['PUT', '/api/user/avatar', 'image/png']]);
  expect(calls[0]?.init.body).toBe(file);
});

test('the export is saved under the name the api gives it', async () => {
  answer(new Response('{"profile":{}}', { headers: { 'content-disposition': 'attachment; filename="ringwise-export-2026-01-02.json"' } }));
  const { file, fileName } = await profileRequests.exportData();
  expect(fileName).toBe('ringwise-export-2026-01-02.json');
  expect(await file.text()).toBe('{"profile":{}}');
});

test('a file name from the header is only ever a plain name', () => {
  expect(attachmentFileName('attachment; filename=export.json')).toBe('export.json');
  expect(attachmentFileName('attachment; filename="../../etc/passwd"')).toBeNull();
  expect(attachmentFileName(null)).toBeNull();
});
