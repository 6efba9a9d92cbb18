// Call forwarding (issue 36): a call to a virtual number that forwards (every call, or the ones the browser does not
// take) goes on to the owner's verified caller ID. The forwarded leg is a call of its own, priced and held exactly as
// an outgoing call (start.ts: the same rate deck, pricing, hold and time limit, one call_charge when it settles),
// linked to the incoming call by forwarded_from. A balance that cannot pay the first increment (or a destination
// we do not call) refuses it: the caller hears why, and may leave a voicemail instead.
import { affordableCall, incomingRingSeconds, pricingOf } from '@ringwise/contract/calls';
import { moneyOf } from '@ringwise/contract/decimal';
import twilio from 'twilio';
import { webhooks } from '@ringwise/contract/webhooks';
import type { Database } from '../../db/database.ts';
import type { RateService } from '../rates/service.ts';
import { insertHeldCall, rateOf, type Priced } from './start.ts';
import { voicemailStepUrl } from './voicemail-twiml.ts';

const { VoiceResponse } = twilio.twiml;

/** What the caller hears before the greeting when their call cannot be forwarded. */
export const forwardRefusedText = 'This call cannot be forwarded right now.';

export interface ForwardServices {
  db: Pick<Database, 'privileged'>;
  rates: Pick<RateService, 'match'>;
  publicUrl: string;
}

export type ForwardingMode = 'off' | 'unanswered' | 'always';

/** A number's forwarding, its target still a verified caller ID of the number's owner (else off). */
export interface Forwarding {
  mode: ForwardingMode;
  to: string | null;
}

/** SQL reading a number's forwarding (`v`: public.virtual_numbers), off when its target is no longer verified. */
export const forwardingColumnsSql = `case when v.forwarding_mode <> 'off' and exists (
    select 1 from public.verified_caller_ids c
    where c.user_id = v.user_id and c.phone_number = v.forward_to and c.verification_status = 'verified' and c.deleted_at is null)
  then v.forwarding_mode else 'off' end as forwarding_mode, v.forward_to`;

/** The forwarding of the number an incoming call was made to. */
export async function forwardingOfCall(db: Pick<Database, 'privileged'>, callId: string): Promise<Forwarding> {
  const [row] = await db.privileged((sql) =>
    sql.query<{ forwarding_mode: ForwardingMode; forward_to: string | null }>(
      `select ${forwardingColumnsSql} from public.calls call
       join public.virtual_numbers v on v.phone_number = call.destination_number and v.user_id = call.user_id and v.status in ('active', 'grace')
       where call.id = $1`,
      [callId],
    ),
  );
  return row ? { mode: row.forwarding_mode, to: row.forward_to } : { mode: 'off', to: null };
}

interface ForwardState {
  blocked: string | null;
  available_cents: string | null;
  existing_id: string | null;
  existing_seconds: number | null;
}

export interface IncomingCall {
  id: string;
  userId: string;
  /** Who called (shown to the user's phone as the caller ID, as Twilio does by default). */
  caller: string;
}

/**
 * Forwards the incoming call to `to`: the TwiML of the forwarded leg (<Dial action timeLimit><Number>), or null when
 * it cannot be (the balance, a blocked or unpriced destination). A repeated carrier request for the same call finds
 * the leg it started (one per incoming call: calls_one_forward_per_call_idx).
 */
export async function forwardTwiml(services: ForwardServices, incoming: IncomingCall, to: string): Promise<string | null> {
  const priced: Priced = await services.rates.match(to).then(
    (match) => ({ match }),
    (error: unknown) => ({ error }),
  );
  const leg = await services.db.privileged(async (sql) => {
    // the user's row locked first: a repeated request waits here, and its next statement sees the leg this one made
    await sql.query('select 1 from public.users where id = $1 for update', [incoming.userId]);
    const [state] = await sql.query<ForwardState>(
      `select private.blocked_prefix_of($2) as blocked,
         ((u.balance - u.held) * 100)::bigint::text as available_cents,
         f.id as existing_id, f.max_duration_seconds as existing_seconds
       from (select) as one
       left join public.users u on u.id = $1
       left join public.calls f on f.forwarded_from = $3`,
      [incoming.userId, to, incoming.id],
    );
    if (!state || state.available_cents === null || state.blocked) return null;
    if (state.existing_id) return { id: state.existing_id, seconds: state.existing_seconds ?? 1 };
    let match;
    try {
      match = rateOf(to, priced);
    } catch {
      return null;
    }
    const pricing = pricingOf(match);
    const affordable = affordableCall(pricing, BigInt(state.available_cents));
    if (!affordable) return null;
    const id = await insertHeldCall(sql, {
      userId: incoming.userId,
      destination: to,
      from: { number: incoming.caller, method: 'virtual' },
      match,
      pricing,
      seconds: affordable.seconds,
      hold: moneyOf(affordable.holdCents),
      forwardedFrom: incoming.id,
    });
    return { id, seconds: affordable.seconds };
  });
  if (!leg) return null;
  const response = new VoiceResponse();
  // no callerId: the user's phone shows who is calling (Twilio's default for a <Dial> on an incoming call)
  const dial = response.dial({
    answerOnBridge: true,
    timeout: incomingRingSeconds,
    timeLimit: leg.seconds,
    action: voicemailStepUrl(services.publicUrl, incoming.id, 'forwarded'),
    method: 'POST',
  });
  dial.number(
    {
      statusCallback: `${services.publicUrl}${webhooks.twilioCallStatus.path}?callId=${leg.id}`,
      statusCallbackEvent: ['initiated', 'ringing', 'answered', 'completed'],
      statusCallbackMethod: 'POST',
    },
    to,
  );
  return response.toString();
}
