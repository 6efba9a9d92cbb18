import type { AdminDashboard } from '@ringwise/contract/admin';
import { DataTable, type DataColumn } from '@ringwise/ui/data-table';
import { usd } from '../money.ts';

type Day = AdminDashboard['series'][number];

const columns: DataColumn<Day>[] = [
  { header: 'Day', cell: (day) => day.day, rowHeader: true },
  { header: 'Calls', cell: (day) => day.calls, numeric: true },
  { header: 'Minutes', cell: (day) => day.minutes, numeric: true },
  { header: 'Top-ups', cell: (day) => usd(day.topUps), numeric: true },
  { header: 'Charges', cell: (day) => usd(day.charges), numeric: true },
];

/** The chart's days as rows: the chart's accessible alternative. */
export function SeriesTable({ series }: { series: AdminDashboard['series'] }) {
  return <DataTable label="Calls, minutes, top-ups and charges by day" columns={columns} rows={series} rowKey={(day) => day.day} />;
}
