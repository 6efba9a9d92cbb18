// The local Supabase Auth stand-in under /auth/v1, served by its own process (server.ts) while SUPABASE_URL is unset.
// It speaks GoTrue's wire format so the browser's @supabase/supabase-js code is the same as in production, and answers
// cross-origin requests as Supabase's API gateway does (the page is on the app's origin, Auth on its own).
// Errors are GoTrue's `{ code, error_code, msg }`, never the api's envelope: every handler answers its own.
// What it needs of the program that mounts it (database, mailer, limiter, client address) is in ports.ts.
import { Elysia } from 'elysia';
import { readBoundedText } from '@ringwise/simulator-common/request-body';
import { GoTrueError, parseJsonObject, type GoTrueErrorBody } from './model.ts';
import type { AuthDatabase, ClientAddress, RequestIpServer } from './ports.ts';
import { createAuthService, type AuthService, type AuthServiceOptions, type ClientInfo } from './service.ts';
import { createSqlAuthStore, type AuthStore } from './store.ts';

export type { GoTrueErrorBody, GoTrueSession, GoTrueUser } from './model.ts';
export type { AuthDatabase, AuthLimits, ClientAddress, Limiter, Mailer } from './ports.ts';

export type AuthStandInLogger = (error: unknown, request: { method: string; path: string }) => void;

export type AuthStandInOptions = Omit<AuthServiceOptions, 'store'> &
  (
    | { /** The database (auth.users, auth.sessions, auth.refresh_tokens). */ db: AuthDatabase }
    | { /** Instead of `db`: a ready store (tests use the in-memory one). */ store: AuthStore }
  ) & {
    /** Where unexpected errors are reported (default: console.error). */
    log?: AuthStandInLogger;
    /** The client's address of a request (the api's honours TRUSTED_PROXY_HOPS). */
    clientAddress: ClientAddress;
  };

/** Request bodies larger than this are refused (they are a few hundred bytes in practice). */
export const maxBodyBytes = 64 * 1024;

const defaultLogger: AuthStandInLogger = (error, request) => {
  console.error(`[auth] ${request.method} ${request.path} failed:`, error);
};

interface Set {
  status?: number | string;
  headers: Record<string, string | number>;
}

export const authStandIn = (options: AuthStandInOptions) => {
  const store = 'store' in options ? options.store : createSqlAuthStore(options.db);
  const service: AuthService = createAuthService({ ...options, store });
  const log = options.log ?? defaultLogger;
  /** Who is calling: the address as the mounting program decides it, and the user agent. */
  const clientInfo = (request: Request, server: RequestIpServer | null): ClientInfo => {
    const ip = options.clientAddress(request, server);
    return { ip: ip ? ip.slice(0, 64) : null, userAgent: request.headers.get('user-agent')?.slice(0, 512) ?? null };
  };

  /** Runs the work and answers its result, or the GoTrue error it threw. */
  async function answer<T>(set: Set, request: Request, path: string, work: () => Promise<T>): Promise<T | GoTrueErrorBody> {
    set.headers['cache-control'] = 'no-store';
    try {
      return await work();
    } catch (error) {
      const failure = error instanceof GoTrueError ? error : unexpected(error, request, path);
      set.status = failure.status;
      if (failure.extra.retryAfterSeconds !== undefined) set.headers['retry-after'] = String(failure.extra.retryAfterSeconds);
      return failure.body();
    }
  }

  function unexpected(error: unknown, request: Request, path: string): GoTrueError {
    log(error, { method: request.method, path });
    return new GoTrueError(500, 'unexpected_failure', 'Unexpected failure, please try again.');
  }

  const notFound = ({ request, path, set }: { request: Request; path: string; set: Set }) =>
    answer(set, request, path, async () => {
      throw new GoTrueError(404, 'not_found', `The local auth server does not implement ${request.method} ${path}`);
    });

  return (
    new Elysia({ name: 'stand-in.auth' })
      // every answer may be read by the page that asked, whatever its origin (no cookies: supabase-js sends tokens)
      .onAfterHandle(({ request, set }) => void Object.assign(set.headers, corsHeaders(request)))
      .options('/auth/v1/*', ({ request, set }) => {
        Object.assign(set.headers, corsHeaders(request), { 'access-control-max-age': '86400' });
        set.status = 204;
        return '';
      })
      .post(
        '/auth/v1/signup',
        ({ request, server, path, set }) =>
          answer(set, request, path, async () => service.signUp(await readJsonBody(request), clientInfo(request, server))),
        { parse: 'none' },
      )
      .post(
        '/auth/v1/token',
        ({ request, server, path, query, set }) =>
          answer(set, request, path, async () => {
            const grant = query.grant_type;
            if (grant === 'password') return service.signInWithPassword(await readJsonBody(request), clientInfo(request, server));
            if (grant === 'refresh_token') return service.refresh(await readJsonBody(request));
            throw new GoTrueError(400, 'validation_failed', `unsupported_grant_type: "${grant ?? ''}" (this server supports password and refresh_token)`);
          }),
        { parse: 'none' },
      )
      .get('/auth/v1/user', ({ request, path, set }) => answer(set, request, path, () => service.getUser(request.headers.get('authorization'))))
      .put(
        '/auth/v1/user',
        ({ request, path, query, set }) =>
          answer(set, request, path, async () =>
            service.updateUser(request.headers.get('authorization'), await readJsonBody(request), redirectHints(request, query.redirect_to)),
          ),
        { parse: 'none' },
      )
      // The link of an e-mail change: answered with a redirect (303, as GoTrue) whose fragment holds the session or the error.
      .get('/auth/v1/verify', ({ request, server, path, query, set }) =>
        answer(set, request, path, async () => {
          const location = await service.verifyLink(
            { token: query.token ?? null, type: query.type ?? null, ...redirectHints(request, query.redirect_to) },
            clientInfo(request, server),
          );
          set.status = 303;
          set.headers.location = location;
          return '';
        }),
      )
      .post(
        '/auth/v1/logout',
        ({ request, path, query, set }) =>
          answer(set, request, path, async () => {
            await service.logout(request.headers.get('authorization'), query.scope);
            set.status = 204;
            return '';
          }),
        { parse: 'none' },
      )
      // The admin API (GoTrue's /admin/users/{user_id}), for the project's service_role key only: auth-js
      // `admin.getUserById` and `admin.deleteUser` (which reads the user first, then deletes).
      .get('/auth/v1/admin/users/:id', ({ request, path, params, set }) =>
        answer(set, request, path, () => service.adminGetUser(request.headers.get('authorization'), params.id)),
      )
      .delete(
        '/auth/v1/admin/users/:id',
        ({ request, path, params, set }) =>
          answer(set, request, path, async () => service.adminDeleteUser(request.headers.get('authorization'), params.id, await readBodyText(request))),
        { parse: 'none' },
      )
      .get('/auth/v1/.well-known/jwks.json', ({ set }) => {
        set.headers['cache-control'] = 'public, max-age=600';
        return service.jwks();
      })
      .get('/auth/v1/settings', ({ set }) => {
        set.headers['cache-control'] = 'no-store';
        return service.settings();
      })
      .get('/auth/v1/health', ({ set }) => {
        set.headers['cache-control'] = 'no-store';
        return { version: 'ringwise-local', name: 'GoTrue', description: 'Ringwise local stand-in for Supabase Auth' };
      })
      // Anything else under /auth/v1 (POST /verify, recovery, OTP, OAuth, …) is a GoTrue-shaped 404, never the shell's HTML.
      .get('/auth/v1/*', notFound)
      .all('/auth/v1/*', notFound, { parse: 'none' })
  );
};

export type AuthStandIn = ReturnType<typeof authStandIn>;

/** What Supabase's gateway answers a browser with: any origin, the methods and the headers supabase-js sends. */
export function corsHeaders(request: Request): Record<string, string> {
  return {
    'access-control-allow-origin': '*',
    'access-control-allow-methods': 'GET, POST, PUT, DELETE, OPTIONS',
    'access-control-allow-headers': request.headers.get('access-control-request-headers') ?? 'authorization, apikey, content-type, x-client-info, x-supabase-api-version',
    'access-control-expose-headers': 'retry-after, x-supabase-api-version',
  };
}

async function readJsonBody(request: Request): Promise<Record<string, unknown>> {
  return parseJsonObject(await readBodyText(request));
}

function readBodyText(request: Request): Promise<string> {
  return readBoundedText(request, maxBodyBytes, () => new GoTrueError(413, 'request_too_large', 'Request body too large'));
}

/** GoTrue reads redirect_to from a header of that name first, then from the query. */
function redirectHints(request: Request, queryRedirectTo: string | undefined) {
  return { redirectTo: request.headers.get('redirect_to') || queryRedirectTo || null, referer: request.headers.get('referer') };
}
