import { and, assign, setup } from 'xstate';
import type { CartItem } from '#contracts/order.ts';
import { missingPromise } from '../shared/actors.ts';
import { storageRef, type StorageLike, type StorageRef } from '../shared/storage.ts';
import { readCart, totalsOf, writeCart } from './cart-storage.ts';
import { applyStockCheck, type ProductNow } from './stock-check.ts';

export { STOCK_TEXTS, type ProductNow } from './stock-check.ts';

export type CartInput = { storage: StorageLike };
/** The line the shopper just added, for the product page's `… is in your cart (quantity N).` banner. */
export type AddedLine = { productID: string; name: string; quantity: number };
export type CartContext = {
  items: CartItem[];
  itemsCount: number;
  cartSubtotal: number;
  storage: StorageRef;
  lastAdded: AddedLine | null;
  /** What the last stock check changed (STOCK_TEXTS), shown on the cart page until the next check. */
  notes: string[];
  /** The line the cart page asks 'Are you sure?' about before it goes (spec section 5); null when nothing is asked. */
  removing: string | null;
};
export type CartEvent =
  | { type: 'cart.add'; item: CartItem }
  /** A line goes without asking: the checkout's, for a product the server no longer sells. */
  | { type: 'cart.remove'; productID: string }
  /** The shopper pressed a line's Remove: the cart page asks 'Are you sure?' about it first. */
  | { type: 'cart.askRemove'; productID: string }
  /** Yes: the line asked about goes. */
  | { type: 'cart.confirmRemove' }
  /** Cancel (or Escape, or the cart page left): the line stays. */
  | { type: 'cart.dismissRemove' }
  | { type: 'cart.setQuantity'; productID: string; quantity: number }
  | { type: 'cart.clear' }
  | { type: 'cart.storageChanged' }
  /** The shopper left (or opened) a product page: the banner of the last add is gone. */
  | { type: 'cart.dismissAdded' }
  /** The cart page is shown: the lines are checked against the server's stock and prices. */
  | { type: 'cart.check' };

/** Quantity choices run from 1 to the product's stock count (spec section 5). */
export const clampQuantity = (quantity: number, stock: number): number => Math.max(1, Math.min(Math.trunc(quantity), stock));

/** Adding a productID already present replaces its line in place (spec section 4). */
export const addLine = (items: CartItem[], item: CartItem): CartItem[] => {
  const line = { ...item, quantity: clampQuantity(item.quantity, item.count) };
  return items.some((i) => i.productID === item.productID)
    ? items.map((i) => (i.productID === item.productID ? line : i))
    : [...items, line];
};

export const cartMachine = setup({
  types: {
    input: {} as CartInput,
    context: {} as CartContext,
    events: {} as CartEvent,
  },
  actors: {
    /** GET /api/products/get-one/{id} for each line: the products as the server has them now. */
    checkStock: missingPromise<ProductNow[], { items: CartItem[] }>('checkStock'),
  },
  actions: {
    add: assign(({ context, event }) => (event.type === 'cart.add' ? totalsOf(addLine(context.items, event.item)) : {})),
    remove: assign(({ context }, productID: string | null) => totalsOf(context.items.filter((i) => i.productID !== productID))),
    setQuantity: assign(({ context, event }) =>
      event.type === 'cart.setQuantity'
        ? totalsOf(
            context.items.map((i) => (i.productID === event.productID ? { ...i, quantity: clampQuantity(event.quantity, i.count) } : i)),
          )
        : {},
    ),
    clear: assign(() => totalsOf([])),
    ask: assign(({ event }) => (event.type === 'cart.askRemove' ? { removing: event.productID } : {})),
    closeQuestion: assign({ removing: null }),
    // The quantity that went in, so changing the select afterwards does not rewrite the banner.
    noteAdded: assign(({ context, event }) => {
      const line = event.type === 'cart.add' ? context.items.find((i) => i.productID === event.item.productID) : undefined;
      return { lastAdded: line ? { productID: line.productID, name: line.name, quantity: line.quantity } : null };
    }),
    // Any other change to the cart (here or in another tab) makes the banner's quantity stale.
    forgetAdded: assign({ lastAdded: null }),
    reload: assign(({ context }) => readCart(context.storage)),
    clearNotes: assign({ notes: [] }),
    applyCheck: assign(({ context }, now: ProductNow[]) => {
      const { items, notes } = applyStockCheck(context.items, now);
      return { ...totalsOf(items), notes };
    }),
    persist: ({ context }) =>
      writeCart(context.storage, { items: context.items, itemsCount: context.itemsCount, cartSubtotal: context.cartSubtotal }),
  },
  guards: {
    inStock: ({ event }) => event.type === 'cart.add' && event.item.count >= 1 && Number.isFinite(event.item.quantity),
    hasLine: ({ context, event }) =>
      (event.type === 'cart.remove' || event.type === 'cart.askRemove' || event.type === 'cart.setQuantity') &&
      context.items.some((i) => i.productID === event.productID),
    validQuantity: ({ event }) => event.type === 'cart.setQuantity' && Number.isFinite(event.quantity),
    hasItems: ({ context }) => context.items.length > 0,
    asking: ({ context }) => context.removing !== null,
    askedLineGone: ({ context }) => context.removing !== null && !context.items.some((i) => i.productID === context.removing),
  },
}).createMachine({
  id: 'cart',
  context: ({ input }) => {
    const storage = storageRef(input.storage, 'storage');
    return { ...readCart(storage), storage, lastAdded: null, notes: [], removing: null };
  },
  initial: 'active',
  states: {
    active: {
      initial: 'idle',
      states: {
        idle: {
          on: { 'cart.check': [{ guard: 'hasItems', target: 'checking', actions: 'clearNotes' }, { actions: 'clearNotes' }] },
        },
        // Tag `checking`: Proceed To Checkout waits; the lines stay editable meanwhile.
        checking: {
          tags: ['checking'],
          invoke: {
            id: 'checkStock',
            src: 'checkStock',
            input: ({ context }) => ({ items: context.items }),
            onDone: { target: 'idle', actions: [{ type: 'applyCheck', params: ({ event }) => event.output }, 'persist'] },
            // Not checked (offline): the checkout checks again before any order.
            onError: 'idle',
          },
          on: { 'cart.check': { target: 'checking', reenter: true } },
        },
      },
      // Whatever took the line asked about (another tab, the stock check, the checkout, a logout)
      // took its question too: 'Are you sure?' never stays open over a line that is not there.
      always: { guard: 'askedLineGone', actions: 'closeQuestion' },
      on: {
        'cart.add': { guard: 'inStock', actions: ['add', 'persist', 'noteAdded'] },
        'cart.remove': {
          guard: 'hasLine',
          actions: [{ type: 'remove', params: ({ event }) => event.productID }, 'persist', 'forgetAdded'],
        },
        'cart.askRemove': { guard: 'hasLine', actions: 'ask' },
        'cart.confirmRemove': {
          guard: 'asking',
          actions: [{ type: 'remove', params: ({ context }) => context.removing }, 'closeQuestion', 'persist', 'forgetAdded'],
        },
        'cart.dismissRemove': { guard: 'asking', actions: 'closeQuestion' },
        'cart.setQuantity': { guard: and(['hasLine', 'validQuantity']), actions: ['setQuantity', 'persist', 'forgetAdded'] },
        'cart.clear': { actions: ['clear', 'persist', 'forgetAdded'] },
        'cart.storageChanged': { actions: ['reload', 'forgetAdded'] },
        'cart.dismissAdded': { actions: 'forgetAdded' },
      },
    },
  },
});
