// How many minutes a balance still buys (the low-balance e-mail): to the user's most-called destination, or at
// the US landline rate when they have not called yet.
import type { Database } from '../../db/database.ts';
import type { RateService } from '../rates/service.ts';
import { minutesFor, type MinutesEstimate } from './emails.ts';

export function createMinutesEstimator(db: Pick<Database, 'privileged'>, rates: Pick<RateService, 'match' | 'countryDetail'>) {
  return async function estimateMinutes(userId: string, balance: string): Promise<MinutesEstimate | null> {
    const [top] = await db.privileged((sql) =>
      sql.query<{ destination_number: string }>(
        `select destination_number from public.calls
         where user_id = $1 and deleted_at is null
         group by destination_number
         order by count(*) desc, max(created_at) desc
         limit 1`,
        [userId],
      ),
    );
    if (top) {
      try {
        const match = await rates.match(top.destination_number);
        return { minutes: minutesFor(balance, match.pricePerMinute), destination: `${match.country} (${match.numberType})`, rate: match.pricePerMinute };
      } catch {
        // no rate for that number any more: fall back to the US rate
      }
    }
    try {
      const us = await rates.countryDetail('US');
      const rate = us.landlineRate ?? us.mobileRate;
      return rate ? { minutes: minutesFor(balance, rate), destination: 'the United States', rate } : null;
    } catch {
      return null;
    }
  };
}
