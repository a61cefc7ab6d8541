import { createContext, useContext } from 'react';
import { MAX_UNITS_PER_PRODUCT_DEFAULT, quantityChoices } from '#contracts/order-limit.ts';
import { readPageSettings } from './kiosk-entry.ts';

/**
 * The shop's MAX_UNITS_PER_PRODUCT as the page's settings carry it (bff/http/page-settings.ts).
 * Read by hand, not with zod: the product page is in the first load.
 */
export const maxUnitsOf = (settings: unknown): number => {
  const value = (settings as { maxUnitsPerProduct?: unknown } | undefined)?.maxUnitsPerProduct;
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 ? value : MAX_UNITS_PER_PRODUCT_DEFAULT;
};

/** In the browser, the page's own number; the server render provides the BFF's (client/entry-server.tsx). */
export const MaxUnitsContext = createContext<number>(
  typeof document === 'undefined' ? MAX_UNITS_PER_PRODUCT_DEFAULT : maxUnitsOf(readPageSettings()),
);

/** How many units of one product one order may take. */
export const useMaxUnits = (): number => useContext(MaxUnitsContext);

/** A quantity select's options: 1 to the smaller of the stock and the limit (spec section 5, amended). */
export const quantityOptions = (stock: number, maxUnits: number) =>
  quantityChoices(stock, maxUnits).map((n) => ({ value: String(n), label: String(n) }));
