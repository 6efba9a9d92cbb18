import { afterEach, describe, expect, mock, test } from 'bun:test';
import { routes } from '@ringwise/contract/routes';
import { ApiError, apiQueryKey, apiRequest, callApi, defaultQueryFn, errorMessage, isUnauthorized, setAccessTokenGetter } from './index.ts';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
  setAccessTokenGetter(async () => null);
});

function captureFetch(response: Response) {
  const calls: { url: string; init: RequestInit }[] = [];
  globalThis.fetch = mock(async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} });
    return response.clone();
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

  test('a Blob (a picked file) is sent as it is, with its own type', async () => {
    setAccessTokenGetter(async () => 'tok-123');
    const calls = captureFetch(new Response('{}'));
    const image = new Blob([new Uint8Array([0x89, 0x50])], { type: 'image/png' });
    await apiRequest('PUT', '/api/user/avatar', image);
    expect(calls[0]?.init.headers).toEqual({ Authorization: 'Bearer tok-123', 'Content-Type': 'image/png' });
    expect(calls[0]?.init.body).toBe(image);
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
    expect(error.envelope).toEqual({ code: 'conflict', message: 'Already saved' });
    expect(error.code).toBe('conflict');
    expect(error.userMessage).toBe('Already saved');

    captureFetch(new Response(null, { status: 401, statusText: 'Unauthorized' }));
    const empty = (await apiRequest('GET', '/api/auth/user').catch((e) => e)) as ApiError;
    expect(empty.message).toBe('401: Unauthorized');
    expect(isUnauthorized(empty)).toBe(true);
    expect(empty.userMessage).toBe('Your session has ended. Please sign in again.');
  });

  test('the envelope is parsed: field messages kept, anything else ignored', async () => {
    captureFetch(
      Response.json(
        { error: { code: 'validation_failed', message: 'Name is required', details: { fieldErrors: { displayName: 'Name is required', n: 5 } } } },
        { status: 400 },
      ),
    );
    const error = (await apiRequest('POST', '/api/contacts', {}).catch((e) => e)) as ApiError;
    expect(error.fieldErrors).toEqual({ displayName: 'Name is required' });
    for (const body of ['<html>Bad gateway</html>', '{"error":"nope"}', '[]', 'null']) {
      captureFetch(new Response(body, { status: 502 }));
      const other = (await apiRequest('GET', '/api/health').catch((e) => e)) as ApiError;
      expect(other.envelope).toBeNull();
      expect(other.userMessage).toBe('Something went wrong on our side. Please try again.');
      expect(errorMessage(other, 'Failed to create contact')).toBe('Failed to create contact');
    }
  });

  test('an unreachable api is an ApiError with status 0 and a readable message', async () => {
    globalThis.fetch = mock(async () => {
      throw new TypeError('fetch failed');
    }) as unknown as typeof fetch;
    const error = (await apiRequest('GET', '/api/health').catch((e) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(0);
    expect(errorMessage(error)).toBe('Could not reach Ringwise. Check your connection and try again.');
  });

  test('errorMessage never shows a raw status line', () => {
    const conflict = new ApiError(409, '{"error":{"code":"conflict","message":"You already have a contact with this number: Ann"}}', 'Conflict');
    expect(errorMessage(conflict, 'Failed to create contact')).toBe('You already have a contact with this number: Ann');
    expect(errorMessage(new Error('boom'), 'Failed to delete contact')).toBe('Failed to delete contact');
    expect(errorMessage(new Error('boom'))).toBe('Something went wrong on our side. Please try again.');
  });
});

describe('routes of the contract', () => {
  test('callApi fills path parameters (encoded), the query and the JSON body', async () => {
    const calls = captureFetch(Response.json({ id: 'x' }));
    await callApi(routes.updateContact, { params: { id: 'a/b' }, body: { favorite: true } });
    await callApi(routes.listContacts, { query: { search: 'Ann & Bo' } });
    await callApi(routes.listContacts, {});
    expect(calls.map((c) => [c.init.method, c.url, c.init.body])).toEqual([
      ['PATCH', '/api/contacts/a%2Fb', '{"favorite":true}'],
      ['GET', '/api/contacts?search=Ann+%26+Bo', undefined],
      ['GET', '/api/contacts', undefined],
    ]);
  });

  test('a 204 resolves with nothing', async () => {
    captureFetch(new Response(null, { status: 204 }));
    expect(await callApi(routes.deleteContact, { params: { id: '1' } })).toBeUndefined();
  });

  test('query keys are the URL in parts; a shorter key is the prefix of every variant', () => {
    expect(apiQueryKey(routes.getCountry, { params: { code: 'GB' } })).toEqual(['/api/countries', 'GB']);
    expect(apiQueryKey(routes.listContacts, { query: { search: 'ann' } })).toEqual(['/api/contacts', { search: 'ann' }]);
    expect(apiQueryKey(routes.listContacts, { query: { search: '' } })).toEqual(['/api/contacts']);
    expect(apiQueryKey(routes.currentUser, {})).toEqual(['/api/auth/user']);
  });

  test('the default read turns such a key back into its URL', async () => {
    const calls = captureFetch(Response.json([]));
    await defaultQueryFn({ queryKey: apiQueryKey(routes.listContacts, { query: { search: 'a b' } }) } as never);
    await defaultQueryFn({ queryKey: apiQueryKey(routes.getCountry, { params: { code: 'GB' } }) } as never);
    expect(calls.map((c) => c.url)).toEqual(['/api/contacts?search=a+b', '/api/countries/GB']);
  });
});

test('the default query reads the key parts joined by slashes', async () => {
  const calls = captureFetch(Response.json([{ id: 1 }]));
  const data = await defaultQueryFn({ queryKey: ['/api/countries', 'GB'] } as never);
  expect(calls[0]?.url).toBe('/api/countries/GB');
  expect(data).toEqual([{ id: 1 }]);
});
