import { useSelector } from '@xstate/react';
import { useCallback, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import type { SnapshotFrom } from 'xstate';
import { ADMIN_PAGE_DEFAULT_LIMIT, ADMIN_PAGE_MAX_PAGE } from '#contracts/admin-page.ts';
import { type Counted, getCounted } from '../../lib/api.ts';
import { fetchMachineOver, useFetchActor } from '../../lib/use-api-get.ts';
import { useLogoutOnFailure } from './use-admin-get.ts';

/** The shared fetch machine, its GET also reading the answer's X-Total-Count. */
const countedFetchMachine = fetchMachineOver((url, signal) => getCounted<unknown>(url, { signal }));

type Snapshot = SnapshotFrom<typeof countedFetchMachine>;

export type AdminPageState<T> =
  | { status: 'loading'; data?: undefined; total?: undefined; error?: undefined; errorStatus?: undefined }
  | { status: 'error'; data?: undefined; total?: undefined; error: string; /** 0 when no answer came. */ errorStatus: number }
  | {
      status: 'success';
      data: T[];
      error?: undefined;
      errorStatus?: undefined;
      /** Rows in all pages; the page's own length when the server sent no count. */ total: number;
    };

/** The rows an admin list shows, and the rows in all its pages. */
export type AdminListShown<T> = { data: T[]; total: number };

const stateOf = <T>(s: Snapshot): AdminPageState<T> => {
  if (s.hasTag('failed'))
    return { status: 'error', error: s.context.error ?? 'Something went wrong', errorStatus: s.context.errorStatus ?? 0 };
  if (!s.hasTag('ready')) return { status: 'loading' };
  const { data, total } = s.context.data as Counted<T[]>;
  return { status: 'success', data, total: total ?? data.length };
};

const sameState = <T>(a: AdminPageState<T>, b: AdminPageState<T>) =>
  a.status === b.status && a.data === b.data && a.total === b.total && a.error === b.error && a.errorStatus === b.errorStatus;

/** The `?page=` of the address bar; anything but a page number is page 1 (a 400 would log the admin out). */
export const pageFromSearch = (value: string | null): number => {
  const page = value !== null && /^\d{1,9}$/.test(value) ? Number(value) : 1;
  return Math.min(Math.max(page, 1), ADMIN_PAGE_MAX_PAGE);
};

type AdminPageOptions = {
  limit?: number;
  /** More of the API's query (the products' and the orders' `search`), already fit to send (a 400 would log the admin out); empty ones are left out. */
  params?: Readonly<Record<string, string>>;
};

/**
 * One page of an admin list (`?page=&limit=` of docs/interfaces.md), the page kept in the
 * address bar's `?page=` so Back and a reload show the same page. Fetched through the shared
 * fetch machine; a failing answer logs out, as every admin data call does (useAdminGet).
 */
export function useAdminPage<T>(endpoint: string, { limit = ADMIN_PAGE_DEFAULT_LIMIT, params = {} }: AdminPageOptions = {}) {
  // The query read straight from the location: react-router's useSearchParams would put its
  // setter's code (unused here) into every first load.
  const { pathname, search } = useLocation();
  const page = pageFromSearch(new URLSearchParams(search).get('page'));
  const extra = Object.entries(params).flatMap(([name, value]) => (value ? [`&${name}=${encodeURIComponent(value)}`] : []));
  const url = `${endpoint}?page=${page}&limit=${limit}${extra.join('')}`;
  const actor = useFetchActor(url, countedFetchMachine);
  const state = useSelector(actor, stateOf<T>, sameState);
  useLogoutOnFailure(state.status === 'error' && state.errorStatus !== 0);
  const reload = useCallback(() => actor.send({ type: 'fetch.reload' }), [actor]);
  // The last answer for this very url stays on screen while it is asked again, and when that
  // ask gets no answer (AdminListBody shows why above it); another page or search drops it.
  const last = useRef<AdminListShown<T> & { url: string }>(undefined);
  if (state.status === 'success') last.current = { url, data: state.data, total: state.total };
  const shown = last.current?.url === url ? last.current : undefined;
  const hrefOf = useCallback(
    (to: number) => {
      const next = new URLSearchParams(search);
      if (to === 1) next.delete('page');
      else next.set('page', String(to));
      const query = next.toString();
      return query ? `${pathname}?${query}` : pathname;
    },
    [search, pathname],
  );
  const pages = shown ? Math.max(1, Math.ceil(shown.total / limit)) : 1;
  return { ...state, shown, page, pages, limit, offset: (page - 1) * limit, hrefOf, reload };
}
