import { useCallback, useEffect, useRef, useState } from 'react';
import type { CartItem } from '../../../../contracts/order.ts';
import type { Product } from '../../../../contracts/product.ts';
import { api, errorMessage, isAbort } from '../../../app/api.ts';
import { useCartActor } from '../../../app/hooks.ts';
import { CartContext } from '../../../app/providers.tsx';
import { repriceLines, type Current } from './reprice.ts';

/** `checked`: a first answer (or failure) has come, so the summary can show. */
export type RepriceState = { status: 'checking' | 'done' | 'failed'; checked: boolean; notes: string[]; error: string | null };

const fetchCurrent = (items: readonly CartItem[], signal: AbortSignal): Promise<Current[]> =>
  Promise.all(
    items.map((item) =>
      api.get<Product>(`/api/products/get-one/${encodeURIComponent(item.productID)}`, { signal }).then(
        (product) => ({ item, product }),
        (error: unknown) => {
          // A product deleted since it was added: the line goes, everything else is a real failure.
          if (typeof error === 'object' && error !== null && (error as { status?: number }).status === 404) return { item, product: null };
          throw error;
        },
      ),
    ),
  );

/**
 * Reprices the cart from the server (GET /api/products/get-one/{id} per line) when the page
 * opens and again on `check()`, writing changes back through the cart machine. `check()`
 * resolves true when nothing changed, so the order can go ahead on exactly what was shown.
 */
export function useReprice() {
  const cart = useCartActor();
  const items = CartContext.useSelector((s) => s.context.items);
  const itemsRef = useRef(items);
  itemsRef.current = items;
  const [state, setState] = useState<RepriceState>({ status: 'checking', checked: false, notes: [], error: null });
  const controller = useRef<AbortController | null>(null);

  const check = useCallback(async (): Promise<boolean> => {
    controller.current?.abort();
    const own = new AbortController();
    controller.current = own;
    setState((s) => ({ ...s, status: 'checking', error: null }));
    try {
      const { update, remove, notes } = repriceLines(await fetchCurrent(itemsRef.current, own.signal));
      if (own.signal.aborted) return false;
      for (const item of update) cart.send({ type: 'cart.add', item });
      for (const productID of remove) cart.send({ type: 'cart.remove', productID });
      setState({ status: 'done', checked: true, notes, error: null });
      return notes.length === 0;
    } catch (error) {
      if (!own.signal.aborted && !isAbort(error)) setState({ status: 'failed', checked: true, notes: [], error: `We could not check the current prices: ${errorMessage(error)}` });
      return false;
    }
  }, [cart]);

  useEffect(() => {
    void check();
    return () => controller.current?.abort();
  }, [check]);

  return { ...state, check };
}
