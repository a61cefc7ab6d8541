import { fromCallback, fromPromise, type EventObject } from 'xstate';
import type { HourBucket } from '#contracts/order.ts';
import { analyticsMachine } from '#machines/analytics/analytics.machine.ts';
import type { AdminSessionActor } from '../../../lib/admin-session.tsx';
import { api, isAbort } from '../../../lib/api.ts';

/**
 * One date's 24 cumulative UTC hours: `?bucket=hour` sums them in the database (about 1 KB),
 * where the spec's per-order answer is 12 MB on a day of 100,000 orders. Leaving the machine's
 * loading state aborts the request through `signal`.
 */
export const fetchAnalysisHours = fromPromise<HourBucket[], { date: string }>(async ({ input, signal }) => {
  try {
    return await api.get<HourBucket[]>(`/api/orders/analysis/${encodeURIComponent(input.date)}?bucket=hour`, { signal });
  } catch (error) {
    // Spec section 8: an analytics failure is only logged; a cancelled request is not a failure.
    if (!signal.aborted && !isAbort(error)) console.warn(`Analytics: the revenue of ${input.date} could not be loaded`, error);
    throw error;
  }
});

/**
 * Live orders from the admin session's one socket (the layout's actor re-emits 'newOrder'):
 * the analytics page opens no socket of its own.
 */
export const sessionOrders = (session: AdminSessionActor) =>
  fromCallback<EventObject, void>(({ sendBack }) => {
    const sub = session.on('admin.newOrder', ({ order }) => sendBack({ type: 'analytics.newOrder', order }));
    return () => sub.unsubscribe();
  });

/** The analytics machine with its real effects. */
export const liveAnalytics = (session: AdminSessionActor) =>
  analyticsMachine.provide({ actors: { fetchHours: fetchAnalysisHours, socket: sessionOrders(session) } });
