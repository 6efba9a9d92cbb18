// One user: balance, held, role, ledger, calls and numbers, with the balance adjustment and the role change.
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import type { AdminUserDetail } from '@ringwise/contract/admin';
import { admin } from '../admin-api.ts';
import { formatDateTime } from '@ringwise/ui/format';
import { LoadError, Loading, numClass, TableScroll, tableClass, tdClass, thClass } from '../admin-ui.tsx';
import { minutesSeconds, usd } from '../money.ts';
import { AdjustBalanceButton } from './adjust-balance-dialog.tsx';
import { RoleControl } from './role-control.tsx';

const linkClass = 'sh:text-sm sh:font-medium sh:text-primary sh:underline-offset-4 sh:hover:underline';

export function UserDetail({ id }: { id: string }) {
  const detail = useQuery({ ...admin.user(id), meta: { handlesError: true } });
  return (
    <div className="sh:space-y-6">
      <Link href="/admin/users" className={linkClass}>
        ← All users
      </Link>
      {detail.isPending ? (
        <Loading what="the user" />
      ) : detail.isError ? (
        <LoadError what="the user" error={detail.error} onRetry={() => void detail.refetch()} />
      ) : (
        <UserPanel detail={detail.data} />
      )}
    </div>
  );
}

function UserPanel({ detail }: { detail: AdminUserDetail }) {
  const { user } = detail;
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
  return (
    <>
      <section aria-labelledby="user-heading" className="sh:space-y-4 sh:rounded-lg sh:border sh:border-border sh:bg-background sh:p-4">
        <h2 id="user-heading" className="sh:break-all sh:text-lg sh:font-semibold">
          {user.email}
        </h2>
        <dl className="sh:grid sh:grid-cols-2 sh:gap-3 sh:text-sm sh:sm:grid-cols-4">
          <div>
            <dt className="sh:text-muted-foreground">Balance</dt>
            <dd className="sh:text-xl sh:font-semibold sh:tabular-nums" data-testid="user-balance">
              {usd(user.balance)}
            </dd>
          </div>
          <div>
            <dt className="sh:text-muted-foreground">Held by calls</dt>
            <dd className="sh:text-xl sh:font-semibold sh:tabular-nums">{usd(user.held)}</dd>
          </div>
          <div>
            <dt className="sh:text-muted-foreground">Name</dt>
            <dd>{name || '—'}</dd>
          </div>
          <div>
            <dt className="sh:text-muted-foreground">Joined</dt>
            <dd>{formatDateTime(user.createdAt)}</dd>
          </div>
        </dl>
        <div className="sh:flex sh:flex-wrap sh:items-end sh:gap-6">
          <AdjustBalanceButton user={user} />
          <RoleControl key={user.role} user={user} />
        </div>
        <Link href={`/admin/calls?userId=${user.id}`} className={linkClass}>
          All of this user's calls
        </Link>
      </section>
      <Ledger transactions={detail.transactions} />
      <Calls calls={detail.calls} />
      <Numbers numbers={detail.numbers} />
    </>
  );
}

function Ledger({ transactions }: { transactions: AdminUserDetail['transactions'] }) {
  return (
    <section aria-labelledby="ledger-heading" className="sh:space-y-2">
      <h2 id="ledger-heading" className="sh:text-lg sh:font-semibold">
        Ledger
      </h2>
      {transactions.length === 0 ? (
        <p className="sh:text-sm sh:text-muted-foreground">No ledger entries.</p>
      ) : (
        <TableScroll label="Ledger">
          <table className={tableClass}>
            <thead>
              <tr>
                <th scope="col" className={thClass}>When</th>
                <th scope="col" className={thClass}>Type</th>
                <th scope="col" className={thClass}>Description</th>
                <th scope="col" className={`${thClass} ${numClass}`}>Amount</th>
                <th scope="col" className={thClass}>Status</th>
              </tr>
            </thead>
            <tbody>
              {transactions.map((entry) => (
                <tr key={entry.id}>
                  <td className={tdClass}>{formatDateTime(entry.createdAt)}</td>
                  <td className={tdClass}>{entry.type}</td>
                  <td className={tdClass}>{entry.description ?? '—'}</td>
                  <td className={`${tdClass} ${numClass}`}>{usd(entry.amount)}</td>
                  <td className={tdClass}>{entry.status}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}

function Calls({ calls }: { calls: AdminUserDetail['calls'] }) {
  return (
    <section aria-labelledby="user-calls-heading" className="sh:space-y-2">
      <h2 id="user-calls-heading" className="sh:text-lg sh:font-semibold">
        Calls
      </h2>
      {calls.length === 0 ? (
        <p className="sh:text-sm sh:text-muted-foreground">No calls.</p>
      ) : (
        <TableScroll label="Calls">
          <table className={tableClass}>
            <thead>
              <tr>
                <th scope="col" className={thClass}>When</th>
                <th scope="col" className={thClass}>Number</th>
                <th scope="col" className={thClass}>Direction</th>
                <th scope="col" className={thClass}>Status</th>
                <th scope="col" className={`${thClass} ${numClass}`}>Length</th>
                <th scope="col" className={`${thClass} ${numClass}`}>Cost</th>
              </tr>
            </thead>
            <tbody>
              {calls.map((call) => (
                <tr key={call.id}>
                  <td className={tdClass}>{formatDateTime(call.createdAt)}</td>
                  <td className={tdClass}>{call.destinationNumber ?? '—'}</td>
                  <td className={tdClass}>{call.direction}</td>
                  <td className={tdClass}>{call.status}</td>
                  <td className={`${tdClass} ${numClass}`}>{minutesSeconds(call.duration)}</td>
                  <td className={`${tdClass} ${numClass}`}>{usd(call.cost)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}

function Numbers({ numbers }: { numbers: AdminUserDetail['numbers'] }) {
  return (
    <section aria-labelledby="user-numbers-heading" className="sh:space-y-2">
      <h2 id="user-numbers-heading" className="sh:text-lg sh:font-semibold">
        Numbers
      </h2>
      {numbers.length === 0 ? (
        <p className="sh:text-sm sh:text-muted-foreground">No virtual numbers.</p>
      ) : (
        <TableScroll label="Numbers">
          <table className={tableClass}>
            <thead>
              <tr>
                <th scope="col" className={thClass}>Number</th>
                <th scope="col" className={thClass}>Country</th>
                <th scope="col" className={thClass}>Status</th>
                <th scope="col" className={`${thClass} ${numClass}`}>Monthly</th>
                <th scope="col" className={thClass}>Renews</th>
              </tr>
            </thead>
            <tbody>
              {numbers.map((number) => (
                <tr key={number.id}>
                  <td className={tdClass}>{number.phoneNumber}</td>
                  <td className={tdClass}>{number.country ?? '—'}</td>
                  <td className={tdClass}>{number.status}</td>
                  <td className={`${tdClass} ${numClass}`}>{usd(number.monthlyPrice)}</td>
                  <td className={tdClass}>{number.renewsAt ? formatDateTime(number.renewsAt) : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}
