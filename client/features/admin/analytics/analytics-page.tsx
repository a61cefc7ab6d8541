import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { todayUtc } from '#machines/analytics/chart.ts';
import { type AdminSessionActor, useAdminSession } from '../../../lib/admin-session.tsx';
import { usePageTitle } from '../../../ui/page-title.tsx';
import { Skeleton, Spinner } from '../../../ui/spinner.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { chartSeries } from './chart-data.ts';
import { liveAnalytics } from './live-analytics.ts';
import { RevenueChart } from './revenue-chart.tsx';
import { RevenueTable } from './revenue-table.tsx';
import { RevenueTotals } from './revenue-totals.tsx';
import { devEventLog } from '../../../lib/event-log.ts';

type Clock = { now?: () => Date };

/**
 * /admin/analytics: two dates' cumulative revenue per UTC hour, compared. The analytics
 * machine fetches each date (cancelling a superseded request) and adds live orders, which come
 * from the admin session's socket (the layout's), not a socket of this page.
 */
export function AdminAnalyticsPage({ now = () => new Date() }: Clock) {
  usePageTitle('Analytics');
  const session = useAdminSession();
  return session ? <Analytics key={session.sessionId} session={session} now={now} /> : <Skeleton height={500} />;
}

function Analytics({ session, now = () => new Date() }: Clock & { session: AdminSessionActor }) {
  const logic = useMemo(() => liveAnalytics(session), [session]);
  const actor = useActorRef(logic, { input: { today: todayUtc(now()) }, inspect: devEventLog?.inspect('analytics') });
  const ctx = useSelector(actor, (s) => s.context);
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const title = `Black Friday Cumulative Revenue ${ctx.firstDate} VS ${ctx.secondDate}`;
  const series = chartSeries({ date: ctx.firstDate, points: ctx.first }, { date: ctx.secondDate, points: ctx.second });

  return (
    <section>
      <h1 css={{ fontSize: '1.5rem' }}>{title}</h1>
      <div css={{ display: 'grid', gap: 16, gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 280px))' }}>
        <TextField
          label="Select First Date To Compare"
          type="date"
          value={ctx.firstDate}
          onChange={(e) => actor.send({ type: 'analytics.setFirstDate', date: e.target.value })}
        />
        <TextField
          label="Select Second Date To Compare"
          type="date"
          value={ctx.secondDate}
          onChange={(e) => actor.send({ type: 'analytics.setSecondDate', date: e.target.value })}
        />
      </div>
      <div css={{ minHeight: 24 }}>{loading ? <Spinner label="Loading the orders ..." /> : null}</div>
      <RevenueTotals
        first={{ date: ctx.firstDate, points: ctx.first }}
        second={{ date: ctx.secondDate, points: ctx.second }}
        pending={loading}
      />
      <RevenueChart series={series} title={title} />
      <details open css={{ marginTop: 16 }}>
        <summary css={{ cursor: 'pointer' }}>The figures as a table</summary>
        <RevenueTable series={series} />
      </details>
    </section>
  );
}
