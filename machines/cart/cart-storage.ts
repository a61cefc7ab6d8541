import type { CartItem } from '#contracts/order.ts';
import { isRecord, readVersioned, writeVersioned, type StorageLike } from '../shared/storage.ts';
import { itemsCount, subtotal } from '../shared/money.ts';

export const CART_KEY = 'cart';
/** Bump when the stored shape changes: older carts are then dropped instead of misread. */
export const CART_VERSION = 1;

export type CartTotals = { items: CartItem[]; itemsCount: number; cartSubtotal: number };

export const totalsOf = (items: CartItem[]): CartTotals => ({ items, itemsCount: itemsCount(items), cartSubtotal: subtotal(items) });

const isCartItem = (v: unknown): v is CartItem =>
  isRecord(v) &&
  typeof v.productID === 'string' &&
  v.productID.length > 0 &&
  typeof v.name === 'string' &&
  typeof v.price === 'number' &&
  Number.isFinite(v.price) &&
  v.price >= 0 &&
  Number.isInteger(v.count) &&
  (v.count as number) >= 0 &&
  Number.isInteger(v.quantity) &&
  (v.quantity as number) >= 1 &&
  (v.image === undefined || (isRecord(v.image) && typeof v.image.path === 'string'));

/** Totals are recomputed from the lines: a stored total is never trusted. */
export const readCart = (storage: StorageLike): CartTotals =>
  readVersioned(storage, CART_KEY, CART_VERSION, (data) => {
    const items = data.items;
    if (!Array.isArray(items) || !items.every(isCartItem)) return null;
    const unique = new Set(items.map((i) => i.productID));
    return unique.size === items.length ? totalsOf(items) : null;
  }) ?? totalsOf([]);

export const writeCart = (storage: StorageLike, cart: CartTotals): void => writeVersioned(storage, CART_KEY, CART_VERSION, cart);
