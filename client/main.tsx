import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { startsInKioskMode } from './app/kiosk-entry.ts';
import { readServerData } from './app/server-data.tsx';

const root = document.getElementById('root');
if (!root) throw new Error('index.html lacks the #root element the shop renders into');

const kiosk = startsInKioskMode();
// The BFF rendered home, the lists and product details into #root (decision 006): hydrate
// that markup. A kiosk (remembered on this device) replaces it with its own shell.
if (root.firstElementChild && !kiosk) {
  hydrateRoot(
    root,
    <StrictMode>
      <App serverData={readServerData()} />
    </StrictMode>,
  );
} else {
  createRoot(root).render(
    <StrictMode>
      <App kiosk={kiosk} />
    </StrictMode>,
  );
}
