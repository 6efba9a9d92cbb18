// Component-test helpers of the remotes (never shipped): the providers the shell gives a remote, a scripted
// `fetch`, the toast on screen, and waiting for React and pending requests.
import type { ReactElement } from 'react';
import { afterEach, beforeEach, expect } from 'bun:test';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { queryDefaults } from '@ringwise/api-client';
import type { CurrentUser } from '@ringwise/contract/users';
import { __resetToastsForTests, getToastsSnapshot } from '@ringwise/ui/toast';

/** Renders `ui` the way the shell does: one QueryClient with the spec's defaults, and a (memory) router. */
export function renderWithProviders(ui: ReactElement, { path }: { path: string }) {
  const client = new QueryClient({ defaultOptions: { queries: { ...queryDefaults }, mutations: { retry: false } } });
  const location = memoryLocation({ path, record: true });
  const wrap = (node: ReactElement) => (
    <QueryClientProvider client={client}>
      <Router hook={location.hook}>{node}</Router>
    </QueryClientProvider>
  );
  const result = render(wrap(ui));
  return { ...result, rerender: (next: ReactElement) => result.rerender(wrap(next)), client, location };
}

export interface FetchCall {
  method: string;
  url: string;
  body: unknown;
}

type Reply = Response | Promise<Response>;
type Handler = (call: FetchCall) => Reply | undefined;

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export const apiError = (status: number, code: string, message: string, details?: unknown) =>
  json({ error: { code, message, ...(details === undefined ? {} : { details }) } }, status);

/** A promise to answer a request later (to look at the optimistic state in between). */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/**
 * Replaces globalThis.fetch: `handler` answers each request (undefined means 404). Returns the calls made
 * and `restore`. Kept by hand rather than on msw (which the dev pages' fake api uses): each test scripts its own
 * answers and asserts on the `calls` it recorded, which msw's handlers would only wrap.
 */
export function mockFetch(handler: Handler) {
  const original = globalThis.fetch;
  const calls: FetchCall[] = [];
  const fake = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const call = { method, url, body };
    calls.push(call);
    return (await handler(call)) ?? new Response('not found', { status: 404 });
  };
  globalThis.fetch = Object.assign(fake, { preconnect: () => {} }) as typeof fetch;
  return {
    calls,
    restore: () => {
      globalThis.fetch = original;
    },
  };
}

/**
 * The hooks of a component test file, registered where it is called (at the top of the file): the toasts emptied
 * before each test; after it, the tree unmounted and the fetch of the `mockFetch` it returns put back.
 */
export function componentTestHooks() {
  let restore: (() => void) | undefined;
  beforeEach(() => __resetToastsForTests());
  afterEach(() => {
    cleanup();
    restore?.();
    restore = undefined;
  });
  return {
    mockFetch(handler: Handler) {
      restore?.();
      const mock = mockFetch(handler);
      restore = mock.restore;
      return mock;
    },
  };
}

/**
 * GET /api/auth/user and PATCH /api/user/preferences as the api answers them: a PATCH changes the user, unless
 * `patch` answers it otherwise. Undefined (for the test's other answers) on any other request.
 */
export function userPreferencesApi(current: CurrentUser, patch?: Handler): Handler {
  let stored = current;
  return (call) => {
    if (call.method === 'GET' && call.url === '/api/auth/user') return json(stored);
    if (call.method !== 'PATCH' || call.url !== '/api/user/preferences') return undefined;
    const answer = patch?.(call);
    if (answer) return answer;
    stored = { ...stored, ...(call.body as Partial<CurrentUser>) };
    return json(stored);
  };
}

/** Opens the kit's select named `name` and picks the option shown as `option`. */
export async function chooseOption(name: string, option: string) {
  fireEvent.click(screen.getByRole('combobox', { name }));
  const listbox = await screen.findByRole('listbox');
  fireEvent.click(within(listbox).getByRole('option', { name: option }));
  await waitUntil(() => expect(document.querySelector('[role="listbox"]')).toBeNull());
}

/** The toast on screen (TOAST_LIMIT = 1), as { title, variant }. */
export function currentToast() {
  const [first] = getToastsSnapshot();
  return first ? { title: first.title, description: first.description, variant: first.variant } : undefined;
}

/**
 * Retries `check` until it stops throwing, letting React and pending requests run in between (inside act).
 * Keep the checks on plain values (strings, booleans): a failed expect on a DOM node formats all of
 * happy-dom's object graph, which takes seconds per try.
 */
export async function waitUntil(check: () => void, { timeout = 2000, interval = 10 }: { timeout?: number; interval?: number } = {}) {
  const end = Date.now() + timeout;
  for (;;) {
    try {
      check();
      return;
    } catch (error) {
      if (Date.now() > end) throw error;
    }
    await act(() => new Promise<void>((resolve) => setTimeout(resolve, interval)));
  }
}

export const sleep = (ms: number) => act(() => new Promise<void>((resolve) => setTimeout(resolve, ms)));
