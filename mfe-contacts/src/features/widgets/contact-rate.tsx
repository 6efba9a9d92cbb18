// Under each contact in the dialer's picker: the price per minute to their number and how many minutes the balance
// buys (as Talk360 shows it). Lookups share the rate cache with the dialer's rate line; a failed one shows nothing.
import { useQuery } from '@tanstack/react-query';
import { minutesAvailable } from '@ringwise/contract/decimal';
import { rateQueries } from '@ringwise/contract/rates';
import { userQueries } from '@ringwise/contract/users';
import { formatRate } from '@ringwise/ui/format';

export function ContactRate({ number }: { number: string }) {
  const lookup = useQuery({ ...rateQueries.lookup(number), meta: { handlesError: true }, staleTime: 60 * 60 * 1000 });
  const user = useQuery({ ...userQueries.current(), meta: { handlesError: true } });
  if (!lookup.isSuccess) return null;
  const minutes = user.data ? minutesAvailable(user.data.balance, lookup.data.rate) : null;
  return (
    <span className="ct:block ct:truncate ct:text-xs ct:tabular-nums ct:text-muted-foreground" data-testid="contact-rate">
      {formatRate(lookup.data.rate)}/min{minutes !== null ? ` · ≈ ${minutes.toString()} min` : ''}
    </span>
  );
}
