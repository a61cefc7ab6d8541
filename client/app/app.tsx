import { Suspense } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { lazyNamed } from './lazy.ts';
import { AppProviders } from './providers.tsx';
import { ShopRoutes } from './shop-routes.tsx';

// Kiosk mode is its own chunk: the shop's first load never fetches it.
const KioskShell = lazyNamed(() => import('../features/kiosk/kiosk-shell.tsx'), 'KioskShell');

export type AppProps = {
  /** The page runs on an in-store terminal (kiosk-entry.ts decides at start-up). */
  kiosk?: boolean;
};

/** The whole storefront: app-wide actors, the router, and the route table; in kiosk mode inside the kiosk shell. */
export function App({ kiosk = false }: AppProps) {
  if (kiosk) {
    return (
      <Suspense fallback={null}>
        <KioskShell />
      </Suspense>
    );
  }
  return (
    <AppProviders>
      <BrowserRouter>
        <ShopRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
