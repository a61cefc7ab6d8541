/** Spec section 5: quantity choices run from 1 to the product's stock count. */
export const quantityOptions = (stock: number) =>
  Array.from({ length: Math.max(0, Math.trunc(stock)) }, (_, i) => ({ value: String(i + 1), label: String(i + 1) }));
