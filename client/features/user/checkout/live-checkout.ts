import { fromPromise } from 'xstate';
import type { CreateOrderBody, Order } from '../../../../contracts/order.ts';
import type { User } from '../../../../contracts/user.ts';
import { checkoutMachine } from '../../../../machines/checkout/checkout.machine.ts';
import { api } from '../../../app/api.ts';

/**
 * The checkout machine with its real effects: the stored profile and POST /api/orders. One
 * Idempotency-Key per checkout page: a retry after a lost answer gets the order already made
 * instead of a second one.
 */
export const liveCheckoutMachine = (idempotencyKey: string) =>
  checkoutMachine.provide({
    actors: {
      loadProfile: fromPromise<User, { userId: string }>(({ input, signal }) => api.get(`/api/users/profile/${encodeURIComponent(input.userId)}`, { signal })),
      createOrder: fromPromise<Pick<Order, '_id'>, CreateOrderBody>(({ input, signal }) =>
        api.post('/api/orders', input, { signal, headers: { 'Idempotency-Key': idempotencyKey } }),
      ),
    },
  });
