// What is live of each remote, and since when: /remotes.json as every page reads it (the releases made with
// `bun run release` / `bun run rollback`, docs/shipping-a-remote.md), read afresh each time the dashboard shows.
import { useQuery } from '@tanstack/react-query';
import type { LiveRemote, RemotesDocument } from '@ringwise/releases';
import { remoteKeys, type RemoteKey } from '@ringwise/routes';
import { DataTable, type DataColumn } from '@ringwise/ui/data-table';
import { formatDateTime } from '@ringwise/ui/format';
import { LoadError, Loading } from '../admin-ui.tsx';

interface Row extends LiveRemote {
  key: RemoteKey;
}

async function fetchLiveRemotes(): Promise<Row[]> {
  const res = await fetch('/remotes.json', { cache: 'no-store' });
  if (!res.ok) throw new Error(`The remotes' releases could not be read (${res.status}).`);
  const doc = (await res.json()) as Partial<RemotesDocument>;
  return remoteKeys.map((key) => ({ key, manifest: doc.live?.[key]?.manifest ?? String(doc[key] ?? ''), release: doc.live?.[key]?.release ?? null }));
}

const names: Record<RemoteKey, string> = { dialer: 'Dialer', contacts: 'Contacts', billing: 'Billing', numbers: 'Numbers', marketing: 'Marketing' };

const columns: DataColumn<Row>[] = [
  { header: 'Remote', cell: (row) => names[row.key] },
  { header: 'Live release', cell: (row) => (row.release ? <code className="sh:text-xs">{row.release.id}</code> : 'Root build (no release yet)') },
  { header: 'Live since', cell: (row) => (row.release ? formatDateTime(row.release.since) : '—') },
  { header: 'Commit', cell: (row) => (row.release ? <code className="sh:text-xs">{row.release.commit}</code> : '—') },
  { header: 'Manifest', cell: (row) => <span className="sh:break-all sh:text-xs">{row.manifest}</span>, className: 'sh:whitespace-normal sh:min-w-48' },
];

export function LiveRemotes() {
  const live = useQuery({ queryKey: ['remotes.json', 'live'], queryFn: fetchLiveRemotes, staleTime: 0, meta: { handlesError: true } });
  if (live.isPending) return <Loading what="the live releases" />;
  if (live.isError) return <LoadError what="the live releases" error={live.error} onRetry={() => void live.refetch()} />;
  return <DataTable label="Live releases of the remotes" columns={columns} rows={live.data} rowKey={(row) => row.key} />;
}
