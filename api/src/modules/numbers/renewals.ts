// Monthly renewals, run by every api process (ARCHITECTURE.md §1: scheduled work is claimed in Postgres): each
// due number is renewed in its own transaction by private.renew_virtual_number, which skips a number another
// replica holds and keys each paid period (number, period start), so a month is charged once however many
// replicas run. Unpaid: a 7-day grace period with an e-mail; after it the number is released at the carrier.
// Also frees reservations a crashed purchase left behind (the number given back to the carrier if it was bought).
import type { Twilio } from 'twilio';
import type { Database } from '../../db/database.ts';
import { periodic, type Periodic } from '../../lib/periodic.ts';
import { carrier } from './carrier.ts';
import { releaseAtCarrier } from './purchase.ts';

export interface NumberRenewalsOptions {
  db: Pick<Database, 'privileged'>;
  twilio: Twilio;
  /** Told when a round created e-mail jobs (the billing jobs send them). */
  onJobs?: () => void;
  /** Numbers looked at per query. */
  batchSize?: number;
  /** A reservation older than this belongs to a purchase that died (default 10 minutes). */
  staleReservationMs?: number;
  log?: (message: string, error?: unknown) => void;
}

export interface RenewalRound {
  renewed: number;
  grace: number;
  released: number;
  freedReservations: number;
}

export interface NumberRenewals extends Periodic {
  /** One round over every number due now. */
  runDue(): Promise<RenewalRound>;
}

export function createNumberRenewals(options: NumberRenewalsOptions): NumberRenewals {
  const { db, twilio } = options;
  const batchSize = options.batchSize ?? 100;
  const staleMs = options.staleReservationMs ?? 10 * 60 * 1000;
  const log = options.log ?? ((message, error) => console.error(`[numbers] ${message}`, error ?? ''));

  async function release(id: string, sid: string | null): Promise<boolean> {
    if (sid) await releaseAtCarrier(twilio, sid);
    const [row] = await db.privileged((sql) => sql.query<{ status: string }>(`select (private.release_virtual_number($1, 'unpaid')).status as status`, [id]));
    return row?.status === 'released';
  }

  async function freeStaleReservations(): Promise<number> {
    const stale = await db.privileged((sql) =>
      sql.query<{ id: string; phone_number: string }>(
        `select id, phone_number from public.virtual_numbers where status = 'pending' and purchased_at < now() - make_interval(secs => $1) limit $2`,
        [staleMs / 1000, batchSize],
      ),
    );
    let freed = 0;
    for (const reservation of stale) {
      try {
        const bought = await carrier(() => twilio.incomingPhoneNumbers.list({ phoneNumber: reservation.phone_number, limit: 1 }));
        for (const number of bought) await releaseAtCarrier(twilio, number.sid);
        await db.privileged((sql) => sql.query(`delete from public.virtual_numbers where id = $1 and status = 'pending'`, [reservation.id]));
        freed += 1;
      } catch (error) {
        log(`could not free the stale reservation of ${reservation.phone_number}`, error);
      }
    }
    return freed;
  }

  async function runDue(): Promise<RenewalRound> {
    const round: RenewalRound = { renewed: 0, grace: 0, released: 0, freedReservations: 0 };
    let after: { renewsAt: string; id: string } | null = null;
    for (;;) {
      const page: Array<{ id: string; twilio_sid: string | null; renews_at: string }> = await db.privileged((sql) =>
        sql.query(
          `select id, twilio_sid, renews_at::text as renews_at from public.virtual_numbers
           where status in ('active', 'grace') and renews_at <= now()
             and ($1::timestamptz is null or (renews_at, id) > ($1::timestamptz, $2::uuid))
           order by renews_at, id limit $3`,
          [after?.renewsAt ?? null, after?.id ?? null, batchSize],
        ),
      );
      for (const number of page) {
        try {
          const [result] = await db.privileged((sql) => sql.query<{ outcome: string }>('select private.renew_virtual_number($1) as outcome', [number.id]));
          const outcome = result?.outcome;
          if (outcome === 'renewed') round.renewed += 1;
          else if (outcome === 'grace') round.grace += 1;
          else if (outcome === 'release' && (await release(number.id, number.twilio_sid))) round.released += 1;
        } catch (error) {
          log(`renewal of number ${number.id} failed; the next round tries again`, error);
        }
      }
      if (page.length < batchSize) break;
      const last = page[page.length - 1]!;
      after = { renewsAt: last.renews_at, id: last.id };
    }
    round.freedReservations = await freeStaleReservations();
    if (round.grace + round.released > 0) options.onJobs?.();
    return round;
  }

  const rounds = periodic(runDue, { defaultIntervalMs: 5 * 60 * 1000, runAtStart: true, log: (error) => log('renewal round failed', error) });
  return { runDue, start: rounds.start, stop: rounds.stop };
}
