import { formatUsd } from '../shared/money.ts';
import type { HourBucket } from '#contracts/order.ts';
import { assertEqual, assertTrue } from '../testing/assert.ts';
import { createControl } from '../testing/controlled-actors.ts';
import type { ModelEvent, ModelPlan, ModelSpec } from '../testing/model.ts';
import { analyticsMachine, type AnalyticsContext } from './analytics.machine.ts';
import { hourLabel, hourOf } from './chart.ts';
import { bucketsOf, order } from './fixtures.ts';

/** Each date's hours come from one fetchHours actor under its own id. */
type Ids = { fetchFirst: 'fetchHours'; fetchSecond: 'fetchHours' };
type Event = ModelEvent<typeof analyticsMachine, Ids>;
const fetches: (keyof Ids)[] = ['fetchFirst', 'fetchSecond'];

const today = '2026-11-27';
const ordersIn = (buckets: HourBucket[]) => {
  const n = buckets.reduce((sum, b) => sum + b.orders, 0);
  return `${n} order${n === 1 ? '' : 's'}`;
};
const sums = (points: Record<string, unknown>[], date: string) => points.map((p) => Number(p[date]));

const events: Event[] = [
  { type: 'analytics.setFirstDate', date: '2026-11-25' },
  { type: 'analytics.setFirstDate', date: today },
  { type: 'analytics.setSecondDate', date: today },
  { type: 'analytics.setSecondDate', date: 'nope' },
  { type: 'analytics.newOrder', order: order(`${today}T10:00:00Z`, 5) },
  { type: 'analytics.newOrder', order: order('2026-11-26T10:00:00Z', 7) },
  ...fetches.flatMap((id): Event[] => [
    { type: `xstate.done.actor.${id}`, output: bucketsOf([order(`${today}T09:00:00Z`, 1)]) },
    { type: `xstate.error.actor.${id}`, error: { status: 500, message: 'down' } },
  ]),
];

/**
 * A late live order: its hour is before the fetched 9 AM point, and must still land in its own
 * hour. Offered only once a series has that point and not yet this order's, which keeps the walk
 * about as small as before.
 */
const late: Event = { type: 'analytics.newOrder', order: order(`${today}T08:59:00Z`, 2) };
const eventsIn = (s: { context: AnalyticsContext }): Event[] => {
  const names = [...s.context.first, ...s.context.second].map((p) => p.name);
  return names.includes('9 AM') && !names.includes('8 AM') ? [...events, late] : events;
};

const total = (c: AnalyticsContext, which: 'first' | 'second') => {
  const date = which === 'first' ? c.firstDate : c.secondDate;
  return `${date} at ${formatUsd(Number(c[which].at(-1)?.[date] ?? 0))}`;
};
const region = (which: 'first' | 'second') => ({
  [`${which}.loading`]: (s: { context: AnalyticsContext }) =>
    `the ${which} date ${which === 'first' ? s.context.firstDate : s.context.secondDate} is loading`,
  [`${which}.ready`]: (s: { context: AnalyticsContext }) => `the ${which} chart shows ${total(s.context, which)}`,
  [`${which}.failed`]: (s: { context: AnalyticsContext }) =>
    `the ${which} chart of ${which === 'first' ? s.context.firstDate : s.context.secondDate} failed to load`,
});

/** The test plan's sentences (docs/machines/analytics.plan.md). */
const describe: ModelPlan<typeof analyticsMachine, Ids> = {
  states: { ...region('first'), ...region('second') },
  events: {
    'analytics.setFirstDate': (e) => `the admin picks ${e.date} as the first date`,
    'analytics.setSecondDate': (e) => `the admin picks ${e.date} as the second date`,
    'analytics.newOrder': (e) =>
      `a live order of ${formatUsd(e.order.orderTotal.cartSubtotal)} arrives, made ${e.order.createdAt.slice(0, 10)}`,
    'xstate.done.actor.fetchFirst': (e) => `the first date's 24 hours arrive, with ${ordersIn(e.output)}`,
    'xstate.error.actor.fetchFirst': 'the first date fails to load',
    'xstate.done.actor.fetchSecond': (e) => `the second date's 24 hours arrive, with ${ordersIn(e.output)}`,
    'xstate.error.actor.fetchSecond': 'the second date fails to load',
  },
};

export const analyticsModel = (): ModelSpec<typeof analyticsMachine, Ids> => {
  const control = createControl();
  return {
    name: 'analytics',
    machine: analyticsMachine.provide({ actors: { fetchHours: control.promise(), socket: control.callback() } }),
    control,
    input: () => ({ today }),
    events: eventsIn,
    bound: (c) =>
      c.first.length <= 2 &&
      c.second.length <= 2 &&
      Number(c.first.at(-1)?.[c.firstDate] ?? 0) <= 6 &&
      Number(c.second.at(-1)?.[c.secondDate] ?? 0) <= 6,
    check: (before, event, after) => {
      const prev = before.context;
      const next = after.context;
      for (const which of ['first', 'second'] as const) {
        const date = which === 'first' ? next.firstDate : next.secondDate;
        const values = sums(next[which], date);
        assertTrue(
          values.every((v, i) => i === 0 || v >= (values[i - 1] ?? 0)),
          `${which} series is cumulative`,
        );
        const hours = next[which].map((p) => hourOf(p.name));
        assertTrue(
          hours.every((h, i) => i === 0 || h > (hours[i - 1] ?? -1)),
          `${which} series has one point an hour, in hour order`,
        );
        if (event.type === 'analytics.newOrder') {
          const live = event.order.createdAt.slice(0, 10) === today && date === today;
          if (!live) assertEqual(next[which], prev[which], `${which}: an order not of today or of an unselected date is ignored`);
          else {
            const grown = Number(next[which].at(-1)?.[date] ?? 0) - Number(prev[which].at(-1)?.[date] ?? 0);
            assertEqual(
              Math.round(grown * 100),
              Math.round(event.order.orderTotal.cartSubtotal * 100),
              `${which}: a live order adds its amount to the day`,
            );
            const hours = next[which].map((p) => p.name);
            assertTrue(hours.includes(hourLabel(event.order.createdAt)), `${which}: a live order has a point of its own hour`);
          }
        }
      }
    },
    describe,
  };
};
