// The one API client every build shares (spec §6-§8): bearer token when there is a session, JSON only when
// there is a body, every non-2xx turned into an ApiError that carries the api's error envelope parsed. Routes
// are called by their contract entry (`callApi(routes.listContacts, { query })`), typed from its schemas.
// Shared as a singleton by every build: the token getter registered by the shell serves every remote.
import type { QueryFunction, QueryKey } from '@tanstack/react-query';
import type { ApiErrorBody, ErrorCode, FieldErrors } from '@ringwise/contract/errors';
import type { RouteDefinition, RouteName, Routes } from '@ringwise/contract/routes';
import type { RequestOf, ResponseOf } from '@ringwise/contract/types';

declare module '@tanstack/react-query' {
  interface Register {
    /** `handlesError`: the view shows the failure itself, so the page's error toast stays away (a 401 still
     *  ends the session). A mutation with its own `onError` counts as handling it. */
    queryMeta: { handlesError?: boolean };
    mutationMeta: { handlesError?: boolean };
  }
}

/** What a user reads when the api gave no message of its own, by HTTP status. */
const statusMessages: Record<number, string> = {
  0: 'Could not reach Ringwise. Check your connection and try again.',
  400: 'The request was not accepted. Please check what you entered.',
  401: 'Your session has ended. Please sign in again.',
  403: 'You are not allowed to do that.',
  404: 'That was not found.',
  409: 'That clashes with something you already have.',
  413: 'That is too large to send.',
  429: 'Too many requests. Please wait a moment and try again.',
};
const serverTrouble = 'Something went wrong on our side. Please try again.';

/** The envelope `{ error: { code, message, details? } }` of a body, or null when it is not one. */
export function parseErrorBody(body: string): ApiErrorBody | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const inner = (parsed as { error?: unknown }).error;
  if (typeof inner !== 'object' || inner === null) return null;
  const { code, message, details } = inner as Record<string, unknown>;
  if (typeof code !== 'string' || typeof message !== 'string') return null;
  if (typeof details !== 'object' || details === null || Array.isArray(details)) return { code, message };
  const fieldErrors = (details as { fieldErrors?: unknown }).fieldErrors;
  const fields: FieldErrors = {};
  if (typeof fieldErrors === 'object' && fieldErrors !== null) {
    for (const [field, text] of Object.entries(fieldErrors)) if (typeof text === 'string' && text.trim()) fields[field] = text;
  }
  return { code, message, details: { ...details, fieldErrors: fields } };
}

/**
 * A failure's code: one the contract lists (`ErrorCode`), one the client names when the api gave no envelope
 * ('network_error', 'http_502'), or a code of a newer api than this build, to be treated by its HTTP status.
 */
export type ApiErrorCode = ErrorCode | 'network_error' | `http_${number}` | (string & {});

export class ApiError extends Error {
  /** The api's envelope, when the body was one. */
  readonly envelope: ApiErrorBody | null;

  constructor(
    /** The HTTP status; 0 when the api could not be reached. */
    readonly status: number,
    readonly body: string,
    statusText: string,
  ) {
    // spec §8: the message is "status: body" (or the status text when the body is empty), for logs
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiError';
    this.envelope = parseErrorBody(body);
  }

  /** The envelope's stable code ('validation_failed', 'conflict', …), else one named after the status. */
  get code(): ApiErrorCode {
    return this.envelope?.code ?? (this.status === 0 ? 'network_error' : `http_${this.status}`);
  }

  /** What to show the user: the api's own message, else a plain sentence for the status. Never a raw body. */
  get userMessage(): string {
    return this.envelope?.message ?? statusMessages[this.status] ?? serverTrouble;
  }

  /** The message of each field the api refused (`details.fieldErrors`). */
  get fieldErrors(): FieldErrors {
    return this.envelope?.details?.fieldErrors ?? {};
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** A 401: the session is missing, expired or revoked. */
export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/** The sentence a toast or form shows for a failure: the api's message, else `fallback` (or a generic one). */
export function errorMessage(error: unknown, fallback?: string): string {
  if (error instanceof ApiError) return error.envelope?.message ?? fallback ?? error.userMessage;
  return fallback ?? serverTrouble;
}

type TokenGetter = () => Promise<string | null | undefined>;
let getAccessToken: TokenGetter = async () => null;

/** The auth layer registers how to read the current session's access token. */
export function setAccessTokenGetter(getter: TokenGetter): void {
  getAccessToken = getter;
}

async function authHeader(): Promise<Record<string, string>> {
  try {
    const token = await getAccessToken();
    return token ? { Authorization: `Bearer ${token}` } : {};
  } catch (error) {
    console.warn('Could not get the access token; sending the request without it.', error);
    return {};
  }
}

export async function throwIfResNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const body = await res.text().catch(() => '');
  throw new ApiError(res.status, body, res.statusText);
}

/**
 * A request with the bearer token. `data` is sent as JSON, except a Blob (a file the user picked), which is
 * sent as it is, with its own type as the Content-Type.
 */
export async function apiRequest(method: string, url: string, data?: unknown, init: { signal?: AbortSignal } = {}): Promise<Response> {
  const headers = await authHeader();
  let body: BodyInit | undefined;
  if (data instanceof Blob) {
    if (data.type) headers['Content-Type'] = data.type;
    body = data;
  } else if (data !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(data);
  }
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      headers,
      body,
      credentials: 'same-origin',
      signal: init.signal,
    });
  } catch (error) {
    if (init.signal?.aborted) throw error;
    throw new ApiError(0, '', error instanceof Error ? error.message : 'Network error');
  }
  await throwIfResNotOk(res);
  return res;
}

/** Reads a JSON body; an empty one (204) is undefined. */
async function readJson(res: Response): Promise<unknown> {
  if (res.status === 204) return undefined;
  const text = await res.text();
  return text ? JSON.parse(text) : undefined;
}

type QueryValue = string | number | boolean | null | undefined;

function queryString(query: Record<string, QueryValue> | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined && value !== null) params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * A route's path as key parts: the static path up to the first parameter, then each parameter's value and
 * each later segment. "/api/calls/:id/sid" with { id: "7f3" } → ["/api/calls", "7f3", "sid"].
 */
function pathParts(path: string, params: Record<string, string | number> | undefined): string[] {
  const segments = path.split('/').slice(1);
  const firstParam = segments.findIndex((segment) => segment.startsWith(':'));
  const staticEnd = firstParam === -1 ? segments.length : firstParam;
  const parts = [`/${segments.slice(0, staticEnd).join('/')}`];
  for (const segment of segments.slice(staticEnd)) {
    if (!segment.startsWith(':')) {
      parts.push(segment);
      continue;
    }
    const value = params?.[segment.slice(1)];
    if (value === undefined) throw new Error(`${path} needs the path parameter "${segment.slice(1)}"`);
    parts.push(String(value));
  }
  return parts;
}

interface RequestParts {
  params?: Record<string, string | number>;
  query?: Record<string, QueryValue>;
  body?: unknown;
}

/** The URL of a key's parts: strings joined by "/", a trailing object as the query string (spec §7). */
function urlOfKey(key: QueryKey): string {
  const last = key[key.length - 1];
  const hasQuery = typeof last === 'object' && last !== null && !Array.isArray(last);
  const parts = (hasQuery ? key.slice(0, -1) : key).filter((part) => part !== undefined && part !== null);
  const path = parts.map((part, i) => (i === 0 ? String(part) : encodeURIComponent(String(part)))).join('/');
  return path + (hasQuery ? queryString(last as Record<string, QueryValue>) : '');
}

/**
 * The query key of a GET route: its path up to the first parameter, each parameter's value, then the query
 * as an object when it has values. ["/api/countries", "GB"], ["/api/contacts", { search: "ann" }]. Joined by
 * "/" (the default read), the key is the URL; a prefix of it (["/api/contacts"]) matches every variant.
 */
export function apiQueryKey<N extends RouteName>(route: Routes[N], request: RequestOf<N>): readonly unknown[] {
  const { params, query } = request as RequestParts;
  const key: unknown[] = pathParts(route.path, params);
  const values = Object.fromEntries(Object.entries(query ?? {}).filter(([, value]) => value !== undefined && value !== null && value !== ''));
  if (Object.keys(values).length > 0) key.push(values);
  return key;
}

/** Calls a route of the contract with its typed request; resolves with its typed response. */
export async function callApi<N extends RouteName>(
  route: Routes[N] & RouteDefinition<N>,
  request: RequestOf<N>,
  init: { signal?: AbortSignal } = {},
): Promise<ResponseOf<N>> {
  const { params, query, body } = request as RequestParts;
  const res = await apiRequest(route.method, urlOfKey(pathParts(route.path, params)) + queryString(query), body, init);
  return (await readJson(res)) as ResponseOf<N>;
}

/** The default read: a GET to the query key's parts joined by slashes (a trailing object is the query). */
export const defaultQueryFn: QueryFunction = async ({ queryKey, signal }) => {
  return readJson(await apiRequest('GET', urlOfKey(queryKey), undefined, { signal }));
};

/** Spec §9 'Data fetching': fresh 5 min, kept 10 min, no retries, no refetch on focus, no polling. */
export const queryDefaults = {
  queryFn: defaultQueryFn,
  staleTime: 5 * 60 * 1000,
  gcTime: 10 * 60 * 1000,
  retry: false,
  refetchOnWindowFocus: false,
  refetchInterval: false,
} as const;
