import type { ChartPoint } from '#contracts/order.ts';
import { colors } from '../../../ui/theme.ts';
import { money, percentChange, totalOf } from './chart-data.ts';

type Day = { date: string; points: ChartPoint[] };

/** Beyond the spec: each date's total and how the first compares with the second. */
export function RevenueTotals({ first, second }: { first: Day; second: Day }) {
  const a = totalOf(first.points, first.date);
  const b = totalOf(second.points, second.date);
  const change = percentChange(a, b);
  return (
    <dl
      css={{
        display: 'flex',
        flexWrap: 'wrap',
        gap: '8px 32px',
        margin: '8px 0 16px',
        dt: { color: colors.muted, fontSize: '0.85rem' },
        dd: { margin: 0, fontSize: '1.25rem', fontWeight: 700 },
      }}
    >
      <div>
        <dt>Total {first.date}</dt>
        <dd data-total={first.date}>{money(a)}</dd>
      </div>
      <div>
        <dt>Total {second.date}</dt>
        <dd data-total={second.date}>{money(b)}</dd>
      </div>
      <div>
        <dt>Change</dt>
        <dd css={{ color: change === null ? colors.text : change >= 0 ? colors.success : colors.danger }}>
          {change === null ? '–' : `${change >= 0 ? '+' : ''}${change.toFixed(1)}%`}
        </dd>
      </div>
    </dl>
  );
}
