// Every request has a deadline (REQUEST_DEADLINE_SECONDS, default 5): whatever the handler waits on (the database,
// a provider, the one PGlite connection), the client has an answer by then. At the deadline the request's work is
// stopped where it waits (its transaction rolled back, its connection freed: lib/deadline.ts, db/*) and the client
// gets a 503 with the error envelope and Retry-After, with the same security and CORS headers as any answer.
// A streamed body is not cut: the deadline covers the answer's start.
import { Elysia } from 'elysia';
import { createDeadline, runWithDeadline, untilDeadline } from '../lib/deadline.ts';
import { deadlineMessage, errorBody, retryAfterSeconds } from './errors.ts';

export interface RequestDeadlineOptions {
  /** How long a request may take until its answer starts. */
  ms: number;
  /** Headers every answer carries (security headers, CORS), for the 503 made here. */
  headersOf(request: Request): Record<string, string>;
}

type Handle = (request: Request, ...rest: unknown[]) => Response | Promise<Response>;

export const requestDeadline = ({ ms, headersOf }: RequestDeadlineOptions) =>
  new Elysia({ name: 'plugin.request-deadline' }).wrap(((fn: Handle) =>
    (request: Request, ...rest: unknown[]) => {
      const deadline = createDeadline(ms);
      const answer = runWithDeadline(deadline, () => Promise.resolve().then(() => fn(request, ...rest)));
      return untilDeadline(deadline, answer)
        .catch((error: unknown) => {
          if (!deadline.signal.aborted) throw error;
          return new Response(JSON.stringify(errorBody('unavailable', deadlineMessage)), {
            status: 503,
            headers: {
              ...headersOf(request),
              'content-type': 'application/json',
              'cache-control': 'no-store',
              'retry-after': String(retryAfterSeconds),
            },
          });
        })
        .finally(() => deadline.clear());
    }) as never);
