import { useEffect, useSyncExternalStore } from 'react';
import type { Category } from '../../contracts/category.ts';
import { api, errorMessage } from './api.ts';

export type CategoriesState = { status: 'idle' | 'loading' | 'error' | 'success'; categories: Category[]; error: string | null };

/**
 * GET /api/categories is shared by the header, the lists and the admin screens: one load for
 * the page's lifetime, replaced wholesale when an admin changes them (spec section 4).
 */
let state: CategoriesState = { status: 'idle', categories: [], error: null };
const listeners = new Set<() => void>();

const set = (next: CategoriesState) => {
  state = next;
  listeners.forEach((l) => l());
};

export const loadCategories = async (force = false): Promise<void> => {
  if (!force && (state.status === 'loading' || state.status === 'success')) return;
  set({ ...state, status: 'loading', error: null });
  try {
    set({ status: 'success', categories: await api.get<Category[]>('/api/categories'), error: null });
  } catch (error) {
    set({ ...state, status: 'error', error: errorMessage(error) });
  }
};

/** Replace the list wholesale with what the server answered (create, delete, attribute save). */
export const replaceCategories = (categories: Category[]): void => set({ status: 'success', categories, error: null });

/** Tests start from an empty store. */
export const resetCategories = (): void => set({ status: 'idle', categories: [], error: null });

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The shop's categories; the first caller starts the load. */
export function useCategories(): CategoriesState {
  const current = useSyncExternalStore(subscribe, () => state, () => state);
  useEffect(() => {
    void loadCategories();
  }, []);
  return current;
}
