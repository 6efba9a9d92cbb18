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
import type { Database } from '../../db/database.ts';
import { fieldValidationError, HttpError } from '../../plugins/errors.ts';
import type { RateService } from '../rates/service.ts';
import { sweepStaleCalls } from './sweeper.ts';

export interface StartCallServices {
  db: Pick<Database, 'privileged'>;
  rates: Pick<RateService, 'match'>;
  /** The public caller number (TWILIO_PUBLIC_NUMBER, or the simulator's). */
  publicNumber: string | null;
}

const numberTypeWords: Record<string, string> = {
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

interface CallerId {
  number: string;
  method: 'public' | 'virtual' | 'verified';
}

async function callerIdOf(services: StartCallServices, userId: string, fromNumber: string | null | undefined): Promise<CallerId> {
  const from = fromNumber?.trim() || null;
  if (from === null || from === services.publicNumber) {
    if (!services.publicNumber) throw new HttpError(503, 'unavailable', 'Calling is not set up yet: no public caller number is configured.');
    return { number: services.publicNumber, method: 'public' };
  }
  const [owned] = await services.db.privileged((sql) =>
    sql.query<{ method: 'virtual' | 'verified' }>(
      `select 'virtual' as method from public.virtual_numbers where user_id = $1 and phone_number = $2 and is_active
       union all
       select 'verified' from public.verified_caller_ids where user_id = $1 and phone_number = $2 and verification_status = 'verified' and deleted_at is null
       limit 1`,
      [userId, from],
    ),
  );
  if (!owned) throw fieldValidationError({ fromNumber: `${from} is not one of your numbers. Choose one of your virtual numbers or verified caller IDs.` });
  return { number: from, method: owned.method };
}

export async function startCall(services: StartCallServices, userId: string, input: CallStartInput): Promise<CallStarted> {
  const destination = destinationOf(input.destinationNumber);
  // destinations an admin blocked (fraud, abuse): refused before anything is priced or held
  const [blocked] = await services.db.privileged((sql) => sql.query<{ prefix: string | null }>('select private.blocked_prefix_of($1) as prefix', [destination]));
  if (blocked?.prefix) throw new HttpError(400, 'destination_refused', `Calls to numbers starting +${blocked.prefix} are blocked.`);
  const match = await services.rates.match(destination).catch((error: unknown) => {
    if (error instanceof HttpError && error.status === 404) {
      throw new HttpError(400, 'no_rate', `Calls to ${destination} are not available: we have no rate for that destination.`);
    }
    if (error instanceof HttpError && error.status === 400) throw fieldValidationError({ destinationNumber: error.message });
    throw error;
  });
  if (match.numberType === 'premium' || match.numberType === 'shared-cost') {
    throw new HttpError(400, 'destination_refused', `${numberTypeWords[match.numberType]} numbers cannot be called from Ringwise.`);
  }
  const from = await callerIdOf(services, userId, input.fromNumber);
  const pricing = pricingOf(match);
  const firstCharge = costCentsOfBilled(pricing, pricing.initialIncrement);
  // a call of this user that never connected (the page closed mid-start) does not block this one
  await sweepStaleCalls(services.db, null, userId);

  return services.db.privileged(async (sql): Promise<CallStarted> => {
    const [user] = await sql.query<{ available_cents: string; balance: string }>(
      `select ((balance - held) * 100)::bigint::text as available_cents, balance::text as balance from public.users where id = $1 for update`,
      [userId],
    );
    if (!user) throw new HttpError(404, 'not_found', 'Your profile was not found. Sign out and in again.');
    // a call already running: the same answer the unique index would give, without waiting for it
    const [active] = await sql.query(
      `select 1 from public.calls where user_id = $1 and call_direction = 'outbound' and status in ('queued', 'ringing', 'in-progress')`,
      [userId],
    );
    if (active) throw callInProgress();
    const available = BigInt(user.available_cents);
    const affordable = affordableCall(pricing, available);
    if (!affordable) {
      throw new HttpError(
        402,
        'insufficient_balance',
        `Your available balance of ${formatUsd(moneyOf(available))} does not cover this call: ${formatUsd(moneyOf(firstCharge))} for the first ${pricing.initialIncrement} seconds at ${formatRate(pricing.pricePerMinute)}/min. Add credit to call.`,
        { balance: moneyOf(available), required: moneyOf(firstCharge) },
      );
    }
    const hold = moneyOf(affordable.holdCents);
    let inserted: Array<{ id: string }>;
    try {
      inserted = await sql.query<{ id: string }>(
        `insert into public.calls (user_id, destination_number, from_number, status, calling_method, call_direction, rate, rate_source,
           rate_id, matched_prefix, rate_name, connection_fee, initial_increment, increment, max_duration_seconds, hold_amount)
         values ($1, $2, $3, 'queued', $4, 'outbound', $5, 'deck', $6, $7, $8, $9, $10, $11, $12, $13)
         returning id`,
        [
          userId,
          destination,
          from.number,
          from.method,
          pricing.pricePerMinute,
          match.rateId,
          match.prefix,
          `${match.country} — ${numberTypeWords[match.numberType] ?? match.numberType}`,
          pricing.connectionFee,
          pricing.initialIncrement,
          pricing.increment,
          affordable.seconds,
          hold,
        ],
      );
    } catch (error) {
      if ((error as { code?: string }).code === '23505') throw callInProgress();
      throw error;
    }
    await sql.query('update public.users set held = held + $2 where id = $1', [userId, hold]);
    return {
      callId: inserted[0]!.id,
      rate: pricing.pricePerMinute,
      pricing,
      maxDurationSeconds: affordable.seconds,
      destinationNumber: destination,
      fromNumber: from.number,
      callingMethod: from.method,
    };
  });
}
