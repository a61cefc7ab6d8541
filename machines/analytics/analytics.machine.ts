import { assign, setup, type EventObject } from 'xstate';
import type { NewOrderPayload } from '#contracts/chat.ts';
import type { ChartPoint, HourBucket } from '#contracts/order.ts';
import { missingCallback, missingPromise } from '../shared/actors.ts';
import { addCumulative, dayBefore, seriesFromBuckets, utcDate } from './chart.ts';

export type AnalyticsInput = { today: string };
export type AnalyticsContext = { today: string; firstDate: string; secondDate: string; first: ChartPoint[]; second: ChartPoint[] };
export type AnalyticsEvent =
  | { type: 'analytics.setFirstDate'; date: string }
  | { type: 'analytics.setSecondDate'; date: string }
  /** From the socket actor: the admin's realtime 'newOrder'. */
  | { type: 'analytics.newOrder'; order: NewOrderPayload };

type Which = 'first' | 'second';
const dateKey = (which: Which): 'firstDate' | 'secondDate' => (which === 'first' ? 'firstDate' : 'secondDate');

/** Spec section 4: live orders count only when created today (UTC) and that date is selected. */
const liveFor = (ctx: AnalyticsContext, which: Which, order: NewOrderPayload) =>
  utcDate(order.createdAt) === ctx.today && ctx[dateKey(which)] === ctx.today;

/**
 * One compared date: loading → ready | failed, and choosing a date (re)enters loading from any
 * of them. Both regions are this one shape, for 'first' and for 'second'.
 */
const dateRegion = (which: Which) => {
  const setDate = {
    guard: 'isDate',
    target: 'loading',
    reenter: true,
    actions: which === 'first' ? 'setFirstDate' : 'setSecondDate',
  } as const;
  const on = { [which === 'first' ? 'analytics.setFirstDate' : 'analytics.setSecondDate']: setDate };
  return {
    initial: 'loading',
    states: {
      loading: {
        tags: ['loading'],
        on,
        invoke: {
          id: which === 'first' ? 'fetchFirst' : 'fetchSecond',
          src: 'fetchHours',
          input: ({ context }: { context: AnalyticsContext }) => ({ date: context[dateKey(which)] }),
          onDone: {
            target: 'ready',
            actions: {
              type: 'storeSeries',
              params: ({ event }: { event: { output: HourBucket[] } }) => ({ which, buckets: event.output }),
            },
          },
          onError: { target: 'failed', actions: { type: 'clearSeries', params: { which } } },
        },
      },
      ready: { on },
      failed: { tags: ['failed'], on },
    },
  } as const;
};

/**
 * Two compared dates, each fetched on its own; choosing a date again re-enters its loading
 * state, which stops the previous fetch actor and so aborts its request through `signal`.
 * (The date transitions sit on the leaf states: a re-entering transition on a region of a
 * parallel state would exit the other region too and abort its fetch.)
 */
export const analyticsMachine = setup({
  types: {
    input: {} as AnalyticsInput,
    context: {} as AnalyticsContext,
    events: {} as AnalyticsEvent,
  },
  actors: {
    /** The date's 24 cumulative UTC hours (`?bucket=hour`), not its orders: 1 KB whatever the day's size. */
    fetchHours: missingPromise<HourBucket[], { date: string }>('fetchHours'),
    socket: missingCallback<EventObject>(),
  },
  actions: {
    storeSeries: assign(({ context }, params: { which: Which; buckets: HourBucket[] }) => ({
      [params.which]: seriesFromBuckets(params.buckets, context[dateKey(params.which)]),
    })),
    // Spec section 8: an analytics failure is only logged; the series is shown empty.
    clearSeries: assign((_, params: { which: Which }) => ({ [params.which]: [] })),
    // The old points belong to the old date: drop them until the new date's orders arrive.
    setFirstDate: assign(({ event }) => (event.type === 'analytics.setFirstDate' ? { firstDate: event.date, first: [] } : {})),
    setSecondDate: assign(({ event }) => (event.type === 'analytics.setSecondDate' ? { secondDate: event.date, second: [] } : {})),
    addLive: assign(({ context, event }) => {
      if (event.type !== 'analytics.newOrder') return {};
      const add = (which: Which) =>
        liveFor(context, which, event.order) ? addCumulative(context[which], event.order, context[dateKey(which)]) : context[which];
      return { first: add('first'), second: add('second') };
    }),
  },
  guards: {
    isDate: ({ event }) => 'date' in event && /^\d{4}-\d{2}-\d{2}$/.test(event.date),
  },
}).createMachine({
  id: 'analytics',
  type: 'parallel',
  context: ({ input }) => ({ today: input.today, firstDate: input.today, secondDate: dayBefore(input.today), first: [], second: [] }),
  invoke: { id: 'socket', src: 'socket' },
  on: { 'analytics.newOrder': { actions: 'addLive' } },
  states: { first: dateRegion('first'), second: dateRegion('second') },
});
