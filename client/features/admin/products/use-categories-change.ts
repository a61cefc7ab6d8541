import { useCallback } from 'react';
import type { Category } from '#contracts/category.ts';
import { CategoriesContext } from '../../../lib/categories-store.ts';

/**
 * An admin's change: show the server's answer at once, and load the list again. Not in
 * lib/categories-store.ts, whose exports all ride in every first load: only the admin changes them.
 */
export function useCategoriesChange() {
  const actor = CategoriesContext.useActorRef();
  const replace = useCallback((categories: Category[]) => actor.send({ type: 'fetch.replace', data: categories }), [actor]);
  const reload = useCallback(() => actor.send({ type: 'fetch.reload' }), [actor]);
  return { replace, reload };
}
