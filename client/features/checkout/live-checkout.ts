import { fromPromise } from 'xstate';
import type { CartItem, Order } from '../../../contracts/order.ts';
import type { Product } from '../../../contracts/product.ts';
import type { User } from '../../../contracts/user.ts';
import { checkoutMachine, type CreateOrderInput, type Repricing } from '../../../machines/checkout/checkout.machine.ts';
import { api } from '../../lib/api.ts';
import { repriceLines, type Current } from './reprice.ts';

const fetchCurrent = (items: readonly CartItem[], signal: AbortSignal): Promise<Current[]> =>
  Promise.all(
    items.map((item) =>
      api.get<Product>(`/api/products/get-one/${encodeURIComponent(item.productID)}`, { signal }).then(
        (product) => ({ item, product }),
        (error: unknown) => {
          // A product deleted since it was added: the line goes, everything else is a real failure.
          if (typeof error === 'object' && error !== null && (error as { status?: number }).status === 404) return { item, product: null };
          throw error;
        },
      ),
    ),
  );

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
