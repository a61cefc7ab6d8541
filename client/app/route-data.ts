import { matchPath } from 'react-router-dom';
import { filterFromSearch, parseListPath, productsApiUrl } from '#machines/filters/filters.ts';
import { BESTSELLERS_URL, CATEGORIES_URL, productUrl } from '../lib/api-urls.ts';
import { paths } from '../lib/paths.ts';
import { srcSet } from '#contracts/images.ts';
import type { LcpImage } from '#contracts/server-render.ts';
import { slideSizes } from '../features/home/bestseller-slide.tsx';
import { DETAILS_SIZES } from '../features/product-details/image-zoom.tsx';
import { CARD_SIZES } from '../features/product-list/product-card.tsx';

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

type Shown = { path: string; width?: number; height?: number };
type WithImages = { images?: Array<Partial<Shown>> };
const firstImage = (item: unknown): Shown | null => {
  const image = (item as WithImages | undefined)?.images?.[0];
  return typeof image?.path === 'string' ? (image as Shown) : null;
};
/** The preload of `image` as the page shows it at `sizes`. */
const preload = (image: Shown | null, sizes: (image: Shown) => string): LcpImage | null => {
  if (!image) return null;
  const srcset = srcSet(image, 'avif');
  return srcset ? { href: image.path, srcset, sizes: sizes(image) } : { href: image.path };
};

/**
 * The first screen's largest image, which the page shows with fetchpriority=high: the first
 * bestseller's slide, the first product card, the product's main image.
 */
export const lcpImageOf = (pathname: string, search: string, data: Readonly<Record<string, unknown>>): LcpImage | null => {
  const main = routeDataUrls(pathname, search)?.[0];
  const answer = main === undefined ? undefined : data[main];
  if (main === BESTSELLERS_URL) return preload(firstImage((answer as unknown[] | undefined)?.[0]), slideSizes);
  if (main?.startsWith('/api/products/get-one/')) return preload(firstImage(answer), () => DETAILS_SIZES);
  return preload(firstImage((answer as { products?: unknown[] } | undefined)?.products?.[0]), () => CARD_SIZES);
};
