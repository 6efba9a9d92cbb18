import { afterEach, describe, expect, mock, test } from 'bun:test';
import { isFailedRemoteModule } from '../failed-remote.ts';
import { IncompatibleRemoteError } from '../incompatible-remote.ts';
import fallbackPlugin from './fallback.ts';
import retryPlugin from './retry.ts';

const realFetch = globalThis.fetch;
const realWarn = console.warn;
afterEach(() => {
  globalThis.fetch = realFetch;
  console.warn = realWarn;
});

type FetchHook = (url: string, init: RequestInit) => Promise<Response>;
const fetchHook = () => retryPlugin().fetch as unknown as FetchHook;

describe('retry plugin: manifest fetches', () => {
  test('a network error is retried and the later success is returned', async () => {
    let attempts = 0;
    globalThis.fetch = mock(async () => {
      attempts++;
      if (attempts < 3) throw new TypeError('Failed to fetch');
      return Response.json({ id: 'ok' });
    }) as unknown as typeof fetch;
    const res = await fetchHook()('http://localhost:3002/mf-manifest.json', {});
    expect(attempts).toBe(3);
    expect(await res.json()).toEqual({ id: 'ok' });
  });

  test('a 404 is an answer, not a reason to retry', async () => {
    let attempts = 0;
    globalThis.fetch = mock(async () => {
      attempts++;
      return new Response('missing', { status: 404 });
    }) as unknown as typeof fetch;
    expect((await fetchHook()('http://x/mf-manifest.json', {})).status).toBe(404);
    expect(attempts).toBe(1);
  });

  test('after three server errors the failure reaches the caller', async () => {
    let attempts = 0;
    globalThis.fetch = mock(async () => {
      attempts++;
      return new Response('down', { status: 503 });
    }) as unknown as typeof fetch;
    await expect(fetchHook()('http://x/mf-manifest.json', {})).rejects.toThrow('answered 503');
    expect(attempts).toBe(3);
  });
});

describe('fallback plugin', () => {
  const errorLoadRemote = fallbackPlugin().errorLoadRemote as unknown as (args: {
    id: string;
    error: unknown;
    lifecycle: string;
  }) => unknown;

  test('a module that fails to load resolves to the failure marker', () => {
    console.warn = () => {};
    const result = errorLoadRemote({ id: 'contacts/app', error: new Error('x'), lifecycle: 'onLoad' });
    expect(isFailedRemoteModule(result)).toBe(true);
  });

  test('a remote the compatibility plugin refused falls back without a second warning', () => {
    const warned: unknown[] = [];
    console.warn = (...args: unknown[]) => warned.push(args);
    const result = errorLoadRemote({ id: 'contacts/app', error: new IncompatibleRemoteError('ringwise_contacts', true), lifecycle: 'onLoad' });
    expect(isFailedRemoteModule(result)).toBe(true);
    expect(warned).toEqual([]);
  });

  test('earlier lifecycles are left alone so they reach onLoad', () => {
    expect(errorLoadRemote({ id: 'http://x/mf-manifest.json', error: new Error('x'), lifecycle: 'afterResolve' })).toBeUndefined();
    expect(errorLoadRemote({ id: 'contacts/app', error: new Error('x'), lifecycle: 'beforeRequest' })).toBeUndefined();
  });
});
