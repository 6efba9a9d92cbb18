// The ledger check (what `bun run ledger:verify` reports): every balance recomputed from the ledger.
import { useQuery } from '@tanstack/react-query';
import { Button } from '@ringwise/ui/button';
import { admin } from '../admin-api.ts';
import { LoadError, Loading, numClass, TableScroll, tableClass, tdClass, thClass } from '../admin-ui.tsx';
import { usd } from '../money.ts';

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
          <TableScroll label="Balances that differ from the ledger">
            <table className={tableClass}>
              <thead>
                <tr>
                  <th scope="col" className={thClass}>User</th>
                  <th scope="col" className={`${thClass} ${numClass}`}>Balance</th>
                  <th scope="col" className={`${thClass} ${numClass}`}>Ledger</th>
                  <th scope="col" className={`${thClass} ${numClass}`}>Difference</th>
                </tr>
              </thead>
              <tbody>
                {differences.map((d) => (
                  <tr key={d.userId}>
                    <th scope="row" className={`${tdClass} sh:text-left sh:font-normal`}>{d.email}</th>
                    <td className={`${tdClass} ${numClass}`}>{usd(d.balance)}</td>
                    <td className={`${tdClass} ${numClass}`}>{usd(d.ledger)}</td>
                    <td className={`${tdClass} ${numClass}`}>{usd(d.difference)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        </>
      )}
      <Button variant="outline" size="sm" onClick={() => void check.refetch()}>
        {check.isFetching ? 'Checking…' : 'Check again'}
      </Button>
    </div>
  );
}
