import { fromCallback, fromPromise, type EventObject } from 'xstate';
import type { AnalysisOrder } from '../../../../contracts/order.ts';
import { analyticsMachine } from '../../../../machines/analytics/analytics.machine.ts';
import type { AdminSessionActor } from '../../../app/admin-session.tsx';
import { api, isAbort } from '../../../app/api.ts';

/** One date's orders; leaving the machine's loading state aborts the request through `signal`. */
export const fetchAnalysisOrders = fromPromise<AnalysisOrder[], { date: string }>(async ({ input, signal }) => {
  try {
    return await api.get<AnalysisOrder[]>(`/api/orders/analysis/${encodeURIComponent(input.date)}`, { signal });
  } catch (error) {
    // Spec section 8: an analytics failure is only logged; a cancelled request is not a failure.
    if (!signal.aborted && !isAbort(error)) console.warn(`Analytics: the orders of ${input.date} could not be loaded`, error);
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
  analyticsMachine.provide({ actors: { fetchOrders: fetchAnalysisOrders, socket: sessionOrders(session) } });
