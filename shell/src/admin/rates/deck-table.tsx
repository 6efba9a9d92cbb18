// The deck of one country: per prefix and number type, the rate in force and any that starts later.
import type { AdminRate } from '@ringwise/contract/admin';
import { numClass, TableScroll, tableClass, tdClass, thClass } from '../admin-ui.tsx';

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

/** "0.032500" → "$0.0325": a price exactly as stored, every significant decimal (at least two); the kit's
 *  formatRate rounds to 3 decimals, which hides what an admin is editing. */
export function pricePerMinute(text: string): string {
  const [units = '0', decimals = ''] = text.split('.');
  const kept = decimals.replace(/0+$/, '').padEnd(2, '0');
  return `$${units}.${kept}`;
}

export function DeckTable({ country, rates }: { country: string; rates: AdminRate[] }) {
  if (rates.length === 0) return <p className="sh:text-sm sh:text-muted-foreground">The deck has no rates for {country}.</p>;
  return (
    <TableScroll label={`Rates of ${country}`}>
      <table className={tableClass}>
        <thead>
          <tr>
            <th scope="col" className={thClass}>Prefix</th>
            <th scope="col" className={thClass}>Destination</th>
            <th scope="col" className={thClass}>Type</th>
            <th scope="col" className={`${thClass} ${numClass}`}>Per minute</th>
            <th scope="col" className={`${thClass} ${numClass}`}>Connection fee</th>
            <th scope="col" className={`${thClass} ${numClass}`}>Increments</th>
            <th scope="col" className={thClass}>From (UTC)</th>
          </tr>
        </thead>
        <tbody>
          {rates.map((rate) => (
            <tr key={rate.id} className={rate.current ? undefined : 'sh:bg-muted/40'}>
              <th scope="row" className={`${tdClass} sh:text-left sh:font-normal sh:tabular-nums`}>+{rate.prefix}</th>
              <td className={tdClass}>{rate.name || 'Standard Rate'}</td>
              <td className={tdClass}>{rate.numberType}</td>
              <td className={`${tdClass} ${numClass}`}>{pricePerMinute(rate.pricePerMinute)}</td>
              <td className={`${tdClass} ${numClass}`}>{pricePerMinute(rate.connectionFee)}</td>
              <td className={`${tdClass} ${numClass}`}>
                {rate.initialIncrement}/{rate.increment} s
              </td>
              <td className={tdClass}>
                {when.format(new Date(rate.effectiveFrom))}
                {rate.current ? '' : ' (starts later)'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
