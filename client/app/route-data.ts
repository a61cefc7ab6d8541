import { matchPath } from 'react-router-dom';
import { filterFromSearch, parseListPath, productsApiUrl } from '../../machines/filters/filters.ts';
import { BESTSELLERS_URL, CATEGORIES_URL, productUrl } from '../lib/api-urls.ts';
import { paths } from '../lib/paths.ts';

/**
 * For the server render (entry-server.tsx) only: the browser's pages import the urls from
 * api-urls.ts, so that the list's filters stay out of every first load.
 *
 * The API GETs the first screen of a route shows, for the routes the server renders (home, the
 * list routes, product details); null for every other route. The server fetches these and inlines
 * them; the pages ask for the same urls through their fetch machines, which start ready with them.
 */
export const routeDataUrls = (pathname: string, search: string): string[] | null => {
  try {
    if (pathname === paths.home.pattern) return [BESTSELLERS_URL, CATEGORIES_URL];
    const list = parseListPath(pathname);
    if (list) return [productsApiUrl(list, filterFromSearch(search)), CATEGORIES_URL];
    const details = matchPath(paths.productDetails.pattern, pathname);
    if (details?.params.id) return [productUrl(details.params.id), CATEGORIES_URL];
  } catch {
    // A malformed escape (%zz) in the path: the client shows its own answer.
  }
  return null;
};

type WithImages = { images?: { path?: unknown }[] };
const firstImage = (item: unknown): string | null => {
  const path = (item as WithImages | undefined)?.images?.[0]?.path;
  return typeof path === 'string' ? path : null;
};

/**
 * The first screen's largest image, which the page shows with fetchpriority=high: the first
 * bestseller's slide, the first product card, the product's main image.
 */
export const lcpImageOf = (pathname: string, search: string, data: Readonly<Record<string, unknown>>): string | null => {
  const main = routeDataUrls(pathname, search)?.[0];
  const answer = main === undefined ? undefined : data[main];
  if (main === BESTSELLERS_URL) return firstImage((answer as unknown[] | undefined)?.[0]);
  if (main?.startsWith('/api/products/get-one/')) return firstImage(answer);
  return firstImage((answer as { products?: unknown[] } | undefined)?.products?.[0]);
};
