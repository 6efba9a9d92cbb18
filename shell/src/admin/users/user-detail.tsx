// One user: balance, held, role, ledger, calls and numbers, with the balance adjustment and the role change.
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import type { AdminUserDetail } from '@ringwise/contract/admin';
import { NumbersInText, PhoneNumber } from '@ringwise/phone/display';
import { admin } from '../admin-api.ts';
import { DataTable, type DataColumn } from '@ringwise/ui/data-table';
import { formatDateTime } from '@ringwise/ui/format';
import { LoadError, Loading, TitledSection } from '../admin-ui.tsx';
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
      <DetailTable title="Ledger" empty="No ledger entries." columns={ledgerColumns} rows={detail.transactions} />
      <DetailTable title="Calls" empty="No calls." columns={callColumns} rows={detail.calls} />
      <DetailTable title="Numbers" empty="No virtual numbers." columns={numberColumns} rows={detail.numbers} />
    </>
  );
}

const ledgerColumns: DataColumn<AdminUserDetail['transactions'][number]>[] = [
  { header: 'When', cell: (entry) => formatDateTime(entry.createdAt) },
  { header: 'Type', cell: (entry) => entry.type },
  { header: 'Description', cell: (entry) => (entry.description ? <NumbersInText text={entry.description} /> : '—') },
  { header: 'Amount', cell: (entry) => usd(entry.amount), numeric: true },
  { header: 'Status', cell: (entry) => entry.status },
];

const callColumns: DataColumn<AdminUserDetail['calls'][number]>[] = [
  { header: 'When', cell: (call) => formatDateTime(call.createdAt) },
  { header: 'Number', cell: (call) => (call.destinationNumber ? <PhoneNumber value={call.destinationNumber} /> : '—') },
  { header: 'Direction', cell: (call) => call.direction },
  { header: 'Status', cell: (call) => call.status },
  { header: 'Length', cell: (call) => minutesSeconds(call.duration), numeric: true },
  { header: 'Cost', cell: (call) => usd(call.cost), numeric: true },
];

const numberColumns: DataColumn<AdminUserDetail['numbers'][number]>[] = [
  { header: 'Number', cell: (number) => <PhoneNumber value={number.phoneNumber} /> },
  { header: 'Country', cell: (number) => number.country ?? '—' },
  { header: 'Status', cell: (number) => number.status },
  { header: 'Monthly', cell: (number) => usd(number.monthlyPrice), numeric: true },
  { header: 'Renews', cell: (number) => (number.renewsAt ? formatDateTime(number.renewsAt) : '—') },
];

/** One of the user's lists under its heading, or what it says when the list is empty. */
function DetailTable<Row extends { id: string }>({ title, empty, columns, rows }: { title: string; empty: string; columns: DataColumn<Row>[]; rows: Row[] }) {
  return (
    <TitledSection title={title} className="sh:space-y-2">
      {rows.length === 0 ? <p className="sh:text-sm sh:text-muted-foreground">{empty}</p> : <DataTable label={title} columns={columns} rows={rows} rowKey={(row) => row.id} />}
    </TitledSection>
  );
}
