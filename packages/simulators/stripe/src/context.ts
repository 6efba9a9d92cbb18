// What every operation of the simulator works with and answers, and the account's rules they share. An operation
// runs inside one database transaction (`ctx.sql`), reads its parameters as Stripe validates them, and answers
// `{ status, body }` in Stripe's shapes. Failures that change nothing are thrown (SimulatorError: no idempotent
// result is saved for them, as [Idem] says); an outcome that changes state (a declined off-session payment) is
// answered, so it is saved and replayed like any response.
import type { SimulatorSql } from '@ringwise/simulator-common/host';
import { invalidRequest, type SimulatorError } from './errors.ts';
import type { EventType } from './model.ts';

export interface SimulatorContext {
  sql: SimulatorSql;
  /** Now, in Unix seconds. */
  now: number;
  /** The simulator's own public origin: the hosted pages' addresses are below it. */
  publicUrl: string;
  /** Records an event in this transaction; it is delivered after the transaction commits. */
  emit(type: EventType, object: object): Promise<void>;
}

export interface ApiResult {
  status: number;
  body: unknown;
}

/** Where the simulator's API and pages live below its origin. */
export const pagesPath = '/sim/stripe';

export const ok = (body: unknown): ApiResult => ({ status: 200, body });

/** Stripe's minimum charge amount in usd. */
export const minimumAmount = 50;

export const supportedCurrency = 'usd';

/** A real Stripe parameter this simulator does not model: refused plainly rather than ignored. */
export function unsupported(param: string, what = `the parameter \`${param}\``): SimulatorError {
  return invalidRequest(`The Ringwise payment simulator does not support ${what}.`, { param });
}
