// The users, 50 a page, found by e-mail or name (the search waits for typing to pause).
import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { adminPageSize, type AdminUser } from '@ringwise/contract/admin';
import { admin } from '../admin-api.ts';
import { Button } from '@ringwise/ui/button';
import { DataTable, type DataColumn } from '@ringwise/ui/data-table';
import { formatDateTime } from '@ringwise/ui/format';
import { Input } from '@ringwise/ui/input';
import { Label } from '@ringwise/ui/label';
import { useDebouncedValue } from '@ringwise/ui/hooks/use-debounced-value';
import { LoadError, Loading } from '../admin-ui.tsx';
import { usd } from '../money.ts';

export const searchDelayMs = 300;

/** "Showing 51–100 of 230 users" */
export function pageRange(page: number, count: number, total: number): string {
  if (total === 0 || count === 0) return total === 0 ? 'No users found' : `No users on this page of ${total}`;
  const first = (page - 1) * adminPageSize + 1;
  return `Showing ${first}–${first + count - 1} of ${total} ${total === 1 ? 'user' : 'users'}`;
}

const columns: DataColumn<AdminUser>[] = [
  {
    header: 'E-mail',
    cell: (user) => (
      <Link href={`/admin/users?user=${user.id}`} className="sh:font-medium sh:text-primary sh:underline-offset-4 sh:hover:underline">
        {user.email}
      </Link>
    ),
    rowHeader: true,
  },
  { header: 'Name', cell: (user) => [user.firstName, user.lastName].filter(Boolean).join(' ') || '—' },
  { header: 'Role', cell: (user) => user.role },
  { header: 'Balance', cell: (user) => usd(user.balance), numeric: true },
  { header: 'Held', cell: (user) => usd(user.held), numeric: true },
  { header: 'Joined', cell: (user) => formatDateTime(user.createdAt) },
];

export function UserList() {
  const searchId = useId();
  const [typed, setTyped] = useState('');
  const search = useDebouncedValue(typed.trim(), searchDelayMs);
  const [paging, setPaging] = useState({ search: '', page: 1 });
  // a new search starts at its first page
  const page = paging.search === search ? paging.page : 1;
  const users = useQuery({ ...admin.users(search, page), meta: { handlesError: true } });
  const lastPage = users.data ? Math.max(1, Math.ceil(users.data.total / adminPageSize)) : 1;

  return (
    <div className="sh:space-y-4">
      <div className="sh:max-w-md sh:space-y-2">
        <Label htmlFor={searchId}>Search users</Label>
        <Input id={searchId} type="search" value={typed} onChange={(event) => setTyped(event.target.value)} placeholder="E-mail or name" autoComplete="off" />
      </div>
      {users.isPending ? (
        <Loading what="users" />
      ) : users.isError && !users.data ? (
        <LoadError what="users" error={users.error} onRetry={() => void users.refetch()} />
      ) : (
        <>
          <p aria-live="polite" className="sh:text-sm sh:text-muted-foreground" data-testid="users-total">
            {pageRange(page, users.data.users.length, users.data.total)}
            {users.isFetching ? ' (updating…)' : ''}
          </p>
          {users.data.users.length > 0 ? (
            <DataTable label="Users" columns={columns} rows={users.data.users} rowKey={(user) => user.id} />
          ) : null}
          <nav aria-label="Pages of users" className="sh:flex sh:items-center sh:gap-3">
            <Button variant="outline" aria-disabled={page <= 1 || undefined} onClick={() => page > 1 && setPaging({ search, page: page - 1 })}>
              Previous
            </Button>
            <span className="sh:text-sm">
              Page {page} of {lastPage}
            </span>
            <Button variant="outline" aria-disabled={page >= lastPage || undefined} onClick={() => page < lastPage && setPaging({ search, page: page + 1 })}>
              Next
            </Button>
          </nav>
        </>
      )}
    </div>
  );
}
