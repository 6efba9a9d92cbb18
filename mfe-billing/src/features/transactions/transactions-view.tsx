import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { userQueries } from '@ringwise/contract/users';
import { Button } from '@ringwise/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@ringwise/ui/card';
import { formatUsd } from '@ringwise/ui/format';

export function TransactionsView() {
  const user = useQuery({ ...userQueries.current(), meta: { handlesError: true } });
  return (
    <section aria-labelledby="transactions-title" className="bl:space-y-4">
      <h1 id="transactions-title" className="bl:text-2xl bl:font-bold">
        Balance &amp; Transactions
      </h1>
      <Card>
        <CardHeader className="bl:flex-row bl:items-center bl:justify-between bl:gap-3">
          <div>
            <p className="bl:text-sm bl:text-muted-foreground">Balance</p>
            <CardTitle className="bl:text-3xl bl:tabular-nums">{user.data ? formatUsd(user.data.balance) : '$—'}</CardTitle>
          </div>
          <Button disabled>
            <Plus aria-hidden className="bl:h-4 bl:w-4" /> Add Credits
          </Button>
        </CardHeader>
      </Card>
      <Card>
        <CardContent className="bl:p-6 bl:text-sm bl:text-muted-foreground">
          Top-ups and call charges appear here.
        </CardContent>
      </Card>
    </section>
  );
}
