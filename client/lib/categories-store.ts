import { createActorContext } from '@xstate/react';
import { useEffect } from 'react';
import type { Category } from '#contracts/category.ts';
import { CATEGORIES_URL } from './api-urls.ts';
import { liveFetchMachine } from './use-api-get.ts';

export type CategoriesState = { status: 'idle' | 'loading' | 'error' | 'success'; categories: Category[]; error: string | null };

/**
 * GET /api/categories is shared by the header, the lists and the admin screens: one fetch
 * actor for the app (provided by AppProviders), loaded by its first reader and replaced
 * wholesale when an admin changes the categories (spec section 4).
 */
export const CategoriesContext = createActorContext(liveFetchMachine);

/** The shop's categories; the first caller starts the load, a later one retries a failed load. */
export function useCategories(): CategoriesState {
  const actor = CategoriesContext.useActorRef();
  useEffect(() => {
    actor.send({ type: 'fetch.url', url: CATEGORIES_URL });
    if (actor.getSnapshot().hasTag('failed')) actor.send({ type: 'fetch.reload' });
  }, [actor]);
  const status = CategoriesContext.useSelector((s) =>
    s.hasTag('ready') ? 'success' : s.hasTag('failed') ? 'error' : s.context.url ? 'loading' : 'idle',
  );
  const categories = CategoriesContext.useSelector((s) => s.context.data as Category[] | undefined);
  const error = CategoriesContext.useSelector((s) => s.context.error);
  return { status, categories: categories ?? NONE, error };
}

const NONE: Category[] = [];
