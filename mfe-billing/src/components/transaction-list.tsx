// A ledger list (spec §2 Transactions view, Settings 'Billing History'): description, date, signed amount and
// status, newest first, a page at a time with 'Load more' (GET /api/transactions, cursor pages). Credits are
// green, charges in the text colour; completed entries are plain, pending ones marked, failed ones 'Failed' in
// the error colour (a failed entry moved no money, so its amount is struck through).
import { useEffect, useRef } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { billingQueries, type Transaction } from '@ringwise/contract/billing';
import { useNumbersInTextFormat, type PhoneFormat } from '@ringwise/phone/display';
import { Button } from '@ringwise/ui/button';
import { formatDateTime } from '@ringwise/ui/format';
import { formatSignedUsd, isCredit } from '../lib/money.ts';
import { Skeleton } from '../lib/skeleton.tsx';

/** What an entry is called when the api gave it no description. */
const typeNames: Record<Transaction['type'], string> = {
  credit_purchase: 'Credit purchase',
  auto_recharge: 'Auto-recharge',
  call_charge: 'Call charge',
  refund: 'Refund',
  number_purchase: 'Virtual number purchase',
  number_renewal: 'Virtual number renewal',
  adjustment: 'Balance adjustment',
};

export function transactionTitle(transaction: Transaction): string {
  return transaction.description?.trim() || typeNames[transaction.type];
}

export interface TransactionListProps {
  /** 'payments': top-ups and auto-recharges only (Billing History). */
  kind?: 'all' | 'payments';
  /** The list's accessible name. */
  label: string;
  emptyText: string;
  /** What the failure says: "Could not load your <what>". */
  what: string;
}

export function TransactionList({ kind = 'all', label, emptyText, what }: TransactionListProps) {
  const query = useInfiniteQuery({ ...billingQueries.transactions(kind), meta: { handlesError: true } });
  const listRef = useRef<HTMLUListElement>(null);
  const formatNumbers = useNumbersInTextFormat();
  // after 'Load more', the keyboard goes on where the reading does: the first entry it added
  const focusRow = useRef<number | null>(null);
  const count = query.data?.pages.reduce((sum, page) => sum + page.items.length, 0) ?? 0;
  useEffect(() => {
    const index = focusRow.current;
    if (index === null || count <= index) return;
    focusRow.current = null;
    (listRef.current?.children[index] as HTMLElement | undefined)?.focus();
  }, [count]);

  if (query.isPending) {
    return (
      <div role="status" aria-label={`Loading ${what}`} className="bl:space-y-3">
        {[0, 1, 2].map((row) => (
          <div key={row} className="bl:flex bl:items-center bl:justify-between bl:gap-4 bl:py-1">
            <div className="bl:flex-1 bl:space-y-2">
              <Skeleton className="bl:h-4 bl:w-2/3" />
              <Skeleton className="bl:h-3 bl:w-1/3" />
            </div>
            <Skeleton className="bl:h-5 bl:w-16" />
          </div>
        ))}
      </div>
    );
  }

  if (query.isError && !query.data) {
    return (
      <div role="alert" className="bl:flex bl:flex-col bl:items-center bl:gap-3 bl:py-6 bl:text-center">
        <p className="bl:font-semibold">Could not load your {what}</p>
        <p className="bl:text-sm bl:text-muted-foreground">Check your connection and try again.</p>
        <Button variant="outline" onClick={() => void query.refetch()}>
          Retry
        </Button>
      </div>
    );
  }

  const transactions = query.data.pages.flatMap((page) => page.items);
  if (transactions.length === 0) return <p className="bl:py-6 bl:text-center bl:text-sm bl:text-muted-foreground">{emptyText}</p>;

  function loadMore() {
    if (query.isFetchingNextPage) return;
    focusRow.current = transactions.length;
    void query.fetchNextPage();
  }

  return (
    <div className="bl:space-y-4">
      <ul ref={listRef} aria-label={label} className="bl:divide-y bl:divide-border">
        {transactions.map((transaction) => (
          <TransactionRow key={transaction.id} transaction={transaction} formatNumbers={formatNumbers} />
        ))}
      </ul>
      {query.isFetchNextPageError ? (
        <p role="alert" className="bl:text-center bl:text-sm bl:text-destructive">
          Could not load more. Try again.
        </p>
      ) : null}
      {query.hasNextPage ? (
        <div className="bl:flex bl:justify-center">
          <Button
            variant="outline"
            aria-disabled={query.isFetchingNextPage || undefined}
            onClick={loadMore}
          >
            {query.isFetchingNextPage ? 'Loading...' : 'Load more'}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

/** `formatNumbers`: the descriptions name numbers in E.164 ("Call to +447700900123 …"), shown as every number is. */
export function TransactionRow({ transaction, formatNumbers }: { transaction: Transaction; formatNumbers: PhoneFormat }) {
  const failed = transaction.status === 'failed';
  const credit = isCredit(transaction.amount);
  const amountClass = failed
    ? 'bl:text-muted-foreground bl:line-through'
    : credit
      ? 'bl:text-success'
      : 'bl:text-foreground';
  return (
    <li tabIndex={-1} data-status={transaction.status} className="bl:flex bl:items-start bl:justify-between bl:gap-4 bl:py-3 bl:outline-none bl:focus-visible:ring-2 bl:focus-visible:ring-ring">
      <div className="bl:min-w-0 bl:flex-1">
        <p className="bl:break-words bl:font-medium">{formatNumbers(transactionTitle(transaction))}</p>
        <p className="bl:text-sm bl:text-muted-foreground">
          <time dateTime={transaction.createdAt}>{formatDateTime(transaction.createdAt)}</time>
        </p>
      </div>
      <div className="bl:flex bl:shrink-0 bl:flex-col bl:items-end bl:gap-1">
        <span className={`bl:font-semibold bl:tabular-nums ${amountClass}`}>{formatSignedUsd(transaction.amount)}</span>
        <TransactionStatus status={transaction.status} />
      </div>
    </li>
  );
}

function TransactionStatus({ status }: { status: Transaction['status'] }) {
  if (status === 'failed') return <span className="bl:text-xs bl:font-semibold bl:text-destructive">Failed</span>;
  if (status === 'pending') {
    return (
      <span className="bl:rounded-full bl:border bl:border-border bl:bg-muted bl:px-2 bl:py-0.5 bl:text-xs bl:font-medium">Pending</span>
    );
  }
  return <span className="bl:text-xs bl:text-muted-foreground">Completed</span>;
}
