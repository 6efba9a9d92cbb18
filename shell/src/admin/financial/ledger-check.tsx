// The ledger check (what `bun run ledger:verify` reports): every balance recomputed from the ledger.
import { useQuery } from '@tanstack/react-query';
import type { AdminLedgerCheck } from '@ringwise/contract/admin';
import { Button } from '@ringwise/ui/button';
import { DataTable, type DataColumn } from '@ringwise/ui/data-table';
import { admin } from '../admin-api.ts';
import { LoadError, Loading } from '../admin-ui.tsx';
import { usd } from '../money.ts';

const differenceColumns: DataColumn<AdminLedgerCheck['differences'][number]>[] = [
  { header: 'User', cell: (d) => d.email, rowHeader: true },
  { header: 'Balance', cell: (d) => usd(d.balance), numeric: true },
  { header: 'Ledger', cell: (d) => usd(d.ledger), numeric: true },
  { header: 'Difference', cell: (d) => usd(d.difference), numeric: true },
];

export function LedgerCheck() {
  const check = useQuery({ ...admin.ledgerCheck(), meta: { handlesError: true } });
  if (check.isPending) return <Loading what="the ledger check" />;
  if (check.isError) return <LoadError what="the ledger check" error={check.error} onRetry={() => void check.refetch()} />;
  const { users, entries, differences } = check.data;
  return (
    <div className="sh:space-y-2">
      {differences.length === 0 ? (
        <p className="sh:text-sm" data-testid="ledger-check">
          Ledger holds: {users} users, {entries} entries.
        </p>
      ) : (
        <>
          <p role="alert" className="sh:text-sm sh:font-semibold sh:text-destructive" data-testid="ledger-check">
            {differences.length} {differences.length === 1 ? 'balance differs' : 'balances differ'} from the ledger ({users} users, {entries} entries).
          </p>
          <DataTable label="Balances that differ from the ledger" columns={differenceColumns} rows={differences} rowKey={(d) => d.userId} />
        </>
      )}
      <Button variant="outline" size="sm" onClick={() => void check.refetch()}>
        {check.isFetching ? 'Checking…' : 'Check again'}
      </Button>
    </div>
  );
}
