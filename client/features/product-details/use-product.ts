import { useSelector } from '@xstate/react';
import { useCallback } from 'react';
import type { Product } from '#contracts/product.ts';
import { productUrl } from '../../lib/api-urls.ts';
import { useFetchActor } from '../../lib/use-api-get.ts';

/**
 * GET /api/products/get-one/{id}, through the app's fetch machine. A reload (after a review)
 * keeps the product on screen while it runs, so the page and the review's success text do not
 * flash away; another id drops the old product at once. A failed load's reload is `Try again`.
 */
export function useProduct(id: string) {
  const actor = useFetchActor(productUrl(id));
  const product = useSelector(actor, (s) => (s.context.data as Product | undefined) ?? null);
  const error = useSelector(actor, (s) => s.context.error);
  /** The shop answered that there is no such product: trying again cannot change that. */
  const gone = useSelector(actor, (s) => s.context.errorStatus === 404);
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const reload = useCallback(() => actor.send({ type: 'fetch.reload' }), [actor]);
  return { product, error, gone, loading, reload };
}
