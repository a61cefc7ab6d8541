import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { CartItem } from '#contracts/order.ts';
import { cartMachine, type CartContext } from '#machines/cart/cart.machine.ts';
import { frozenStorage, memoryStorage } from '#machines/shared/storage.ts';
import { createControl } from '#machines/testing/controlled-actors.ts';
import type { E2eStep } from '#machines/testing/e2e-paths.ts';
import type { ModelSpec } from '#machines/testing/model.ts';

/** A cart line as the product details page adds it, for one of the demo products. */
export type DemoProduct = Omit<CartItem, 'quantity'>;

const QUANTITIES = [1, 2];

/**
 * The cart machine with the sample a shopper can produce in the browser: two demo products,
 * quantities 1..2, quantity changes and Remove on lines that are in the cart, Yes or Cancel in
 * its 'Are you sure?', and clearing (which the shop does on logout). Other tabs are left out
 * here: the spec drives that by hand.
 */
export const cartE2eModel = (products: DemoProduct[]): ModelSpec => ({
  name: 'cart (e2e)',
  machine: cartMachine,
  control: createControl(),
  // generation never writes (frozen); the oracle beside the browser keeps what it writes
  input: () => ({ storage: memoryStorage() }),
  events: (s: AnyMachineSnapshot) => {
    const ctx = s.context as CartContext;
    // 'Are you sure?' is modal: the page offers only its Yes and Cancel.
    if (ctx.removing !== null) return [{ type: 'cart.confirmRemove' }, { type: 'cart.dismissRemove' }];
    const adds = products.flatMap((p) => QUANTITIES.map((quantity) => ({ type: 'cart.add', item: { ...p, quantity } })));
    const lines = ctx.items.flatMap((i): AnyEventObject[] => [
      { type: 'cart.askRemove', productID: i.productID },
      ...QUANTITIES.filter((q) => q !== i.quantity).map((quantity) => ({ type: 'cart.setQuantity', productID: i.productID, quantity })),
    ]);
    return [...adds, ...lines, ...(ctx.items.length > 0 ? [{ type: 'cart.clear' }] : [])];
  },
  bound: (ctx: CartContext) => ctx.items.length <= products.length,
  select: (ctx: CartContext) => ({ items: ctx.items, itemsCount: ctx.itemsCount, cartSubtotal: ctx.cartSubtotal, removing: ctx.removing }),
});

/** Generation runs on a storage that ignores writes, so every path starts from an empty cart. */
export const cartGenerationModel = (products: DemoProduct[]): ModelSpec => ({
  ...cartE2eModel(products),
  input: () => ({ storage: frozenStorage() }),
});

/**
 * The kinds of step a shopper would call different: a new product, a product already in the cart
 * with the same or another quantity (replaced, not added), Remove on the only or one of two
 * lines, then Yes or Cancel, changing a quantity, clearing.
 */
export const cartStepKey = ({ event, before }: E2eStep): string => {
  const b = before.context as CartContext;
  if (event.type === 'cart.add') {
    const item = (event as unknown as { item: CartItem }).item;
    const present = b.items.find((i) => i.productID === item.productID);
    return `add ${present ? (present.quantity === item.quantity ? 'same line again' : 'present line, other quantity') : `new line after ${b.items.length}`}`;
  }
  if (event.type === 'cart.askRemove') return `ask about one of ${b.items.length}`;
  if (event.type === 'cart.confirmRemove') return `remove one of ${b.items.length}`;
  return event.type;
};
