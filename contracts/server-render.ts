/**
 * Server rendering (decision 006): the BFF loads the client's SSR bundle (dist/server) by path
 * and calls it through this shape; the page carries the API answers it was rendered from.
 */

/** The id of the `<script type="application/json">` block with those answers: API url → body. */
export const SHOP_DATA_ID = 'shop-data';

/**
 * The query parameters a rendered page reads: the list's filters (machines/filters/filters.ts
 * writes and reads these). The BFF renders, and keeps a guest's page, under the URL with only
 * these: `?r=<random>` cannot make it render again.
 */
export const LIST_QUERY_PARAMS = ['price', 'rating', 'category', 'attrs', 'sort'] as const;

/** API url → the body it answered; the client's fetch machines start ready with them. */
export type ServerData = Readonly<Record<string, unknown>>;

export type RenderedPage = {
  /** The route's markup for `#root`, every lazy chunk resolved. */
  html: string;
  /** The page's CSS as one `<style>` element for the head (empty when it has none). */
  styles: string;
  /** The first screen's largest image (the LCP), for a `<link rel="preload">` in the head. */
  lcpImage: LcpImage | null;
};

/**
 * `href`: the spec's path; an uploaded photo adds its AVIF `srcset` and the `sizes` the page
 * shows it at, so the preload fetches the very file the `<picture>` picks.
 */
export type LcpImage = { href: string; srcset?: string; sizes?: string };

/** `kiosk`: the page is a kiosk's (`/kiosk`, or any page with KIOSK=1): its attract screen is rendered, whatever the route. */
export type RenderOptions = {
  kiosk?: boolean;
  /** The page's MAX_UNITS_PER_PRODUCT, so the rendered quantity choices match the browser's. */ maxUnitsPerProduct?: number;
};

/** What dist/server/entry-server.js exports. */
export type ServerRenderBundle = {
  /** The API GETs a route's first screen needs, or null when the route is not rendered on the server. */
  dataUrlsOf(url: string, options?: RenderOptions): string[] | null;
  /** Renders `url` (path and query) with the answers fetched for it. */
  render(url: string, data: ServerData, options?: RenderOptions): Promise<RenderedPage>;
};
