import { createActor, type AnyEventObject } from 'xstate';
import type { CartItem } from '#contracts/order.ts';
import type { User } from '#contracts/user.ts';
import { totalsOf, writeCart } from '../cart/cart-storage.ts';
import { cartMachine } from '../cart/cart.machine.ts';
import { memoryStorage } from '../shared/storage.ts';
import type { Repricing } from './cart-link.ts';

export const lines: CartItem[] = [
  { productID: 'p1', name: 'Laptop', price: 999.99, image: { path: '/images/p1.png' }, count: 5, quantity: 1 },
  { productID: 'p2', name: 'Mouse', price: 10.01, count: 9, quantity: 2 },
];
export const cart = { items: lines, itemsCount: 3, cartSubtotal: 1020.01 };

export const completeProfile: User = {
  _id: 'u1',
  name: 'Ann',
  lastName: 'Lee',
  email: 'ann@example.com',
  phoneNumber: '555 0100',
  address: '1 Main St',
  country: 'IN',
  zipCode: '400001',
  city: 'Mumbai',
  state: 'MH',
  isAdmin: false,
};
export const incompleteProfile: User = { ...completeProfile, city: ' ' };

/**
 * A started cart actor holding `items`, and the events it received: the checkout writes
 * reprices to it and empties it, so tests count what reached it.
 */
export const startCart = (items: CartItem[] = lines) => {
  const storage = memoryStorage();
  writeCart(storage, totalsOf(items));
  const received: AnyEventObject[] = [];
  const cart = createActor(cartMachine, {
    input: { storage },
    inspect: (e) => {
      // A snapshot per processed event, whoever sent it (another actor's sendTo included).
      if (e.type === '@xstate.snapshot' && !e.event.type.startsWith('xstate.')) received.push(e.event);
    },
  }).start();
  return { cart, received, clears: () => received.filter((e) => e.type === 'cart.clear').length };
};

/** What a reprice answers when the server still has the cart's prices and stock. */
export const unchanged: Repricing = { update: [], remove: [], notes: [] };
/** The laptop's price went up on the server. */
export const laptopDearer: Repricing = {
  update: [{ ...lines[0]!, price: 1099.99 }],
  remove: [],
  notes: ['The price of Laptop changed from $999.99 to $1,099.99.'],
};
