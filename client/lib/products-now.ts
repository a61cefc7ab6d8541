import type { CartItem } from '#contracts/order.ts';
import type { Product } from '#contracts/product.ts';
import { api } from './api.ts';

/** What the server says about one cart line now: the product, or null when it is gone (404). */
export type Current = { item: CartItem; product: Product | null };

/**
 * GET /api/products/get-one/{id} for every line, at once (the cart page's stock check and the
 * checkout's reprice). A product deleted since it was added reads as null; every other failure rejects.
 */
export const fetchCurrent = (items: readonly CartItem[], signal: AbortSignal): Promise<Current[]> =>
  Promise.all(
    items.map((item) =>
      // The stock and price now, not a copy a cache kept for a few seconds: caches revalidate.
      api
        .get<Product>(`/api/products/get-one/${encodeURIComponent(item.productID)}`, { signal, headers: { 'cache-control': 'no-cache' } })
        .then(
          (product) => ({ item, product }),
          (error: unknown) => {
            if (typeof error === 'object' && error !== null && (error as { status?: number }).status === 404)
              return { item, product: null };
            throw error;
          },
        ),
    ),
  );
