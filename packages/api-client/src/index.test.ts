import { afterEach, describe, expect, mock, test } from 'bun:test';
import { ApiError, apiRequest, defaultQueryFn, setAccessTokenGetter } from './index.ts';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
  setAccessTokenGetter(async () => null);
});

function captureFetch(response: Response) {
  const calls: { url: string; init: RequestInit }[] = [];
  globalThis.fetch = mock(async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} });
    return response;
  }) as unknown as typeof fetch;
  return calls;
}

describe('apiRequest', () => {
  test('sets JSON content type only when there is a body, and attaches the bearer token', async () => {
    setAccessTokenGetter(async () => 'tok-123');
    const calls = captureFetch(new Response('{}'));
    await apiRequest('POST', '/api/contacts', { displayName: 'Ann' });
    await apiRequest('DELETE', '/api/contacts/1');
    const [post, del] = calls;
    expect(post?.init.headers).toEqual({ Authorization: 'Bearer tok-123', 'Content-Type': 'application/json' });
    expect(post?.init.body).toBe('{"displayName":"Ann"}');
    expect(del?.init.headers).toEqual({ Authorization: 'Bearer tok-123' });
    expect(del?.init.body).toBeUndefined();
  });

  test('a failing token getter logs a warning and still sends the request', async () => {
    const warn = mock(() => {});
    const realWarn = console.warn;
    console.warn = warn;
    setAccessTokenGetter(async () => {
      throw new Error('no session');
    });
    const calls = captureFetch(new Response('{}'));
    await apiRequest('GET', '/api/health');
    console.warn = realWarn;
    expect(warn).toHaveBeenCalledTimes(1);
    expect(calls[0]?.init.headers).toEqual({});
  });

  test('non-2xx becomes "status: body", or the status text when the body is empty', async () => {
    captureFetch(new Response('{"error":{"code":"conflict","message":"Already saved"}}', { status: 409 }));
    const error = (await apiRequest('POST', '/api/contacts', {}).catch((e) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe('409: {"error":{"code":"conflict","message":"Already saved"}}');
    expect(error.apiError).toEqual({ code: 'conflict', message: 'Already saved' });

    captureFetch(new Response(null, { status: 401, statusText: 'Unauthorized' }));
    const empty = (await apiRequest('GET', '/api/auth/user').catch((e) => e)) as ApiError;
    expect(empty.message).toBe('401: Unauthorized');
  });
});

test('the default query reads the key parts joined by slashes', async () => {
  const calls = captureFetch(Response.json([{ id: 1 }]));
  const data = await defaultQueryFn({ queryKey: ['/api/countries', 'GB'] } as never);
  expect(calls[0]?.url).toBe('/api/countries/GB');
  expect(data).toEqual([{ id: 1 }]);
});
