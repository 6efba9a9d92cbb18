import { afterEach, expect, test } from 'bun:test';
import { cleanup, render, screen, within } from '@testing-library/react';
import { DataTable, type DataColumn } from './data-table.tsx';

afterEach(cleanup);

interface Day {
  day: string;
  calls: number;
}

const columns: DataColumn<Day>[] = [
  { header: 'Day', cell: (row) => row.day, rowHeader: true, footer: 'Total' },
  { header: 'Calls', cell: (row) => row.calls, numeric: true, testId: 'calls', footer: 5, footerTestId: 'total-calls' },
];

test('a named, focusable region around a table whose rows are named by their row-header cell', () => {
  render(<DataTable label="Calls by day" columns={columns} rows={[{ day: '2026-11-01', calls: 2 }, { day: '2026-11-02', calls: 3 }]} rowKey={(row) => row.day} rowTestId={(row) => `day-${row.day}`} />);
  const region = screen.getByRole('region', { name: 'Calls by day' });
  expect(region.tabIndex).toBe(0);
  expect(within(region).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Day', 'Calls']);
  expect(screen.getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(['2026-11-01', '2026-11-02', 'Total']);
  expect(screen.getByRole('row', { name: '2026-11-02 3' }).dataset.testid).toBe('day-2026-11-02');
  expect(screen.getAllByTestId('calls').map((cell) => cell.textContent)).toEqual(['2', '3']);
  expect(screen.getByTestId('total-calls').closest('tfoot')).not.toBeNull();
});

test('no footer row unless a column has one', () => {
  const { container } = render(<DataTable label="Days" columns={[{ header: 'Day', cell: (row: Day) => row.day }]} rows={[{ day: 'x', calls: 0 }]} rowKey={(row) => row.day} />);
  expect(container.querySelector('tfoot')).toBeNull();
  expect(screen.getByRole('cell', { name: 'x' }).tagName).toBe('TD');
});
