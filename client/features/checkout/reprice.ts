import type { CartItem } from '#contracts/order.ts';
import type { Current } from '../../lib/products-now.ts';
import type { Repricing } from '#machines/checkout/checkout.machine.ts';
import { formatDollars } from '../../ui/money.ts';

export type { Current } from '../../lib/products-now.ts';

/**
 * Compares each cart line with the product as the server has it now. Only price and stock
 * changes are reported; a changed stock that still covers the quantity updates silently
 * (it only widens or narrows the quantity choices).
 */
export const repriceLines = (current: readonly Current[]): Repricing => {
  const result: Repricing = { update: [], remove: [], notes: [] };
  for (const { item, product } of current) {
    if (!product || product.count < 1) {
      result.remove.push(item.productID);
      result.notes.push(`${item.name} is no longer available and was removed from your cart.`);
      continue;
    }
    const next: CartItem = {
      ...item,
      name: product.name,
      price: product.price,
      count: product.count,
      quantity: Math.min(item.quantity, product.count),
    };
    if (product.price !== item.price)
      result.notes.push(`The price of ${item.name} changed from ${formatDollars(item.price)} to ${formatDollars(product.price)}.`);
    if (product.count < item.quantity)
      result.notes.push(`Only ${product.count} of ${item.name} left in stock: your quantity is now ${product.count}.`);
    if (next.price !== item.price || next.count !== item.count || next.quantity !== item.quantity || next.name !== item.name)
      result.update.push(next);
  }
  return result;
};
