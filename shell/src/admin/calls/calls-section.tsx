// /admin/calls: every call, filtered by user, status, country and dates, 50 a page, each with its itemised
// cost, the quality its calling device measured and a refund for a charged call not refunded yet. `?userId=` (a
// user's "All of this user's calls") fills the user filter.
import { useId, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearch } from 'wouter';
import { errorMessage } from '@ringwise/api-client';
import { adminPageSize, type AdminCall, type AdminCallFilters } from '@ringwise/contract/admin';
import { callStatuses } from '@ringwise/contract/calls';
import { PhoneNumber } from '@ringwise/phone/display';
import { Button } from '@ringwise/ui/button';
import { DataTable, type DataColumn } from '@ringwise/ui/data-table';
import { formatDateTime, formatRate } from '@ringwise/ui/format';
import { Input } from '@ringwise/ui/input';
import { Label } from '@ringwise/ui/label';
import { admin } from '../admin-api.ts';
import { fieldClass, LoadError, Loading } from '../admin-ui.tsx';
import { usd } from '../money.ts';
import { RefundButton } from './refund-dialog.tsx';

interface Filters {
  userId: string;
  status: string;
  country: string;
  from: string;
  to: string;
}

/** The filters as the api's query: empty fields left out, the country upper-cased. */
export function callQuery(filters: Filters, page: number): AdminCallFilters {
  const query: AdminCallFilters = {};
  if (filters.userId.trim()) query.userId = filters.userId.trim();
  if (filters.status) query.status = filters.status;
  if (filters.country.trim()) query.country = filters.country.trim().toUpperCase();
  if (filters.from) query.from = filters.from;
  if (filters.to) query.to = filters.to;
  if (page > 1) query.page = String(page);
  return query;
}

export const isRefundable = (call: AdminCall) => call.refunded === null && call.cost !== null && /[1-9]/.test(call.cost);

/** "MOS 3.1 · high-packet-loss": the worst MOS and the warnings raised; a dash when the device sent nothing. */
export function describeQuality(quality: AdminCall['quality']): string {
  if (!quality) return '—';
  const parts = [...(quality.worstMos === null ? [] : [`MOS ${quality.worstMos.toFixed(1)}`]), ...quality.warnings];
  return parts.length > 0 ? parts.join(' · ') : 'No samples';
}

export function CallsSection() {
  const initialUser = new URLSearchParams(useSearch()).get('userId') ?? '';
  const [draft, setDraft] = useState<Filters>({ userId: initialUser, status: '', country: '', from: '', to: '' });
  const [applied, setApplied] = useState({ filters: draft, page: 1 });
  const calls = useQuery({ ...admin.calls(callQuery(applied.filters, applied.page)), meta: { handlesError: true } });
  const ids = { user: useId(), status: useId(), country: useId(), from: useId(), to: useId() };
  const lastPage = calls.data ? Math.max(1, Math.ceil(calls.data.total / adminPageSize)) : 1;
  const set = (key: keyof Filters) => (event: { target: { value: string } }) => setDraft({ ...draft, [key]: event.target.value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setApplied({ filters: draft, page: 1 });
  };

  return (
    <div className="sh:space-y-4">
      <form onSubmit={submit} aria-label="Filter calls" className="sh:grid sh:grid-cols-1 sh:gap-3 sh:sm:grid-cols-3 sh:lg:grid-cols-6 sh:items-end">
        <div className="sh:grid sh:gap-2 sh:sm:col-span-2">
          <Label htmlFor={ids.user}>User id</Label>
          <Input id={ids.user} value={draft.userId} onChange={set('userId')} placeholder="Any user" autoComplete="off" spellCheck={false} />
        </div>
        <div className="sh:grid sh:gap-2">
          <Label htmlFor={ids.status}>Status</Label>
          <select id={ids.status} value={draft.status} onChange={set('status')} className={fieldClass}>
            <option value="">Any</option>
            {callStatuses.map((status) => (
              <option key={status} value={status}>
                {status}
              </option>
            ))}
          </select>
        </div>
        <div className="sh:grid sh:gap-2">
          <Label htmlFor={ids.country}>Country code</Label>
          <Input id={ids.country} value={draft.country} onChange={set('country')} placeholder="GB" maxLength={2} autoComplete="off" />
        </div>
        <div className="sh:grid sh:gap-2">
          <Label htmlFor={ids.from}>From</Label>
          <Input id={ids.from} type="date" value={draft.from} onChange={set('from')} />
        </div>
        <div className="sh:grid sh:gap-2">
          <Label htmlFor={ids.to}>To</Label>
          <Input id={ids.to} type="date" value={draft.to} onChange={set('to')} />
        </div>
        <div className="sh:flex sh:gap-2">
          <Button type="submit">Filter</Button>
          <Button
            variant="outline"
            onClick={() => {
              const none = { userId: '', status: '', country: '', from: '', to: '' };
              setDraft(none);
              setApplied({ filters: none, page: 1 });
            }}
          >
            Clear
          </Button>
        </div>
      </form>
      {calls.isPending ? (
        <Loading what="calls" />
      ) : calls.isError && !calls.data ? (
        <LoadError what="calls" error={calls.error} onRetry={() => void calls.refetch()} />
      ) : (
        <>
          {calls.isError ? (
            <p role="alert" className="sh:text-sm sh:text-destructive">
              These filters were refused: {errorMessage(calls.error)}
            </p>
          ) : null}
          <p aria-live="polite" className="sh:text-sm sh:text-muted-foreground">
            {calls.data.total} {calls.data.total === 1 ? 'call' : 'calls'}
            {calls.isFetching ? ' (updating…)' : ''}
          </p>
          {calls.data.calls.length > 0 ? <CallsTable calls={calls.data.calls} /> : null}
          <nav aria-label="Pages of calls" className="sh:flex sh:items-center sh:gap-3">
            <Button variant="outline" aria-disabled={applied.page <= 1 || undefined} onClick={() => applied.page > 1 && setApplied({ ...applied, page: applied.page - 1 })}>
              Previous
            </Button>
            <span className="sh:text-sm">
              Page {applied.page} of {lastPage}
            </span>
            <Button variant="outline" aria-disabled={applied.page >= lastPage || undefined} onClick={() => applied.page < lastPage && setApplied({ ...applied, page: applied.page + 1 })}>
              Next
            </Button>
          </nav>
        </>
      )}
    </div>
  );
}

const callColumns: DataColumn<AdminCall>[] = [
  { header: 'When', cell: (call) => formatDateTime(call.createdAt) },
  { header: 'User', cell: (call) => call.userEmail },
  {
    header: 'Number',
    cell: (call) => (
      <>
        {call.destinationNumber ? <PhoneNumber value={call.destinationNumber} /> : '—'}
        <span className="sh:block sh:text-xs sh:text-muted-foreground">{call.direction}</span>
      </>
    ),
  },
  { header: 'Status', cell: (call) => call.status },
  { header: 'Rate', cell: (call) => call.rateName ?? '—' },
  { header: 'Per min', cell: (call) => (call.ratePerMinute ? formatRate(call.ratePerMinute) : '—'), numeric: true },
  { header: 'Connection', cell: (call) => usd(call.connectionFee), numeric: true },
  { header: 'Billed s', cell: (call) => call.billedSeconds ?? '—', numeric: true },
  { header: 'Cost', cell: (call) => usd(call.cost), numeric: true },
  { header: 'Refunded', cell: (call) => usd(call.refunded), numeric: true, testId: 'call-refunded' },
  { header: 'Quality', cell: (call) => describeQuality(call.quality), testId: 'call-quality' },
  { header: <span className="sh:sr-only">Actions</span>, cell: (call) => (isRefundable(call) ? <RefundButton call={call} /> : null) },
];

function CallsTable({ calls }: { calls: AdminCall[] }) {
  return <DataTable label="Calls" columns={callColumns} rows={calls} rowKey={(call) => call.id} rowTestId={(call) => `call-${call.id}`} />;
}
