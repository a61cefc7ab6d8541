import { Suspense } from 'react';
import { BrowserRouter } from 'react-router-dom';
import type { ServerData } from '#contracts/server-render.ts';
import { lazyNamed } from '../lib/lazy.ts';
import { AppProviders } from './providers.tsx';
import { FirstScreenData } from '../lib/server-data.tsx';
import { ShopRoutes } from './shop-routes.tsx';

// Kiosk mode is its own chunk: the shop's first load never fetches it.
const KioskShell = lazyNamed(() => import('./kiosk-shell.tsx'), 'KioskShell');

/** Fetches the kiosk's chunk ahead, so the server's attract screen stays until the shell replaces it (no blank frame). */
export const preloadKiosk = (): Promise<unknown> => KioskShell.preload();

export type AppProps = {
  /** The page runs on an in-store terminal (kiosk-entry.ts decides at start-up). */
  kiosk?: boolean;
  /** The API answers the server rendered this page from (`#shop-data`). */
  serverData?: ServerData;
  /** The page was served without a session (client/lib/machines.ts `pageServedToGuest`). */
  servedToGuest?: boolean;
};

const NONE: ServerData = {};

/**
 * The whole storefront: app-wide actors, the router, and the route table; in kiosk mode inside
 * the kiosk shell. entry-server.tsx renders the same tree under a StaticRouter.
 */
export function App({ kiosk = false, serverData = NONE, servedToGuest = false }: AppProps) {
  if (kiosk) {
    return (
      <Suspense fallback={null}>
        <KioskShell serverData={serverData} servedToGuest={servedToGuest} />
      </Suspense>
    );
  }
  return (
    <AppProviders serverData={serverData} servedToGuest={servedToGuest}>
      <BrowserRouter>
        <FirstScreenData data={serverData}>
          <ShopRoutes />
        </FirstScreenData>
      </BrowserRouter>
    </AppProviders>
  );
}
