// How the api reaches a provider over HTTP (Stripe, Twilio, Supabase Auth, or their stand-ins): never with a
// database transaction open (db/transaction-scope.ts), and never past the deadline of the request or job it
// works for (lib/deadline.ts).
import { assertNoOpenTransaction } from '../db/transaction-scope.ts';
import { currentDeadline } from './deadline.ts';

/** A fetch an SDK can be given: the global one, or one that hands the Request to `app.handle` (tests: no network). */
export type FetchFunction = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/** `send`, refusing to run inside a transaction and aborted at the current deadline. */
export function providerFetch(provider: string, send: FetchFunction): FetchFunction {
  return (input, init) => {
    assertNoOpenTransaction(provider);
    const deadline = currentDeadline();
    if (!deadline) return send(input, init);
    const signal = init?.signal ? AbortSignal.any([init.signal, deadline.signal]) : deadline.signal;
    return send(input, { ...init, signal });
  };
}
