import { fromCallback, type ActorRefFrom } from 'xstate';
import type { CartItem } from '#contracts/order.ts';
import type { CartTotals } from '../cart/cart-storage.ts';
import type { cartMachine } from '../cart/cart.machine.ts';

/** The app's one cart actor, which the checkout reprices and empties. */
export type CartRef = ActorRefFrom<typeof cartMachine>;

/** What a reprice found: lines to write back (cart.add replaces a line), lines gone, one sentence per change. */
export type Repricing = { update: CartItem[]; remove: string[]; notes: string[] };

export type CartChanged = { type: 'checkout.cartChanged' } & CartTotals;

export const cartLines = (cart: CartRef): CartTotals => {
  const { items, itemsCount, cartSubtotal } = cart.getSnapshot().context;
  return { items, itemsCount, cartSubtotal };
};

/**
 * Follows the cart while the checkout runs (a reprice written back, another tab): the order
 * is placed on the lines the shopper sees. Only a change of the lines is reported, so an
 * event that leaves them alone does not reset the summary.
 */
export const watchCart = fromCallback<CartChanged, { cart: CartRef }>(({ input, sendBack }) => {
  let last = input.cart.getSnapshot().context.items;
  const sub = input.cart.subscribe((snapshot) => {
    if (snapshot.context.items === last) return;
    last = snapshot.context.items;
    sendBack({ type: 'checkout.cartChanged', ...cartLines(input.cart) });
  });
  return () => sub.unsubscribe();
});
