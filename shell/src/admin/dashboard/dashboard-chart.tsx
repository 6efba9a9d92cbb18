// The dashboard's chart of the last days: calls as bars (left axis), top-ups and charges as lines (right axis,
// dollars). Chart.js is imported here only, and this module only lazily, so the shell's first load never
// carries it. The canvas is an image with a summary; the same numbers are in the table beside it.
import { useEffect, useRef } from 'react';
import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, LineController, LineElement, PointElement, Tooltip } from 'chart.js';
import type { AdminDashboard } from '@ringwise/contract/admin';
import { sumMoney, usd } from '../money.ts';

Chart.register(BarController, BarElement, LineController, LineElement, PointElement, CategoryScale, LinearScale, Tooltip, Legend);

type Series = AdminDashboard['series'];

export function chartSummary(series: Series): string {
  if (series.length === 0) return 'No days to chart.';
  const calls = series.reduce((sum, day) => sum + day.calls, 0);
  return `Chart of ${series.length} days from ${series[0]!.day} to ${series.at(-1)!.day}: ${calls} calls, ${usd(sumMoney(series.map((d) => d.topUps)))} in top-ups and ${usd(sumMoney(series.map((d) => d.charges)))} in charges.`;
}

export function DashboardChart({ series }: { series: Series }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current) return;
    const chart = new Chart(canvas.current, {
      data: {
        labels: series.map((day) => day.day.slice(5)),
        datasets: [
          { type: 'bar', label: 'Calls', data: series.map((day) => day.calls), backgroundColor: '#93c5fd', yAxisID: 'calls', order: 2 },
          // plotted positions only: the exact amounts are in the table
          { type: 'line', label: 'Top-ups ($)', data: series.map((day) => Number(day.topUps)), borderColor: '#15803d', backgroundColor: '#15803d', yAxisID: 'money', order: 1 },
          { type: 'line', label: 'Charges ($)', data: series.map((day) => Number(day.charges)), borderColor: '#b91c1c', backgroundColor: '#b91c1c', yAxisID: 'money', order: 1 },
        ],
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        interaction: { mode: 'index', intersect: false },
        scales: {
          calls: { type: 'linear', position: 'left', beginAtZero: true, ticks: { precision: 0 }, title: { display: true, text: 'Calls' } },
          money: { type: 'linear', position: 'right', beginAtZero: true, grid: { drawOnChartArea: false }, title: { display: true, text: 'USD' } },
        },
      },
    });
    return () => chart.destroy();
  }, [series]);
  return (
    <div className="sh:relative sh:h-64 sh:w-full">
      <canvas ref={canvas} role="img" aria-label={chartSummary(series)} data-testid="dashboard-chart" />
    </div>
  );
}
