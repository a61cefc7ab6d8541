import { fromCallback, fromPromise, type EventObject } from 'xstate';
import { SOCKET_EVENTS, type NewOrderPayload } from '../../../../contracts/chat.ts';
import type { AnalysisOrder } from '../../../../contracts/order.ts';
import { analyticsMachine } from '../../../../machines/analytics/analytics.machine.ts';
import { api, isAbort } from '../../../app/api.ts';

/** Spec section 9: reconnect after 1 to 5 s, give up a connection attempt after 20 s. */
const SOCKET_OPTIONS = { path: '/socket.io', withCredentials: true, reconnectionDelay: 1000, reconnectionDelayMax: 5000, timeout: 20_000 } as const;

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
 * The admin's realtime socket, at the shop's origin (the BFF adds the session). socket.io-client
 * is imported here lazily so it only ever loads with the analytics page. It does not announce
 * itself as a chat admin: every admin session's socket receives 'newOrder', and announcing would
 * make this page take customers' conversations it cannot show.
 */
export const newOrderSocket = fromCallback<EventObject, void>(({ sendBack }) => {
  let stopped = false;
  let disconnect = () => undefined as void;
  void import('socket.io-client').then(
    ({ io }) => {
      if (stopped) return;
      const socket = io(SOCKET_OPTIONS);
      socket.on(SOCKET_EVENTS.newOrder, (order: NewOrderPayload) => sendBack({ type: 'analytics.newOrder', order }));
      disconnect = () => void socket.disconnect();
    },
    (error: unknown) => console.warn('Analytics: live orders are unavailable', error),
  );
  return () => {
    stopped = true;
    disconnect();
  };
});

/** The analytics machine with its real effects. */
export const liveAnalyticsMachine = analyticsMachine.provide({ actors: { fetchOrders: fetchAnalysisOrders, socket: newOrderSocket } });
