import type { HandoffLine } from '#contracts/handoff.ts';
import type { CartItem } from '#contracts/order.ts';
import type { Product } from '#contracts/product.ts';

/** What the phone rebuilds: cart lines at today's prices and stock, and a sentence per line it had to change. */
export type Restored = { items: CartItem[]; notes: string[] };

/**
 * The kiosk's lines priced from the products as the server has them now (null: the product is
 * gone). A line out of stock is left out; a quantity above the stock becomes the stock.
 */
export const restoreLines = (lines: readonly HandoffLine[], products: readonly (Product | null)[]): Restored => {
  const result: Restored = { items: [], notes: [] };
  lines.forEach((line, i) => {
    const product = products[i] ?? null;
    if (!product) return void result.notes.push('A product from the kiosk is no longer sold and was left out.');
    if (product.count < 1) return void result.notes.push(`${product.name} is out of stock and was left out.`);
    const quantity = Math.min(line.quantity, product.count);
    if (quantity < line.quantity)
      result.notes.push(`Only ${product.count} of ${product.name} left in stock: your quantity is now ${quantity}.`);
    result.items.push({
      productID: product._id,
      name: product.name,
      price: product.price,
      image: product.images[0],
      count: product.count,
      quantity,
    });
  });
  return result;
};
