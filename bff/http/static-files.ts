import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import express, { type RequestHandler, type Response, Router } from 'express';
import type { ShopSettings } from '#contracts/shop-settings.ts';
import type { OriginPolicy } from './origins.ts';
import { beforeHead, withSettings } from './page-settings.ts';
import { precompressed } from './precompressed.ts';
import { type ServerRender, renderedUrl } from './server-render.ts';
import { type CatalogueCache, PERSONAL_CATALOGUE, guestCacheControl } from './catalogue-cache.ts';
import { isProxiedPath } from '../proxy/api-proxy.ts';
import { refuseTooMany } from './rate-limits.ts';

/**
 * A page served to a browser without a session says so (`<meta name="statefront-session"
 * content="none">`): its first "who is logged in?" need not ask GET /api/session, whose 401
 * the browser prints in the console of every guest's first visit (client/lib/machines.ts).
 */
export const GUEST_MARK = '<meta name="statefront-session" content="none">';
const withGuestMark = (html: string, guest: boolean): string => (guest ? beforeHead(html, GUEST_MARK) : html);

/** Opening this page makes the device a kiosk (client/lib/kiosk-entry.ts). */
const KIOSK_PATH = '/kiosk';

// Vite names built files by content hash, so they never change under the same URL.
const IMMUTABLE = /\/assets\//;

/**
 * The built client with an SPA fallback: any GET that is not the API's, the widget's or an
 * existing file answers index.html, so the client's router shows its own page (including
 * "Page not exists 404"). A missing file under /assets/ is a real 404, not HTML. index.html
 * carries the page's settings; it is read on each request, so a new build is served at once.
 * With `render`, home, the lists and product details arrive rendered (decision 006); a kiosk's
 * page (`/kiosk`, or any page with KIOSK=1) arrives with its attract screen, so a touch before
 * the scripts run is not lost.
 */
export const clientFiles = (
  clientDir: string,
  settings: ShopSettings,
  render?: ServerRender,
  hasSession?: (req: express.Request) => Promise<boolean>,
  /**
   * A guest's rendered page is public for `maxAgeSeconds`, kept by `cache` (the BFF's)
   * meanwhile. `withinAllowance` counts each page the server renders (kept or not, as a cached
   * API answer counts) against the address's allowance of API calls; false: refused like a call.
   */
  guestPages?: { maxAgeSeconds: number; cache?: CatalogueCache; withinAllowance?: (req: express.Request) => Promise<boolean> },
): Router => {
  const router = Router();
  const indexFile = path.resolve(clientDir, 'index.html');
  const sendIndex = async (res: express.Response, req?: express.Request) => {
    if (req?.method === 'GET' && render && guestPages?.withinAllowance && !(await guestPages.withinAllowance(req))) {
      return refuseTooMany(res, 60, 'page-requests');
    }
    const html = await readFile(indexFile, 'utf8');
    const kiosk = settings.kiosk || req?.path === KIOSK_PATH;
    const guest = req && hasSession ? !(await hasSession(req)) : false;
    const renderNow = () =>
      req && req.method === 'GET' && render
        ? render(req, html, { kiosk, maxUnitsPerProduct: settings.maxUnitsPerProduct })
        : Promise.resolve(null);
    const rendered =
      req && guest && guestPages?.cache ? await guestPages.cache.page(renderedUrl(req.originalUrl), res, renderNow) : await renderNow();
    // The same bytes for every guest (no nonce, token or cookie in them): public for a short while.
    // With a session the page is revalidated every time and never kept by a shared cache.
    const cacheControl =
      rendered && guest && guestPages
        ? guestCacheControl(guestPages.maxAgeSeconds)
        : req && hasSession && !guest
          ? PERSONAL_CATALOGUE
          : 'no-cache';
    res.setHeader('cache-control', cacheControl);
    res.setHeader('vary', 'Cookie');
    res.type('html').send(withGuestMark(withSettings(rendered ?? html, settings), guest));
  };
  // /index.html itself carries the settings too, not the bare file.
  router.get('/index.html', async (_req, res, next) => (existsSync(indexFile) ? sendIndex(res) : next()));
  const cacheFor = (res: Response, file: string) =>
    res.setHeader('cache-control', IMMUTABLE.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache');
  router.use(precompressed(clientDir, cacheFor));
  router.use(express.static(clientDir, { index: false, dotfiles: 'ignore', setHeaders: cacheFor }));
  router.use((req, res, next) => {
    if (
      (req.method !== 'GET' && req.method !== 'HEAD') ||
      isProxiedPath(req.path) ||
      req.path.startsWith('/widgets/') ||
      req.path.startsWith('/assets/')
    ) {
      return next();
    }
    if (!existsSync(indexFile)) {
      res.status(503).type('text/plain').send('The shop client is not built yet. Run `npm run build` (npm start does it for you).');
      return;
    }
    return sendIndex(res, req);
  });
  return router;
};

/**
 * The embeddable chat widget under /widgets/. Partner sites load it cross-origin, so these
 * files (only these) may be read by PARTNER_ORIGINS.
 */
export const widgetFiles = (widgetsDir: string, origins: OriginPolicy): RequestHandler => {
  const noCache = (res: Response) => res.setHeader('cache-control', 'no-cache');
  const compressedCopies = precompressed(widgetsDir, noCache);
  const files = express.static(widgetsDir, { index: false, dotfiles: 'ignore', fallthrough: false, setHeaders: noCache });
  return (req, res, next) => {
    const origin = req.headers.origin;
    res.setHeader('vary', 'Origin');
    // helmet's same-origin resource policy would stop a partner page from running the script.
    res.setHeader('cross-origin-resource-policy', 'cross-origin');
    if (origin && origins.isPartner(origin)) res.setHeader('access-control-allow-origin', origin);
    void compressedCopies(req, res, () => files(req, res, next));
  };
};
