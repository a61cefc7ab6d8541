import { useCallback, useEffect, useState } from 'react';
import type { Product } from '../../../contracts/product.ts';
import { api, errorMessage, isAbort } from '../../app/api.ts';

type State = { product: Product | null; error: string | null; loading: boolean };

/**
 * GET /api/products/get-one/{id}. A reload (after a review) keeps the product on screen
 * while it runs, so the page and the review's success text do not flash away.
 */
export function useProduct(id: string) {
  const [state, setState] = useState<State>({ product: null, error: null, loading: true });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    setState((s) => ({ product: s.product?._id === id ? s.product : null, error: null, loading: true }));
    api.get<Product>(`/api/products/get-one/${encodeURIComponent(id)}`, { signal: controller.signal }).then(
      (product) => setState({ product, error: null, loading: false }),
      (error: unknown) => {
        if (!controller.signal.aborted && !isAbort(error)) setState({ product: null, error: errorMessage(error), loading: false });
      },
    );
    return () => controller.abort();
  }, [id, attempt]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, reload };
}
