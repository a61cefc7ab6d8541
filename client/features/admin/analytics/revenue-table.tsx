import { css } from '@emotion/react';
import { colors } from '../../../ui/theme.ts';
import { money, type Series } from './chart-data.ts';

const small = css({
  borderCollapse: 'collapse',
  fontSize: '0.85rem',
  color: colors.muted,
  'th, td': { padding: '2px 8px', borderBottom: `1px solid ${colors.border}`, textAlign: 'right' },
  'th[scope="row"]': { textAlign: 'left' },
});

/** The chart's figures as a table, for screen readers and for anyone who wants the numbers. */
export function RevenueTable({ series }: { series: Series[] }) {
  const hours = [...new Map(series.flatMap((s) => s.points.map((p) => [p.hour, p.label] as const))).entries()].sort((a, b) => a[0] - b[0]);
  return (
    <table css={small} aria-label="Cumulative revenue per hour (UTC)">
      <thead>
        <tr>
          <th scope="col">Hour (UTC)</th>
          {series.map((s, i) => (
            <th key={`${i}-${s.date}`} scope="col">
              {s.date}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {hours.map(([hour, label]) => (
          <tr key={hour}>
            <th scope="row">{label}</th>
            {series.map((s, i) => {
              const point = s.points.find((p) => p.hour === hour);
              return (
                <td key={`${i}-${s.date}`} data-date={s.date} data-hour={label}>
                  {point ? money(point.value) : '–'}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
