// Its own file, not rules.ts: the shop's first load carries rules.ts, and only the product page,
// the cart and the API need these.

/**
 * How many units of one product one order may take (MAX_UNITS_PER_PRODUCT, by default 10): a
 * single cash-on-delivery order, which never expires, must not take a product off sale.
 */
export const MAX_UNITS_PER_PRODUCT_DEFAULT = 10;
/** The answer (400, field `cartItems`) to an order line over MAX_UNITS_PER_PRODUCT. */
export const tooManyUnits = (max: number): string => `You can order at most ${max} of one product`;
/** The quantities one line may choose: 1 to the smaller of the stock and MAX_UNITS_PER_PRODUCT. */
export const quantityChoices = (stock: number, maxUnits: number): number[] =>
  Array.from({ length: Math.max(0, Math.min(Math.trunc(stock), maxUnits)) }, (_, i) => i + 1);
