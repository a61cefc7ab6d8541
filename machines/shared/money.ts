import { fromCents, toCents } from '#contracts/rules.ts';

/** Sums price × quantity in integer cents, so 0.1 + 0.2 is 0.3 and not 0.30000000000000004. */
export const lineTotalCents = (line: { price: number; quantity: number }): number => toCents(line.price) * line.quantity;

export const subtotal = (lines: readonly { price: number; quantity: number }[]): number =>
  fromCents(lines.reduce((sum, line) => sum + lineTotalCents(line), 0));

export const itemsCount = (lines: readonly { quantity: number }[]): number => lines.reduce((n, line) => n + line.quantity, 0);

// Made on first use: a currency formatter takes milliseconds to build, and the shop's first load
// imports this module without formatting anything with it.
let usd: Intl.NumberFormat | undefined;
/** `$1,898.00`: how the shop writes an amount (test plans, replay output). */
export const formatUsd = (amount: number): string =>
  (usd ??= new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })).format(amount);
