import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { StrictMode, type ReactNode } from 'react';
import { renderToReadableStream } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import type { OpenChatSocket } from '#machines/chat/chat-socket.ts';
import { memoryStorage } from '#machines/shared/storage.ts';
import type { RenderedPage, ServerData, ServerRenderBundle } from '#contracts/server-render.ts';
import { AppProviders } from './app/providers.tsx';
import { lcpImageOf, routeDataUrls } from './app/route-data.ts';
import { ServerDataProvider } from './lib/server-data.tsx';
import { MaxUnitsContext } from './lib/order-limit.ts';
import { MAX_UNITS_PER_PRODUCT_DEFAULT } from '#contracts/order-limit.ts';
import { ShopRoutes } from './app/shop-routes.tsx';
import { AttractScreen, ATTRACT_DATA_URLS } from './features/kiosk/kiosk-screens.tsx';
import { GlobalStyles } from './ui/global-styles.tsx';
import { ServerAccessButton } from './features/kiosk/access/access-controls.tsx';

/**
 * The server's half of decision 006: the BFF loads this bundle (dist/server/entry-server.js) by
 * path and renders home, the lists and product details into index.html's #root. The tree is
 * the client's (app.tsx) under a StaticRouter: no storage (the browser's own shows after
 * hydration), no socket, and the API answers the BFF fetched in place of fetches.
 */

/** Past this the BFF answers the plain shell: a slow render must not hold the page. */
const RENDER_TIMEOUT_MS = 5_000;

const noSocket: OpenChatSocket = () => Promise.reject(new Error('no sockets while rendering on the server'));

const dataUrlsOf: ServerRenderBundle['dataUrlsOf'] = (url, options) => {
  if (options?.kiosk) return [...ATTRACT_DATA_URLS];
  const { pathname, search } = new URL(url, 'http://shop.invalid');
  return routeDataUrls(pathname, search);
};

const noStart = () => undefined;

/**
 * A kiosk's page, whatever its route: the attract screen, so the first touch has something to
 * land on before the scripts run (its start is a link they pick up: features/kiosk/early-touch.ts),
 * and the Accessibility button, so accessibility can be asked for from the first moment.
 */
const kioskTree = (data: ServerData) => (
  <ServerDataProvider value={data}>
    <GlobalStyles />
    <AttractScreen onStart={noStart} />
    <ServerAccessButton />
  </ServerDataProvider>
);

const shopTree = (url: string, data: ServerData, maxUnits: number) => (
  <MaxUnitsContext.Provider value={maxUnits}>
    <AppProviders storages={{ local: memoryStorage(), session: memoryStorage() }} openSocket={noSocket} serverData={data}>
      <StaticRouter location={url}>
        <ServerDataProvider value={data}>
          <ShopRoutes />
        </ServerDataProvider>
      </StaticRouter>
    </AppProviders>
  </MaxUnitsContext.Provider>
);

/**
 * A cache in emotion's "compat" mode keeps each rule it renders (cache.inserted: name → CSS)
 * instead of writing a <style> beside every styled element: 37 of them on home, 58 on a list,
 * which the browser's emotion moved into the head one by one before hydrating.
 */
const collectingCache = (): EmotionCache => {
  const cache = createCache({ key: 'css' });
  cache.compat = true;
  return cache;
};

/**
 * The page's rules as <style> elements for the head, named as emotion names server styles, so
 * the browser's emotion adopts them and inserts none again; `data-s` says they are already where
 * they belong. The class rules are one element (`css id1 id2 …`, which the browser's cache
 * knows by name). Each <Global> rule set (rules with no `.css-<id>` class of their own) has its own element
 * (`css-global <id>`), the one the browser's <Global> looks for: without it, hydration compiled
 * and inserted the global rules again, and the browser restyled the whole page.
 * `</` is escaped so no rule can end the element early.
 */
const headStyles = (cache: EmotionCache): string => {
  const escape = (rules: string) => rules.replace(/<\//g, '<\\/');
  const ids = Object.keys(cache.inserted).filter((id) => typeof cache.inserted[id] === 'string');
  // Keyframes (`animation-<id>`) and the empty style (`0`, no rules) have no class either, but the
  // cache knows them by name like a class's rules.
  const isGlobal = (id: string) => {
    const rules = cache.inserted[id] as string;
    return rules !== '' && !id.startsWith('animation-') && !rules.includes(`.${cache.key}-${id}`);
  };
  const globals = ids
    .filter(isGlobal)
    .map((id) => `<style data-emotion="${cache.key}-global ${id}" data-s="">${escape(cache.inserted[id] as string)}</style>`);
  const classes = ids.filter((id) => !isGlobal(id));
  const rules = escape(classes.map((id) => cache.inserted[id] as string).join(''));
  return globals.join('') + (classes.length ? `<style data-emotion="${cache.key} ${classes.join(' ')}" data-s="">${rules}</style>` : '');
};

/**
 * The page as one string, once every lazy route chunk has arrived (`allReady`), so it comes whole
 * rather than as a fallback. Web streams, which Node and browsers share: this file is browser code
 * to the typecheck (tsconfig.client.json), though the BFF runs it.
 */
const toHtml = async (url: string, tree: ReactNode, cache: EmotionCache): Promise<string> => {
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(new Error(`server render of ${url} took over ${RENDER_TIMEOUT_MS} ms`)), RENDER_TIMEOUT_MS);
  let failure: unknown;
  try {
    const stream = await renderToReadableStream(
      <StrictMode>
        <CacheProvider value={cache}>{tree}</CacheProvider>
      </StrictMode>,
      {
        // One whole document: never outline a large boundary for an inline script to swap in
        // later (React's default past 12.8 KB), which the CSP's script-src 'self' would block.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        signal: timeout.signal,
        // An error inside a boundary would hydrate as the client's own retry: answer the plain shell instead.
        onError: (error) => {
          failure ??= error;
        },
      },
    );
    await stream.allReady;
    if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
    return await new Response(stream).text();
  } finally {
    clearTimeout(timer);
  }
};

const render: ServerRenderBundle['render'] = async (url, data, options): Promise<RenderedPage> => {
  const cache = collectingCache();
  const html = await toHtml(
    url,
    options?.kiosk ? kioskTree(data) : shopTree(url, data, options?.maxUnitsPerProduct ?? MAX_UNITS_PER_PRODUCT_DEFAULT),
    cache,
  );
  const { pathname, search } = new URL(url, 'http://shop.invalid');
  return { html, styles: headStyles(cache), lcpImage: options?.kiosk ? null : lcpImageOf(pathname, search, data) };
};

export { dataUrlsOf, render };
