import { fromPromise } from 'xstate';
import type { Order } from '#contracts/order.ts';
import { orderMachine, type OrderViewer } from '#machines/order/order.machine.ts';
import { api } from '../../../lib/api.ts';

/** PUT /api/orders/cancel/{id}: the buyer's and the admin's cancel alike. */
export const cancelOrderActor = fromPromise<Order, { orderId: string }>(({ input, signal }) =>
  api.put(`/api/orders/cancel/${encodeURIComponent(input.orderId)}`, undefined, { signal }),
);

/** The order machine for the user's own order page: GET /api/orders/user/{id}; users never mark delivery. */
export const liveUserOrderMachine = orderMachine.provide({
  actors: {
    loadOrder: fromPromise<Order, { orderId: string; viewer: OrderViewer }>(({ input, signal }) =>
      api.get(`/api/orders/user/${encodeURIComponent(input.orderId)}`, { signal }),
    ),
    cancelOrder: cancelOrderActor,
  },
});
