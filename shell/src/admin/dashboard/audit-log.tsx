// The latest admin actions from the append-only audit log: who, what, when, before → after and why.
import { useQuery } from '@tanstack/react-query';
import type { AdminAuditEntry } from '@ringwise/contract/admin';
import { admin } from '../admin-api.ts';
import { formatDateTime } from '@ringwise/ui/format';
import { LoadError, Loading, TableScroll, tableClass, tdClass, thClass } from '../admin-ui.tsx';

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
  return (
    <TableScroll label="Latest audit log entries">
      <table className={tableClass}>
        <thead>
          <tr>
            <th scope="col" className={thClass}>When</th>
            <th scope="col" className={thClass}>Who</th>
            <th scope="col" className={thClass}>What</th>
            <th scope="col" className={thClass}>Before → after</th>
            <th scope="col" className={thClass}>Reason</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id}>
              <td className={tdClass}>{formatDateTime(entry.createdAt)}</td>
              <td className={tdClass}>{entry.actorEmail ?? entry.actorId}</td>
              <td className={tdClass}>
                {actionName(entry)}
                {entry.targetEmail ? <span className="sh:block sh:text-xs sh:text-muted-foreground">{entry.targetEmail}</span> : null}
              </td>
              <td className={tdClass}>
                {describeState(entry.before)} → {describeState(entry.after)}
              </td>
              <td className={`${tdClass} sh:whitespace-normal sh:min-w-40`}>{entry.reason ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
