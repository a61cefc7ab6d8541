import { useMemo } from 'react';
import { useLocation } from 'react-router-dom';
import type { Filter } from '#contracts/filter.ts';
import type { Sort } from '#contracts/product.ts';
import {
  filterFromSearch,
  filterToSearch,
  listPath,
  parseListPath,
  withoutPage,
  type ListLocation,
  type ListQuery,
} from '#machines/filters/filters.ts';

const withSearch = (path: string, query: ListQuery): string => {
  const search = filterToSearch(query);
  return search ? `${path}?${search}` : path;
};

export type ListUrl = {
  location: ListLocation;
  query: ListQuery;
  /** Applying filters keeps the sort and drops the page number (spec section 4). */
  filterHref: (filter: Filter) => string;
  /** A new order starts again at page one: page 3 of another order means nothing. */
  sortHref: (sort: Sort | undefined) => string;
  pageHref: (pageNum: number) => string;
};

/**
 * The URL is the one source of truth of the list: category, search and page from the path,
 * filters and sort from the query string. Every change is a navigation, so back and forward
 * restore a list and a copied link shows the same products.
 */
export function useListUrl(): ListUrl {
  const { pathname, search } = useLocation();
  return useMemo(() => {
    const location = parseListPath(pathname) ?? {};
    const query = filterFromSearch(search);
    const firstPage = withoutPage(pathname);
    return {
      location,
      query,
      filterHref: (filter) => withSearch(firstPage, { filter, sort: query.sort }),
      sortHref: (sort) => withSearch(firstPage, { filter: query.filter, sort }),
      pageHref: (pageNum) => withSearch(listPath({ ...location, pageNum }), query),
    };
  }, [pathname, search]);
}
