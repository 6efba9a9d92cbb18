// /admin: the numbers of today and of the last 30 days, their chart (Chart.js, loaded on its own when the
// dashboard shows, never with the shell) with the same data as a table, what is live of each remote
// (live-remotes.tsx), and the latest audit log entries.
import { lazy, Suspense } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { AdminDashboard } from '@ringwise/contract/admin';
import { admin } from '../admin-api.ts';
import { LoadError, Loading, TitledSection } from '../admin-ui.tsx';
import { minutesSeconds, percent, usd } from '../money.ts';
import { AuditLog } from './audit-log.tsx';
import { LiveRemotes } from './live-remotes.tsx';
import { SeriesTable } from './series-table.tsx';

const DashboardChart = lazy(() => import('./dashboard-chart.tsx').then((m) => ({ default: m.DashboardChart })));

export function DashboardSection() {
  const dashboard = useQuery({ ...admin.dashboard(), meta: { handlesError: true } });
  return (
    <div className="sh:space-y-6">
      {dashboard.isPending ? (
        <Loading what="the dashboard" />
      ) : dashboard.isError ? (
        <LoadError what="the dashboard" error={dashboard.error} onRetry={() => void dashboard.refetch()} />
      ) : (
        <DashboardNumbers data={dashboard.data} />
      )}
      <TitledSection title="Live releases">
        <LiveRemotes />
      </TitledSection>
      <TitledSection title="Latest audit log entries">
        <AuditLog limit={10} />
      </TitledSection>
    </div>
  );
}

export function dashboardCards(data: AdminDashboard): Array<{ label: string; value: string }> {
  const days = data.days;
  return [
    { label: 'Users', value: String(data.users) },
    { label: 'Active calls', value: String(data.activeCalls) },
    { label: 'Calls today', value: String(data.today.calls) },
    { label: 'Minutes today', value: data.today.minutes },
    { label: 'Top-ups today', value: usd(data.today.topUps) },
    { label: 'Charges today', value: usd(data.today.charges) },
    { label: `Top-ups, ${days} days`, value: usd(data.period.topUps) },
    { label: `Charges, ${days} days`, value: usd(data.period.charges) },
    { label: `Calls, ${days} days`, value: String(data.period.calls) },
    { label: 'Total customer balance', value: usd(data.totalBalance) },
    { label: 'Answer rate', value: percent(data.answerRate) },
    { label: 'Average call length', value: minutesSeconds(data.averageCallSeconds) },
  ];
}

function DashboardNumbers({ data }: { data: AdminDashboard }) {
  return (
    <>
      <dl className="sh:grid sh:grid-cols-2 sh:gap-3 sh:sm:grid-cols-3 sh:lg:grid-cols-4">
        {dashboardCards(data).map((card) => (
          <div key={card.label} className="sh:rounded-lg sh:border sh:border-border sh:bg-background sh:p-3 sh:shadow-sm">
            <dt className="sh:text-xs sh:text-muted-foreground">{card.label}</dt>
            <dd className="sh:mt-1 sh:text-xl sh:font-semibold sh:tabular-nums" data-testid={`card-${card.label}`}>
              {card.value}
            </dd>
          </div>
        ))}
      </dl>
      <TitledSection title={`Last ${data.days} days`} className="sh:space-y-3 sh:rounded-lg sh:border sh:border-border sh:bg-background sh:p-3">
        <Suspense fallback={<Loading what="the chart" />}>
          <DashboardChart series={data.series} />
        </Suspense>
        <details>
          <summary className="sh:cursor-pointer sh:text-sm sh:font-medium">The chart's data as a table</summary>
          <div className="sh:mt-2">
            <SeriesTable series={data.series} />
          </div>
        </details>
      </TitledSection>
    </>
  );
}
