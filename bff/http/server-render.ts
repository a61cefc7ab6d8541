import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { Request } from 'express';
import type { Logger } from 'pino';
import {
  LIST_QUERY_PARAMS,
  SHOP_DATA_ID,
  type LcpImage,
  type RenderedPage,
  type RenderOptions,
  type ServerData,
  type ServerRenderBundle,
} from '#contracts/server-render.ts';
import type { ApiClient } from '../session/api-client.ts';
import { jsonForScript } from './page-settings.ts';

/** index.html with the route (a kiosk's: its attract screen) rendered into #root, or null: answer the plain page. */
export type ServerRender = (req: Request, indexHtml: string, options?: RenderOptions) => Promise<string | null>;

export type ServerRenderOptions = {
  /** The client's SSR bundle, dist/server/entry-server.js (`npm run build` makes it). */
  bundleFile: string;
  /** Reads the API on the shopper's behalf, signed with the BFF's internal credential. */
  callApi: ApiClient;
  logger: Logger;
};

const EMPTY_ROOT = '<div id="root"></div>';

const READ = new Set<string>(LIST_QUERY_PARAMS);

/**
 * The URL a page is rendered (and a guest's page kept) under: the path and only the query
 * parameters a page reads. Anything else (`?r=<random>`, a tracker's tag) changes nothing on the
 * page, so it must neither render it again nor take another place in the cache.
 */
export const renderedUrl = (originalUrl: string): string => {
  const at = originalUrl.indexOf('?');
  if (at < 0) return originalUrl;
  const read = new URLSearchParams(originalUrl.slice(at + 1));
  const kept = new URLSearchParams([...read].filter(([name]) => READ.has(name)));
  const query = kept.toString();
  return query ? `${originalUrl.slice(0, at)}?${query}` : originalUrl.slice(0, at);
};

const attribute = (value: string): string => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The LCP image's preload. With variants, the AVIF the page's `<picture>` would choose
 * (`imagesrcset`/`imagesizes`); a browser without AVIF skips it (`type`) and finds the
 * `<picture>` in the HTML as usual.
 */
const preloadLink = ({ href, srcset, sizes }: LcpImage): string =>
  srcset && sizes
    ? `<link rel="preload" as="image" href="${attribute(href)}" imagesrcset="${attribute(srcset)}" imagesizes="${attribute(sizes)}" type="image/avif" fetchpriority="high">`
    : `<link rel="preload" as="image" href="${attribute(href)}" fetchpriority="high">`;

/** The page: the route's markup in #root, its API answers beside it, its styles and its LCP image's preload in the head. */
const fill = (indexHtml: string, { html, styles, lcpImage }: RenderedPage, data: ServerData): string | null => {
  if (!indexHtml.includes(EMPTY_ROOT)) return null;
  const dataBlock = `<script id="${SHOP_DATA_ID}" type="application/json">${jsonForScript(data)}</script>`;
  const page = indexHtml.replace(EMPTY_ROOT, () => `<div id="root">${html}</div>${dataBlock}`);
  const preload = lcpImage ? preloadLink(lcpImage) : '';
  return page.replace('</head>', () => `${preload}${styles}</head>`);
};

/**
 * Decision 006: home, the product lists and product details arrive rendered. The client's SSR
 * bundle is loaded by path at run time (the BFF imports no client code), once: its lazy chunks
 * import it back by its plain path, so a second copy (a cache-busting query) would be a second
 * React tree of contexts. A new build is served after a restart (`npm start` builds first). Which API answers a route needs is the bundle's to say (the same function the
 * client's pages use); the BFF fetches them with its credential and hands them over. No bundle,
 * a failed render or a page it cannot fill: null, and the shopper gets today's index.html.
 */
export const serverRender = ({ bundleFile, callApi, logger }: ServerRenderOptions): ServerRender => {
  let loaded: Promise<ServerRenderBundle> | undefined;
  let missingTold = false;

  const load = (): Promise<ServerRenderBundle> | null => {
    if (loaded) return loaded;
    // Looked for again on each page until it appears (a build finishing after the start).
    if (!existsSync(bundleFile)) {
      if (!missingTold)
        logger.warn({ bundleFile }, 'no server-render bundle: pages are rendered in the browser only (run `npm run build`)');
      missingTold = true;
      return null;
    }
    loaded = import(pathToFileURL(bundleFile).href) as Promise<ServerRenderBundle>;
    return loaded;
  };

  return async (req, indexHtml, options = {}) => {
    const url = renderedUrl(req.originalUrl);
    try {
      const pending = load();
      if (!pending) return null;
      const bundle = await pending;
      const urls = bundle.dataUrlsOf(url, options);
      if (!urls) return null;
      const answers = await Promise.all(urls.map((apiUrl) => callApi(req, apiUrl, { purpose: 'proxy' })));
      // Only real answers are inlined: a page whose data failed renders its loading form, and the browser asks again.
      const data: ServerData = Object.fromEntries(
        urls.flatMap((apiUrl, i) => (answers[i]?.status === 200 ? [[apiUrl, answers[i].body]] : [])),
      );
      const page = await bundle.render(url, data, options);
      const filled = fill(indexHtml, page, data);
      if (!filled) logger.warn('index.html has no empty #root to render into: answering it as it is');
      return filled;
    } catch (err) {
      logger.error({ err, url, requestId: req.requestId }, 'server render failed: answering the plain page');
      return null;
    }
  };
};
