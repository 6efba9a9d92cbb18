import type { AdminDashboard } from '@ringwise/contract/admin';
import { numClass, TableScroll, tableClass, tdClass, thClass } from '../admin-ui.tsx';
import { usd } from '../money.ts';

/** The chart's days as rows: the chart's accessible alternative. */
export function SeriesTable({ series }: { series: AdminDashboard['series'] }) {
  return (
    <TableScroll label="Calls, minutes, top-ups and charges by day">
      <table className={tableClass}>
        <thead>
          <tr>
            <th scope="col" className={thClass}>Day</th>
            <th scope="col" className={`${thClass} ${numClass}`}>Calls</th>
            <th scope="col" className={`${thClass} ${numClass}`}>Minutes</th>
            <th scope="col" className={`${thClass} ${numClass}`}>Top-ups</th>
            <th scope="col" className={`${thClass} ${numClass}`}>Charges</th>
          </tr>
        </thead>
        <tbody>
          {series.map((day) => (
            <tr key={day.day}>
              <th scope="row" className={`${tdClass} sh:font-normal sh:text-left`}>{day.day}</th>
              <td className={`${tdClass} ${numClass}`}>{day.calls}</td>
              <td className={`${tdClass} ${numClass}`}>{day.minutes}</td>
              <td className={`${tdClass} ${numClass}`}>{usd(day.topUps)}</td>
              <td className={`${tdClass} ${numClass}`}>{usd(day.charges)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
