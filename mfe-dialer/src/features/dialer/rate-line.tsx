// 'Rate ≈ $X/min' (3 decimals) and '≈ N min available' for the number typed (spec §2, §5: only for 8+ characters;
// a failed lookup hides the line).
import { useQuery } from '@tanstack/react-query';
import { rateQueries } from '@ringwise/contract/rates';
import { formatRate } from '@ringwise/ui/format';
import { minutesAvailable } from '@ringwise/contract/decimal';

export function RateLine({ number, balance }: { number: string | null; balance: string | null }) {
  const lookup = useQuery({ ...rateQueries.lookup(number ?? ''), enabled: number !== null, meta: { handlesError: true } });
  const rate = number !== null && lookup.isSuccess ? lookup.data.rate : null;
  const minutes = rate !== null && balance !== null ? minutesAvailable(balance, rate) : null;
  return (
    <p className="dl:flex dl:min-h-5 dl:justify-center dl:gap-3 dl:text-sm dl:text-muted-foreground" aria-live="polite" data-testid="rate-line">
      {rate !== null ? (
        <>
          <span>Rate ≈ {formatRate(rate)}/min</span>
          {minutes !== null ? <span>≈ {minutes.toString()} min available</span> : null}
        </>
      ) : null}
    </p>
  );
}
