// What every /api request must be before any route sees it (issue: hardening), answered with the error envelope:
//   a method the path does not take      → 405 with Allow (from the contract's route table, not a kept list)
//   a NUL in the path or the query        → 400
//   a body over 1 MB                      → 413, from Content-Length or while reading, never parsed
//   a body that is not application/json   → 415
//   a JSON body that is not UTF-8, not JSON, or holds a NUL → 400
// Webhooks (/webhooks/*) read their own bodies, each with its own size, through the same reader (request-body.ts).
// The one upload (PUT /api/user/avatar) is the exception inside /api: its body is an image, with its own types and
// size (`rawBodyRoutes`), checked here the same way and then read by its handler with `readBody` (request-body.ts, the
// api's one reader of bodies, which this plugin reads /api's JSON with too).
import { greetingContentType, greetingMessages, maxGreetingBytes } from '@ringwise/contract/greeting-wav';
import { Elysia } from 'elysia';
import type { ErrorCode } from '@ringwise/contract/errors';
import { avatarContentTypes, maxAvatarBytes, profileMessages } from '@ringwise/contract/profile';
import { routes, type Method } from '@ringwise/contract/routes';
import { allowedMethods } from './contract-routes.ts';
import { errorBody, HttpError } from './errors.ts';
import { readBody } from './request-body.ts';
import { holdsNul } from '../lib/nul.ts';

export const maxApiBodyBytes = 1024 * 1024;

const refuse = (status: number, code: ErrorCode, message: string, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(errorBody(code, message)), {
    status,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers },
  });

const tooLarge = () => `The request body is larger than ${maxApiBodyBytes / 1024 / 1024} MB.`;

/** A route whose body is not JSON: the Content-Types it takes, its size limit and what each refusal says. */
export interface RawBodyRoute {
  method: Method;
  path: string;
  contentTypes: readonly string[];
  maxBytes: number;
  tooLarge: string;
  wrongType: string;
}

export const rawBodyRoutes: readonly RawBodyRoute[] = [
  {
    method: routes.uploadAvatar.method,
    path: routes.uploadAvatar.path,
    contentTypes: avatarContentTypes,
    maxBytes: maxAvatarBytes,
    tooLarge: profileMessages.avatarTooLarge,
    wrongType: profileMessages.avatarType,
  },
  {
    method: routes.uploadVoicemailGreeting.method,
    path: routes.uploadVoicemailGreeting.path,
    contentTypes: [greetingContentType, 'audio/x-wav', 'audio/wave'],
    maxBytes: maxGreetingBytes,
    tooLarge: greetingMessages.tooLarge,
    wrongType: greetingMessages.notWav,
  },
];

/** A route path's pattern: each `:param` one path segment. */
const patternOf = (path: string) => new RegExp(`^${path.split('/').map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('/')}$`);
const rawBodyPatterns = rawBodyRoutes.map((route) => ({ route, pattern: patternOf(route.path) }));

/** The raw-body route a request is for, if any. */
export function rawBodyRouteOf(method: string, path: string): RawBodyRoute | undefined {
  const bare = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  return rawBodyPatterns.find(({ route, pattern }) => route.method === method && pattern.test(bare))?.route;
}

/** The media type of a Content-Type header, lower case, without parameters ("" when absent). */
export const mediaTypeOf = (contentType: string | null) => (contentType ?? '').split(';')[0]!.trim().toLowerCase();

const isJson = (contentType: string | null) => contentType !== null && /^application\/json\s*(;|$)/i.test(contentType.trim());
const hasBody = (request: Request) => request.body !== null && request.headers.get('content-length') !== '0';

const utf8 = new TextDecoder('utf-8', { fatal: true });

export const requestLimits = () =>
  new Elysia({ name: 'plugin.request-limits' })
    .onRequest(({ request }) => {
      if (request.method === 'OPTIONS') return;
      const url = new URL(request.url);
      if (!url.pathname.startsWith('/api/')) return;
      let target: string;
      try {
        target = decodeURIComponent(url.pathname + url.search);
      } catch {
        return refuse(400, 'bad_request', 'The address is not valid percent-encoded UTF-8.');
      }
      if (target.includes('\u0000')) return refuse(400, 'bad_request', 'The address contains a NUL character, which is not allowed.');
      const allowed = allowedMethods(url.pathname);
      const method = request.method === 'HEAD' ? 'GET' : request.method;
      if (allowed.length > 0 && !allowed.includes(method as Method)) {
        return refuse(405, 'method_not_allowed', `${request.method} is not allowed here; use ${allowed.join(' or ')}.`, { allow: allowed.join(', ') });
      }
      const raw = rawBodyRouteOf(method, url.pathname);
      if (raw) {
        if (Number(request.headers.get('content-length') ?? 0) > raw.maxBytes) return refuse(413, 'payload_too_large', raw.tooLarge);
        if (!raw.contentTypes.includes(mediaTypeOf(request.headers.get('content-type')))) return refuse(415, 'unsupported_media_type', raw.wrongType);
        return;
      }
      if (Number(request.headers.get('content-length') ?? 0) > maxApiBodyBytes) return refuse(413, 'payload_too_large', tooLarge());
      if (method !== 'GET' && hasBody(request) && !isJson(request.headers.get('content-type'))) {
        return refuse(415, 'unsupported_media_type', 'Send the request body as JSON (Content-Type: application/json).');
      }
    })
    .onParse({ as: 'global' }, async ({ request, path }) => {
      // Routes outside /api read their own bodies (webhooks, the auth stand-in, the simulators: `parse: 'none'`),
      // which a global parser would otherwise override: they get the stream untouched.
      if (!path.startsWith('/api/') || rawBodyRouteOf(request.method, path)) return '';
      // no body: Elysia's own handling, as before (nothing has been read)
      if (!isJson(request.headers.get('content-type')) || !hasBody(request)) return;
      const bytes = await readBody(request, maxApiBodyBytes, tooLarge());
      let text: string;
      try {
        text = utf8.decode(bytes);
      } catch {
        throw new HttpError(400, 'bad_request', 'The request body is not valid UTF-8.');
      }
      // an empty chunked body: the stream is read, so answer "no fields" rather than leave it to another parser
      if (text.trim() === '') return {};
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        throw new HttpError(400, 'bad_request', 'The request body is not valid JSON.');
      }
      if (holdsNul(value, 64)) throw new HttpError(400, 'bad_request', 'The request contains a NUL character, which is not allowed.');
      return value;
    });
