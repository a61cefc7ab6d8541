import { fromPromise } from 'xstate';
import type { CartItem, Order } from '#contracts/order.ts';
import type { User } from '#contracts/user.ts';
import type { StorageLike } from '#machines/shared/storage.ts';
import { checkoutMachine, type CreateOrderInput, type Repricing } from '#machines/checkout/checkout.machine.ts';
import { api } from '../../lib/api.ts';
import { fetchCurrent } from '../../lib/products-now.ts';
import { repriceLines } from './reprice.ts';

/** The tab's session storage, where the checkout keeps its attempt over a reload; none where the page may not use it. */
export const checkoutStorage = (): StorageLike | undefined => {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
};

/**
 * The checkout machine with its real effects: the stored profile, the current products
 * (GET /api/products/get-one/{id} per line; leaving the state aborts them) and POST /api/orders
 * with the machine's one Idempotency-Key.
 */
export const liveCheckoutMachine = checkoutMachine.provide({
  actors: {
    loadProfile: fromPromise<User, { userId: string }>(({ input, signal }) =>
      api.get(`/api/users/profile/${encodeURIComponent(input.userId)}`, { signal }),
    ),
    reprice: fromPromise<Repricing, { items: CartItem[] }>(async ({ input, signal }) =>
      repriceLines(await fetchCurrent(input.items, signal)),
    ),
    createOrder: fromPromise<Pick<Order, '_id'>, CreateOrderInput>(({ input, signal }) =>
      api.post('/api/orders', input.body, { signal, headers: { 'Idempotency-Key': input.idempotencyKey } }),
    ),
  },
});
