import type { ChartPoint } from '#contracts/order.ts';
import { colors } from '../../../ui/theme.ts';
import { money, percentChange, totalOf } from './chart-data.ts';

type Day = { date: string; points: ChartPoint[] };

/** What a figure reads until its orders have arrived: no $0.00 or −100.0% that is only the wait. */
export const PENDING_FIGURE = '…';

/** Beyond the spec: each date's total and how the first compares with the second; `pending` while the orders load. */
export function RevenueTotals({ first, second, pending = false }: { first: Day; second: Day; pending?: boolean }) {
  const a = totalOf(first.points, first.date);
  const b = totalOf(second.points, second.date);
  const change = pending ? null : percentChange(a, b);
  return (
    <dl
      aria-busy={pending}
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
        <dd data-total={first.date}>{pending ? PENDING_FIGURE : money(a)}</dd>
      </div>
      <div>
        <dt>Total {second.date}</dt>
        <dd data-total={second.date}>{pending ? PENDING_FIGURE : money(b)}</dd>
      </div>
      <div>
        <dt>Change</dt>
        <dd css={{ color: change === null ? colors.text : change >= 0 ? colors.success : colors.danger }}>
          {pending ? PENDING_FIGURE : change === null ? '–' : `${change >= 0 ? '+' : ''}${change.toFixed(1)}%`}
        </dd>
      </div>
    </dl>
  );
}
