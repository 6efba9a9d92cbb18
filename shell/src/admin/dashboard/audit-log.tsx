// The latest admin actions from the append-only audit log: who, what, when, before → after and why.
import { useQuery } from '@tanstack/react-query';
import type { AdminAuditEntry } from '@ringwise/contract/admin';
import { admin } from '../admin-api.ts';
import { formatDateTime } from '@ringwise/ui/format';
import { DataTable, type DataColumn } from '@ringwise/ui/data-table';
import { LoadError, Loading } from '../admin-ui.tsx';

/** A before/after value in one line: `{ balance: "19.63" }` → "balance: 19.63". */
export function describeState(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value !== 'object') return String(value);
  if (Array.isArray(value)) return value.map(describeState).join(', ');
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return '—';
  return entries.map(([key, inner]) => `${key}: ${typeof inner === 'object' && inner !== null ? JSON.stringify(inner) : String(inner)}`).join(', ');
}

const actionNames: Record<string, string> = {
  'balance.adjust': 'Balance adjusted',
  'call.refund': 'Call refunded',
  'user.role': 'Role changed',
};

export const actionName = (entry: AdminAuditEntry) => actionNames[entry.action] ?? entry.action;

export function AuditLog({ limit }: { limit: number }) {
  const log = useQuery({ ...admin.auditLog(), meta: { handlesError: true } });
  if (log.isPending) return <Loading what="the audit log" />;
  if (log.isError) return <LoadError what="the audit log" error={log.error} onRetry={() => void log.refetch()} />;
  const entries = log.data.slice(0, limit);
  if (entries.length === 0) return <p className="sh:text-sm sh:text-muted-foreground">No admin actions yet.</p>;
  return <DataTable label="Latest audit log entries" columns={columns} rows={entries} rowKey={(entry) => entry.id} />;
}

const columns: DataColumn<AdminAuditEntry>[] = [
  { header: 'When', cell: (entry) => formatDateTime(entry.createdAt) },
  { header: 'Who', cell: (entry) => entry.actorEmail ?? entry.actorId },
  {
    header: 'What',
    cell: (entry) => (
      <>
        {actionName(entry)}
        {entry.targetEmail ? <span className="sh:block sh:text-xs sh:text-muted-foreground">{entry.targetEmail}</span> : null}
      </>
    ),
  },
  { header: 'Before → after', cell: (entry) => `${describeState(entry.before)} → ${describeState(entry.after)}` },
  { header: 'Reason', cell: (entry) => entry.reason ?? '—', className: 'sh:whitespace-normal sh:min-w-40' },
];
