import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { startsInKioskMode } from './app/kiosk-entry.ts';

const root = document.getElementById('root');
if (!root) throw new Error('index.html lacks the #root element the shop renders into');

createRoot(root).render(
  <StrictMode>
    <App kiosk={startsInKioskMode()} />
  </StrictMode>,
);
