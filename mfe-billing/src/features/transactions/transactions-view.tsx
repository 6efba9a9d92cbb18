// 'Balance & Transactions' (spec §2): the balance with an Add Credits button, then every ledger entry,
// newest first, a page at a time. The page that uses it decides what Add Credits opens (the top-up dialog).
import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { userQueries } from '@ringwise/contract/users';
import { Button } from '@ringwise/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@ringwise/ui/card';
import { formatUsd } from '@ringwise/ui/format';
import { TransactionList } from '../../components/transaction-list.tsx';
import { Skeleton } from '../../lib/skeleton.tsx';

export function TransactionsView({ onAddCredits }: { onAddCredits: () => void }) {
  const user = useQuery({ ...userQueries.current(), meta: { handlesError: true } });
  return (
    <section aria-labelledby="transactions-title" className="bl:space-y-4">
      <h1 id="transactions-title" className="bl:text-2xl bl:font-bold">
        Balance &amp; Transactions
      </h1>
      <Card>
        <CardHeader className="bl:flex-row bl:flex-wrap bl:items-center bl:justify-between bl:gap-4">
          <div className="bl:space-y-1">
            <p className="bl:text-sm bl:text-muted-foreground">Balance</p>
            <div className="bl:text-3xl bl:font-bold bl:tabular-nums" data-testid="balance">
              {user.isPending ? (
                <>
                  <Skeleton className="bl:h-9 bl:w-28" />
                  <span className="bl:sr-only">Loading balance</span>
                </>
              ) : user.data ? (
                formatUsd(user.data.balance)
              ) : (
                <span title="Balance unavailable">$—</span>
              )}
            </div>
          </div>
          <Button onClick={onAddCredits} aria-haspopup="dialog">
            <Plus aria-hidden="true" className="bl:size-4" /> Add Credits
          </Button>
        </CardHeader>
      </Card>
      <Card>
        <CardHeader className="bl:pb-2">
          <CardTitle asChild>
            <h2 className="bl:text-lg">Transactions</h2>
          </CardTitle>
        </CardHeader>
        <CardContent>
          <TransactionList label="Transactions" what="transactions" emptyText="No transactions yet." />
        </CardContent>
      </Card>
    </section>
  );
}
