import { BrowserRouter } from 'react-router-dom';
import { AppProviders } from './providers.tsx';
import { AppRoutes } from './routes.tsx';
import { SessionEffects } from './session-effects.tsx';

/** The whole storefront: app-wide actors, the router, and the route table. */
export function App() {
  return (
    <AppProviders>
      <BrowserRouter>
        <SessionEffects />
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
