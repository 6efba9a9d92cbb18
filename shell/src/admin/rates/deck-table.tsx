// The deck of one country: per prefix and number type, the rate in force and any that starts later.
import type { AdminRate } from '@ringwise/contract/admin';
import { DataTable, type DataColumn } from '@ringwise/ui/data-table';

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

/** "0.032500" → "$0.0325": a price exactly as stored, every significant decimal (at least two); the kit's
 *  formatRate rounds to 3 decimals, which hides what an admin is editing. */
export function pricePerMinute(text: string): string {
  const [units = '0', decimals = ''] = text.split('.');
  const kept = decimals.replace(/0+$/, '').padEnd(2, '0');
  return `$${units}.${kept}`;
}

const columns: DataColumn<AdminRate>[] = [
  { header: 'Prefix', cell: (rate) => `+${rate.prefix}`, rowHeader: true, className: 'sh:tabular-nums' },
  { header: 'Destination', cell: (rate) => rate.name || 'Standard Rate' },
  { header: 'Type', cell: (rate) => rate.numberType },
  { header: 'Per minute', cell: (rate) => pricePerMinute(rate.pricePerMinute), numeric: true },
  { header: 'Connection fee', cell: (rate) => pricePerMinute(rate.connectionFee), numeric: true },
  { header: 'Increments', cell: (rate) => `${rate.initialIncrement}/${rate.increment} s`, numeric: true },
  { header: 'From (UTC)', cell: (rate) => `${when.format(new Date(rate.effectiveFrom))}${rate.current ? '' : ' (starts later)'}` },
];

export function DeckTable({ country, rates }: { country: string; rates: AdminRate[] }) {
  if (rates.length === 0) return <p className="sh:text-sm sh:text-muted-foreground">The deck has no rates for {country}.</p>;
  return (
    <DataTable
      label={`Rates of ${country}`}
      columns={columns}
      rows={rates}
      rowKey={(rate) => rate.id}
      rowClassName={(rate) => (rate.current ? undefined : 'sh:bg-muted/40')}
    />
  );
}
