import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { Plus } from 'lucide-react';
import { userQueries } from '@ringwise/contract/users';
import { Button } from '@ringwise/ui/button';
import { Skeleton } from '@ringwise/ui/skeleton';
import { formatUsd } from '@ringwise/ui/format';

/** The balance in the header, with the quick add-credits button beside it. */
export function BalanceButton() {
  const user = useQuery({ ...userQueries.current(), meta: { handlesError: true } });
  return (
    <div className="sh:flex sh:items-center sh:gap-1 sh:rounded-full sh:border sh:border-border sh:bg-card sh:py-1 sh:pl-3 sh:pr-1">
      <Link href="/home/transactions" className="sh:text-sm sh:font-semibold sh:tabular-nums" aria-label="Balance and transactions">
        {user.isPending ? (
          <Skeleton className="sh:h-4 sh:w-12" />
        ) : user.data ? (
          <span data-testid="header-balance">{formatUsd(user.data.balance)}</span>
        ) : (
          <span title="Balance unavailable">$—</span>
        )}
      </Link>
      <Button asChild size="icon" className="sh:h-7 sh:w-7 sh:rounded-full">
        <Link href="/home/transactions" aria-label="Add credits" title="Add credits">
          <Plus aria-hidden className="sh:h-4 sh:w-4" />
        </Link>
      </Button>
    </div>
  );
}
