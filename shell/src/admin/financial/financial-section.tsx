// /admin/financial: top-ups, charges, refunds and adjustments by day for a date range (the last 30 days at
// first), their exact totals, the same days as a CSV download, and whether the ledger holds.
import { useId, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { errorMessage } from '@ringwise/api-client';
import type { AdminFinancialDay } from '@ringwise/contract/admin';
import { Button } from '@ringwise/ui/button';
import { DataTable, type DataColumn } from '@ringwise/ui/data-table';
import { Input } from '@ringwise/ui/input';
import { Label } from '@ringwise/ui/label';
import { admin, adminActions } from '../admin-api.ts';
import { LoadError, Loading, TitledSection } from '../admin-ui.tsx';
import { isoDay, sumMoney, usd } from '../money.ts';
import { LedgerCheck } from './ledger-check.tsx';
import { saveFile } from '../../downloads/save-file.ts';

export function financialTotals(days: readonly AdminFinancialDay[]) {
  return {
    topUps: sumMoney(days.map((d) => d.topUps)),
    charges: sumMoney(days.map((d) => d.charges)),
    refunds: sumMoney(days.map((d) => d.refunds)),
    adjustments: sumMoney(days.map((d) => d.adjustments)),
    entries: days.reduce((sum, d) => sum + d.entries, 0),
  };
}

export function FinancialSection() {
  const fromId = useId();
  const toId = useId();
  const [range, setRange] = useState(() => {
    const now = new Date();
    return { from: isoDay(now, 29), to: isoDay(now) };
  });
  const validRange = /^\d{4}-\d{2}-\d{2}$/.test(range.from) && /^\d{4}-\d{2}-\d{2}$/.test(range.to);
  const days = useQuery({ ...admin.financial(range), enabled: validRange, meta: { handlesError: true } });
  const csv = useMutation({
    mutationFn: () => adminActions.financialCsv(range),
    onError: () => {},
    onSuccess: (blob) => saveFile(blob, `ringwise-financial-${range.from}-to-${range.to}.csv`),
  });

  return (
    <div className="sh:space-y-6">
      <div className="sh:flex sh:flex-wrap sh:items-end sh:gap-3">
        <div className="sh:grid sh:gap-2">
          <Label htmlFor={fromId}>From</Label>
          <Input id={fromId} type="date" value={range.from} max={range.to} onChange={(event) => setRange({ ...range, from: event.target.value })} className="sh:w-44" />
        </div>
        <div className="sh:grid sh:gap-2">
          <Label htmlFor={toId}>To</Label>
          <Input id={toId} type="date" value={range.to} min={range.from} onChange={(event) => setRange({ ...range, to: event.target.value })} className="sh:w-44" />
        </div>
        <Button variant="outline" aria-disabled={csv.isPending || !validRange || undefined} onClick={() => validRange && !csv.isPending && csv.mutate()}>
          {csv.isPending ? 'Preparing…' : 'Download CSV'}
        </Button>
      </div>
      {csv.isError ? (
        <p role="alert" className="sh:text-sm sh:text-destructive">
          The CSV could not be downloaded: {errorMessage(csv.error)}
        </p>
      ) : null}
      {!validRange ? (
        <p role="alert" className="sh:text-sm">Choose both dates.</p>
      ) : days.isPending ? (
        <Loading what="the money by day" />
      ) : days.isError ? (
        <LoadError what="the money by day" error={days.error} onRetry={() => void days.refetch()} />
      ) : (
        <FinancialTable days={days.data} />
      )}
      <TitledSection title="Ledger check" className="sh:space-y-2">
        <LedgerCheck />
      </TitledSection>
    </div>
  );
}

function FinancialTable({ days }: { days: AdminFinancialDay[] }) {
  if (days.length === 0) return <p className="sh:text-sm sh:text-muted-foreground">No money moved in these days.</p>;
  const totals = financialTotals(days);
  const columns: DataColumn<AdminFinancialDay>[] = [
    { header: 'Day', cell: (day) => day.day, rowHeader: true, footer: 'Total' },
    { header: 'Top-ups', cell: (day) => usd(day.topUps), numeric: true, footer: usd(totals.topUps), footerTestId: 'total-top-ups' },
    { header: 'Charges', cell: (day) => usd(day.charges), numeric: true, footer: usd(totals.charges) },
    { header: 'Refunds', cell: (day) => usd(day.refunds), numeric: true, footer: usd(totals.refunds) },
    { header: 'Adjustments', cell: (day) => usd(day.adjustments), numeric: true, footer: usd(totals.adjustments) },
    { header: 'Entries', cell: (day) => day.entries, numeric: true, footer: totals.entries },
  ];
  return <DataTable label="Money by day" columns={columns} rows={days} rowKey={(day) => day.day} />;
}
