import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { analyticsMachine, type AnalyticsContext } from '#machines/analytics/analytics.machine.ts';
import { dayBefore } from '#machines/analytics/chart.ts';
import { createControl } from '#machines/testing/controlled-actors.ts';
import type { E2eStep } from '#machines/testing/e2e-paths.ts';
import type { ModelSpec } from '#machines/testing/model.ts';

export type Region = 'first' | 'second';

/**
 * The dates an admin picks for each compared date: the page's own (today, yesterday) and one
 * other each. The two regions never share a date, so a request's date says which one asked.
 */
export const regionDates = (today: string): Record<Region, [string, string]> => {
  const yesterday = dayBefore(today);
  return { first: [today, dayBefore(yesterday)], second: [yesterday, dayBefore(dayBefore(yesterday))] };
};

const fetchId = (region: Region) => (region === 'first' ? 'fetchFirst' : 'fetchSecond');
const regionState = (s: AnyMachineSnapshot, region: Region) => (s.value as Record<Region, string>)[region];

/** The live order of the sample: placed now by a customer; its figures come from the real order. */
export const LIVE_ORDER = {
  type: 'analytics.newOrder',
  order: { _id: '(the live order)', createdAt: '(now)', orderTotal: { cartSubtotal: 1 } },
};

/**
 * The analytics machine with what an admin does on /admin/analytics: each date's hours answer
 * or fail, either date is changed (while its hours load, once they showed, after they failed),
 * and a customer places an order while today is shown. Series are the real server's in the
 * browser run; generation needs only their shape.
 */
export const analyticsE2eModel = (today: string): ModelSpec => {
  const control = createControl();
  const dates = regionDates(today);
  const live = (s: AnyMachineSnapshot) => {
    const ctx = s.context as AnalyticsContext;
    return regionState(s, 'first') === 'ready' && ctx.firstDate === today ? [{ ...LIVE_ORDER }] : [];
  };
  return {
    name: 'analytics (e2e)',
    machine: analyticsMachine.provide({ actors: { fetchHours: control.promise(), socket: control.callback() } }),
    control,
    input: () => ({ today }),
    events: (s: AnyMachineSnapshot) => {
      const ctx = s.context as AnalyticsContext;
      const perRegion = (['first', 'second'] as const).flatMap((region): AnyEventObject[] => {
        const current = region === 'first' ? ctx.firstDate : ctx.secondDate;
        const other = dates[region].find((d) => d !== current)!;
        const set = { type: region === 'first' ? 'analytics.setFirstDate' : 'analytics.setSecondDate', date: other };
        if (regionState(s, region) !== 'loading') return [set];
        return [
          { type: `xstate.done.actor.${fetchId(region)}`, output: [] },
          { type: `xstate.error.actor.${fetchId(region)}`, error: { status: 500, message: 'down' } },
          set,
        ];
      });
      return [...perRegion, ...live(s)];
    },
    // one live order a path (the sample's order is $1 on an empty day)
    bound: (ctx: AnalyticsContext) => Number(ctx.first.at(-1)?.[ctx.firstDate] ?? 0) <= 1,
  };
};

/** One key per transition: which date, from which of its states, by what. */
export const analyticsStepKey = ({ event, before }: E2eStep): string => {
  if (event.type === 'analytics.newOrder') return 'live order';
  const region: Region = /first|First/.test(event.type) ? 'first' : 'second';
  const what = event.type.startsWith('xstate.done.') ? 'answers' : event.type.startsWith('xstate.error.') ? 'fails' : 'date changed';
  return `${region} ${regionState(before, region)} ${what}`;
};
