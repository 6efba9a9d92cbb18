// A read-only table described by its columns, in a box that scrolls sideways on its own (so a phone's page
// never does). Ours rather than TanStack Table: nothing is sorted, filtered or paged in the browser (the api
// pages the admin lists), so a headless table library would only map columns to cells.
import './styles.css';
import type { Key, ReactNode } from 'react';
import { cn } from './cn.tsx';

export interface DataColumn<Row> {
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** Figures: right-aligned, digits of one width. */
  numeric?: boolean;
  /** This column names its row: its cells are `<th scope="row">`. */
  rowHeader?: boolean;
  /** More classes for this column's body cells. */
  className?: string;
  /** `data-testid` of this column's body cells. */
  testId?: string;
  /** This column's cell of the footer row (totals); a table has a footer when any column has one. */
  footer?: ReactNode;
  footerTestId?: string;
}

export interface DataTableProps<Row> {
  /** The name of the scrolling box (a keyboard-focusable region). */
  label: string;
  columns: readonly DataColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => Key;
  rowClassName?: (row: Row) => string | undefined;
  rowTestId?: (row: Row) => string;
}

const headerCell = 'whitespace-nowrap border-b border-border bg-muted/60 px-3 py-2 text-left font-medium';
const bodyCell = 'whitespace-nowrap border-b border-border px-3 py-2 align-top';
const figures = 'text-right tabular-nums';

export function DataTable<Row>({ label, columns, rows, rowKey, rowClassName, rowTestId }: DataTableProps<Row>) {
  const hasFooter = columns.some((column) => column.footer !== undefined);
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className="relative max-w-full overflow-x-auto rounded-md border border-border bg-background focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <table className="w-full border-collapse text-sm">
        <thead>
          <tr>
            {columns.map((column, index) => (
              <th key={index} scope="col" className={cn(headerCell, column.numeric && figures)}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} className={rowClassName?.(row)} data-testid={rowTestId?.(row)}>
              {columns.map((column, index) => (
                <Cell key={index} column={column} className={cn(column.rowHeader && 'font-normal', column.className)} testId={column.testId}>
                  {column.cell(row)}
                </Cell>
              ))}
            </tr>
          ))}
        </tbody>
        {hasFooter ? (
          <tfoot>
            <tr className="font-semibold">
              {columns.map((column, index) => (
                <Cell key={index} column={column} testId={column.footerTestId}>
                  {column.footer}
                </Cell>
              ))}
            </tr>
          </tfoot>
        ) : null}
      </table>
    </div>
  );
}

function Cell<Row>({ column, className, testId, children }: { column: DataColumn<Row>; className?: string; testId?: string; children: ReactNode }) {
  const Tag = column.rowHeader ? 'th' : 'td';
  return (
    <Tag
      scope={column.rowHeader ? 'row' : undefined}
      className={cn(bodyCell, column.rowHeader && 'text-left', column.numeric && figures, className)}
      data-testid={testId}
    >
      {children}
    </Tag>
  );
}
