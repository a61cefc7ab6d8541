import { fromPromise } from 'xstate';
import type { CreateOrderBody, Order } from '../../../../contracts/order.ts';
import type { User } from '../../../../contracts/user.ts';
import { checkoutMachine } from '../../../../machines/checkout/checkout.machine.ts';
import { api } from '../../../app/api.ts';

/** The checkout machine with its real effects: the stored profile and POST /api/orders. */
export const liveCheckoutMachine = checkoutMachine.provide({
  actors: {
    loadProfile: fromPromise<User, { userId: string }>(({ input, signal }) => api.get(`/api/users/profile/${encodeURIComponent(input.userId)}`, { signal })),
    createOrder: fromPromise<Pick<Order, '_id'>, CreateOrderBody>(({ input, signal }) => api.post('/api/orders', input, { signal })),
  },
});
