import { AppRoutes } from './routes.tsx';
import { SessionEffects } from './session-effects.tsx';

/** The routes and the session's browser wiring, under whichever router the caller provides (browser or kiosk memory). */
export function ShopRoutes() {
  return (
    <>
      <SessionEffects />
      <AppRoutes />
    </>
  );
}
