import { categoryFromUrl, categoryToUrl } from '#contracts/rules.ts';

/*
 * The list's paths alone, apart from its filters (filters.ts): the header's search and the route
 * table need these on every first view, the filters only on the list's own lazy page.
 */

/** Where the product list is: category and search from the path, the page number last. */
export type ListLocation = { categoryName?: string; searchQuery?: string; pageNum?: number };

export const PRODUCT_LIST = '/product-list';

const nonEmpty = (s: string | undefined): s is string => s !== undefined && s.trim() !== '';

/** Spec section 2's eight list routes; the category's slashes become commas. */
export const listPath = ({ categoryName, searchQuery, pageNum }: ListLocation): string =>
  [
    PRODUCT_LIST,
    nonEmpty(categoryName) ? `/category/${encodeURIComponent(categoryToUrl(categoryName)).replaceAll('%2C', ',')}` : '',
    nonEmpty(searchQuery) ? `/search/${encodeURIComponent(searchQuery.trim())}` : '',
    pageNum !== undefined && pageNum > 1 ? `/${pageNum}` : '',
  ].join('');

/** The inverse of `listPath`; null for a path that is not a list route. */
export const parseListPath = (pathname: string): ListLocation | null => {
  const m = /^\/product-list(?:\/category\/([^/]+))?(?:\/search\/([^/]+))?(?:\/(\d+))?\/?$/.exec(pathname);
  if (!m) return null;
  const [, category, search, page] = m;
  const location: ListLocation = {};
  if (category) location.categoryName = categoryFromUrl(decodeURIComponent(category));
  if (search) location.searchQuery = decodeURIComponent(search);
  if (page) location.pageNum = Number(page);
  return location;
};

/** The header's search (spec section 5): a blank query goes to the plain or the category list. */
export const searchPath = (categoryName: string, query: string): string =>
  listPath({ categoryName: categoryName === 'All' ? undefined : categoryName, searchQuery: query.trim() || undefined });

/** Applying filters drops the page number from the path (spec section 4). */
export const withoutPage = (pathname: string): string => {
  const location = parseListPath(pathname);
  return location ? listPath({ ...location, pageNum: undefined }) : pathname;
};
