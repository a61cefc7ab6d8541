import type { CartItem } from '#contracts/order.ts';
import { formatUsd } from '../shared/money.ts';

/** One cart line's product as the server has it now; `product` is null when it is gone (404). */
export type ProductNow = { productID: string; product: { name: string; price: number; count: number } | null };

/** What the cart page says after its check (issue: the cart ignored stock changes). */
export const STOCK_TEXTS = {
  lowered: (name: string, left: number) => `${name}: only ${left} left, quantity lowered`,
  soldOut: (name: string) => `${name} is sold out`,
  repriced: (name: string, from: number, to: number) => `${name}: the price changed from ${formatUsd(from)} to ${formatUsd(to)}`,
} as const;

/**
 * Writes the server's stock and prices into the lines the cart holds now (a line added while the
 * check ran is kept as it is): a sold-out or deleted product's line goes, a quantity above the
 * stock comes down to it, and each change gets its sentence.
 */
export const applyStockCheck = (items: readonly CartItem[], now: readonly ProductNow[]): { items: CartItem[]; notes: string[] } => {
  const notes: string[] = [];
  const next: CartItem[] = [];
  for (const item of items) {
    const fact = now.find((n) => n.productID === item.productID);
    if (!fact) {
      next.push(item);
      continue;
    }
    const { product } = fact;
    if (!product || product.count < 1) {
      notes.push(STOCK_TEXTS.soldOut(item.name));
      continue;
    }
    if (product.count < item.quantity) notes.push(STOCK_TEXTS.lowered(product.name, product.count));
    if (product.price !== item.price) notes.push(STOCK_TEXTS.repriced(product.name, item.price, product.price));
    const line = {
      ...item,
      name: product.name,
      price: product.price,
      count: product.count,
      quantity: Math.min(item.quantity, product.count),
    };
    const same = line.name === item.name && line.price === item.price && line.count === item.count && line.quantity === item.quantity;
    next.push(same ? item : line);
  }
  return { items: next, notes };
};
