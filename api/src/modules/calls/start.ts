// Starting a call (spec §5 'Starting a call'; issue: calling): the number normalised and priced from the rate deck,
// premium-rate and shared-cost destinations refused, the caller ID checked against what the user owns, and in one
// transaction on the user's row: the balance not held by another call must pay the connection fee and the first
// increment; the call's time limit is what it pays for (at most 4 hours) and the cost at that limit is held until
// the call is settled. One outbound call at a time: the database's unique index refuses a second.
import { affordableCall, costCentsOfBilled, pricingOf } from '@ringwise/contract/calls';
import { moneyOf } from '@ringwise/contract/decimal';
import type { CallStarted, CallStartInput } from '@ringwise/contract/schemas';
import { normalizeDialledNumber } from '@ringwise/phone';
import { lineOf, numberTypeOf } from '@ringwise/phone/types';
import { formatRate, formatUsd } from '@ringwise/ui/format';
import type { Database, Sql } from '../../db/database.ts';
import { fieldValidationError, HttpError } from '../../plugins/errors.ts';
import type { RateMatch } from '../rates/model.ts';
import type { RateService } from '../rates/service.ts';
import { staleCallParams, staleCallSql, sweepStaleCalls } from './sweeper.ts';

export interface StartCallServices {
  db: Pick<Database, 'privileged'>;
  rates: Pick<RateService, 'match'>;
  /** The public caller number (TWILIO_PUBLIC_NUMBER, or the simulator's). */
  publicNumber: string | null;
}

export const numberTypeWords: Record<string, string> = {
  landline: 'Landline',
  mobile: 'Mobile',
  'toll-free': 'Toll-free',
  'shared-cost': 'Shared-cost',
  premium: 'Premium-rate',
  other: 'Other',
};

export const callInProgress = () => new HttpError(409, 'call_in_progress', 'Please end the current call first');

/** The destination as E.164 (a valid number, not premium-rate or shared-cost), or a clear message. */
export function destinationOf(typed: string): string {
  const trimmed = typed.trim();
  // empty, or only a country code
  if (trimmed.replace(/\D/g, '').length <= 3) throw fieldValidationError({ destinationNumber: 'Please enter a phone number' });
  const dialled = normalizeDialledNumber(/^(\+|00)/.test(trimmed) ? trimmed : `+${trimmed}`);
  if ('problem' in dialled) throw fieldValidationError({ destinationNumber: dialled.problem });
  const destination = `+${dialled.digits}`;
  if (!lineOf(destination)) {
    throw fieldValidationError({ destinationNumber: `${destination} is not a valid phone number. Check the number and its country code.` });
  }
  const type = numberTypeOf(destination);
  if (type === 'premium' || type === 'shared-cost') {
    throw new HttpError(400, 'destination_refused', `${numberTypeWords[type]} numbers cannot be called from Ringwise.`);
  }
  return destination;
}

export interface CallerId {
  number: string;
  method: 'public' | 'virtual' | 'verified';
}

/** What a start reads in its first statement, the user's row locked. */
interface StartState {
  blocked: string | null;
  /** Balance minus held, in cents; null when the user has no profile. */
  available_cents: string | null;
  /** How the user owns the caller ID asked for (null: not theirs, or none asked for). */
  caller_method: 'virtual' | 'verified' | null;
  /** A call of the user still queued, ringing or in progress. */
  active: boolean;
  /** A call of the user the sweeper would end (sweeper.ts). */
  stale: boolean;
}

/** A start that found a stale call of the user: rolled back, the call swept, and the start run again. */
class StaleCallFound extends Error {}

export type Priced = { match: RateMatch } | { error: unknown };

/** The rate of the destination, or the rate deck's refusal as the caller sees it. */
export function rateOf(destination: string, priced: Priced): RateMatch {
  if ('error' in priced) {
    const { error } = priced;
    if (error instanceof HttpError && error.status === 404) {
      throw new HttpError(400, 'no_rate', `Calls to ${destination} are not available: we have no rate for that destination.`);
    }
    if (error instanceof HttpError && error.status === 400) throw fieldValidationError({ destinationNumber: error.message });
    throw error;
  }
  const { match } = priced;
  if (match.numberType === 'premium' || match.numberType === 'shared-cost') {
    throw new HttpError(400, 'destination_refused', `${numberTypeWords[match.numberType]} numbers cannot be called from Ringwise.`);
  }
  return match;
}

/**
 * A start in one transaction of two statements: the first locks the user's row and reads everything the start
 * checks (blocked destination, caller ID, balance, a call running or stale), the second inserts the call and holds
 * its money. The checks answer in this order: blocked, the rate, the caller ID, the profile, a call running, the
 * balance. `sweep`: a stale call of the user is swept first (StaleCallFound) rather than counted as running.
 */
async function startIn(
  sql: Sql,
  services: StartCallServices,
  start: { userId: string; destination: string; priced: Priced; fromNumber: string | null; sweep: boolean },
): Promise<CallStarted> {
  const { userId, destination, fromNumber } = start;
  // the caller ID asked for, unless it is the public number (or none: the public number)
  const own = fromNumber !== null && fromNumber !== services.publicNumber ? fromNumber : null;
  const [state] = await sql.query<StartState>(
    `select private.blocked_prefix_of($6) as blocked,
       ((u.balance - u.held) * 100)::bigint::text as available_cents,
       (select 'virtual' from public.virtual_numbers where user_id = $1 and phone_number = $7 and is_active
        union all
        select 'verified' from public.verified_caller_ids where user_id = $1 and phone_number = $7 and verification_status = 'verified' and deleted_at is null
        limit 1) as caller_method,
       exists (select 1 from public.calls where user_id = $1 and call_direction = 'outbound' and forwarded_from is null and status in ('queued', 'ringing', 'in-progress')) as active,
       exists (select 1 from public.calls where ${staleCallSql}) as stale
     from (select) as one
     left join (select balance, held from public.users where id = $1 for update) as u on true`,
    [...staleCallParams(userId), destination, own],
  );
  // destinations an admin blocked (fraud, abuse): refused before anything is priced or held
  if (state?.blocked) throw new HttpError(400, 'destination_refused', `Calls to numbers starting +${state.blocked} are blocked.`);
  const match = rateOf(destination, start.priced);
  let from: CallerId;
  if (own === null) {
    if (!services.publicNumber) throw new HttpError(503, 'unavailable', 'Calling is not set up yet: no public caller number is configured.');
    from = { number: services.publicNumber, method: 'public' };
  } else if (state?.caller_method) {
    from = { number: own, method: state.caller_method };
  } else {
    throw fieldValidationError({ fromNumber: `${own} is not one of your numbers. Choose one of your virtual numbers or verified caller IDs.` });
  }
  const pricing = pricingOf(match);
  const firstCharge = costCentsOfBilled(pricing, pricing.initialIncrement);
  if (!state || state.available_cents === null) throw new HttpError(404, 'not_found', 'Your profile was not found. Sign out and in again.');
  // a call of this user that never connected (the page closed mid-start) does not block this one
  if (state.stale && start.sweep) throw new StaleCallFound();
  // a call already running: the same answer the unique index would give, without waiting for it
  if (state.active) throw callInProgress();
  const available = BigInt(state.available_cents);
  const affordable = affordableCall(pricing, available);
  if (!affordable) {
    throw new HttpError(
      402,
      'insufficient_balance',
      `Your available balance of ${formatUsd(moneyOf(available))} does not cover this call: ${formatUsd(moneyOf(firstCharge))} for the first ${pricing.initialIncrement} seconds at ${formatRate(pricing.pricePerMinute)}/min. Add credit to call.`,
      { balance: moneyOf(available), required: moneyOf(firstCharge) },
    );
  }
  let callId: string;
  try {
    callId = await insertHeldCall(sql, { userId, destination, from, match, pricing, seconds: affordable.seconds, hold: moneyOf(affordable.holdCents) });
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw callInProgress();
    throw error;
  }
  return {
    callId,
    rate: pricing.pricePerMinute,
    pricing,
    maxDurationSeconds: affordable.seconds,
    destinationNumber: destination,
    fromNumber: from.number,
    callingMethod: from.method,
  };
}

/** A call priced and held: its row (queued) and the hold on the user's row, in one statement. The user's row must
 *  be locked by the caller's transaction. `forwardedFrom`: a forwarded leg of that incoming call (forward.ts). */
export async function insertHeldCall(
  sql: Sql,
  call: { userId: string; destination: string; from: CallerId; match: RateMatch; pricing: ReturnType<typeof pricingOf>; seconds: number; hold: string; forwardedFrom?: string },
): Promise<string> {
  const { match, pricing } = call;
  const [inserted] = await sql.query<{ id: string }>(
    `with call as (
       insert into public.calls (user_id, destination_number, from_number, status, calling_method, call_direction, rate, rate_source,
         rate_id, matched_prefix, rate_name, connection_fee, initial_increment, increment, max_duration_seconds, hold_amount, forwarded_from)
       values ($1, $2, $3, 'queued', $4, 'outbound', $5, 'deck', $6, $7, $8, $9, $10, $11, $12, $13, $14)
       returning id),
     held as (update public.users set held = held + $13 where id = $1)
     select id from call`,
    [
      call.userId,
      call.destination,
      call.from.number,
      call.from.method,
      pricing.pricePerMinute,
      match.rateId,
      match.prefix,
      `${match.country} — ${numberTypeWords[match.numberType] ?? match.numberType}`,
      pricing.connectionFee,
      pricing.initialIncrement,
      pricing.increment,
      call.seconds,
      call.hold,
      call.forwardedFrom ?? null,
    ],
  );
  return inserted!.id;
}

export async function startCall(services: StartCallServices, userId: string, input: CallStartInput): Promise<CallStarted> {
  const destination = destinationOf(input.destinationNumber);
  // the deck is in memory (a refresh of it is a transaction of its own, so it is asked before ours); its refusal is
  // given after the blocked-destination check, as the order above says
  const priced: Priced = await services.rates.match(destination).then(
    (match) => ({ match }),
    (error: unknown) => ({ error }),
  );
  const start = { userId, destination, priced, fromNumber: input.fromNumber?.trim() || null, sweep: true };
  try {
    return await services.db.privileged((sql) => startIn(sql, services, start));
  } catch (error) {
    if (!(error instanceof StaleCallFound)) throw error;
  }
  await sweepStaleCalls(services.db, null, userId);
  return services.db.privileged((sql) => startIn(sql, services, { ...start, sweep: false }));
}
