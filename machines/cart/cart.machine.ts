import { and, assign, setup } from 'xstate';
import type { CartItem } from '../../contracts/order.ts';
import { storageRef, type StorageLike, type StorageRef } from '../shared/storage.ts';
import { readCart, totalsOf, writeCart } from './cart-storage.ts';

export type CartInput = { storage: StorageLike };
export type CartContext = { items: CartItem[]; itemsCount: number; cartSubtotal: number; storage: StorageRef };
export type CartEvent =
  | { type: 'cart.add'; item: CartItem }
  | { type: 'cart.remove'; productID: string }
  | { type: 'cart.setQuantity'; productID: string; quantity: number }
  | { type: 'cart.clear' }
  | { type: 'cart.storageChanged' };

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
  actions: {
    add: assign(({ context, event }) => (event.type === 'cart.add' ? totalsOf(addLine(context.items, event.item)) : {})),
    remove: assign(({ context, event }) =>
      event.type === 'cart.remove' ? totalsOf(context.items.filter((i) => i.productID !== event.productID)) : {},
    ),
    setQuantity: assign(({ context, event }) =>
      event.type === 'cart.setQuantity'
        ? totalsOf(context.items.map((i) => (i.productID === event.productID ? { ...i, quantity: clampQuantity(event.quantity, i.count) } : i)))
        : {},
    ),
    clear: assign(() => totalsOf([])),
    reload: assign(({ context }) => readCart(context.storage)),
    persist: ({ context }) => writeCart(context.storage, { items: context.items, itemsCount: context.itemsCount, cartSubtotal: context.cartSubtotal }),
  },
  guards: {
    inStock: ({ event }) => event.type === 'cart.add' && event.item.count >= 1 && Number.isFinite(event.item.quantity),
    hasLine: ({ context, event }) =>
      (event.type === 'cart.remove' || event.type === 'cart.setQuantity') && context.items.some((i) => i.productID === event.productID),
    validQuantity: ({ event }) => event.type === 'cart.setQuantity' && Number.isFinite(event.quantity),
  },
}).createMachine({
  id: 'cart',
  context: ({ input }) => {
    const storage = storageRef(input.storage, 'storage');
    return { ...readCart(storage), storage };
  },
  initial: 'active',
  states: {
    active: {
      on: {
        'cart.add': { guard: 'inStock', actions: ['add', 'persist'] },
        'cart.remove': { guard: 'hasLine', actions: ['remove', 'persist'] },
        'cart.setQuantity': { guard: and(['hasLine', 'validQuantity']), actions: ['setQuantity', 'persist'] },
        'cart.clear': { actions: ['clear', 'persist'] },
        'cart.storageChanged': { actions: 'reload' },
      },
    },
  },
});
