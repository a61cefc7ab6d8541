import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, preloadKiosk } from './app/app.tsx';
import { startEventLog } from './lib/event-log.ts';
import { startsInKioskMode } from './lib/kiosk-entry.ts';
import { pageServedToGuest } from './lib/machines.ts';
import { preloadServerRendered } from './app/routes.tsx';
import { readServerData } from './lib/server-data.tsx';

const root = document.getElementById('root');
if (!root) throw new Error('index.html lacks the #root element the shop renders into');

const kiosk = startsInKioskMode();
const servedToGuest = pageServedToGuest();
// The BFF rendered home, the lists and product details into #root (decision 006): hydrate
// that markup. A kiosk (remembered on this device) replaces it with its own shell.
const serverRendered = root.firstElementChild !== null && !kiosk;

// First the event recorder, if someone turned it on (event-log.ts), so that it sees every actor
// start; and a server-rendered route's lazy page, since hydrating before it is in would show its
// fallback for a moment. A chunk that fails to load is React's to retry, as on any navigation.
// A kiosk's attract screen came rendered too: it stays on screen until the kiosk chunk is in.
void Promise.all([startEventLog(), serverRendered ? preloadServerRendered(window.location.pathname) : null, kiosk ? preloadKiosk() : null])
  .catch(() => undefined)
  .then(() => {
    if (!serverRendered) {
      createRoot(root).render(
        <StrictMode>
          <App kiosk={kiosk} serverData={kiosk ? readServerData() : undefined} servedToGuest={servedToGuest} />
        </StrictMode>,
      );
      return;
    }
    // As a transition, hydration yields to the browser every few milliseconds (a click or a
    // key is handled at once) instead of holding the main thread for the whole page.
    startTransition(() => {
      hydrateRoot(
        root,
        <StrictMode>
          <App serverData={readServerData()} servedToGuest={servedToGuest} />
        </StrictMode>,
      );
    });
  });
