import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { setUnreachableHandler } from '../lib/api.ts';
import { KIOSK_KEY } from '../lib/kiosk-entry.ts';
import { AppProviders } from './providers.tsx';
import { ShopRoutes } from './shop-routes.tsx';
import { ErrorBoundary, PageCrashContext } from '../ui/error-boundary.tsx';
import { GlobalStyles } from '../ui/global-styles.tsx';
import { KioskModeContext, type KioskMode } from '../features/kiosk/kiosk-mode.ts';
import { preloadKioskExit } from '../features/kiosk/pin/kiosk-exit.tsx';
import { AttractScreen, IdleWarning, OneMomentScreen, RightBackScreen } from '../features/kiosk/kiosk-screens.tsx';
import { exitHoldMs, kioskInput, kioskSockets, liveKioskMachine } from '../features/kiosk/live-kiosk.ts';
import { KioskTouch } from '../features/kiosk/touch/kiosk-touch.tsx';
import { useBrowserInput, useStayOnPage } from '../features/kiosk/use-browser.ts';

/**
 * Kiosk mode: the kiosk machine decides what shows. Between shoppers the attract screen; while
 * a shopper is there, the shop in a memory router (the browser's history never grows, so Back
 * goes nowhere), mounted fresh for each shopper, so the reset leaves no page, history or form
 * behind; over it the warning or the calm unreachable screen.
 */
export function KioskShell() {
  const kiosk = useActorRef(liveKioskMachine, { input: kioskInput() });
  const attract = useSelector(kiosk, (s) => s.hasTag('attract'));
  const warning = useSelector(kiosk, (s) => s.hasTag('warning'));
  const unreachable = useSelector(kiosk, (s) => s.hasTag('unreachable'));
  const resetting = useSelector(kiosk, (s) => s.hasTag('resetting'));
  const mounted = useSelector(kiosk, (s) => s.context.mounted && !s.hasTag('reloading'));
  const remaining = useSelector(kiosk, (s) => s.context.remaining);

  const activity = () => kiosk.send({ type: 'kiosk.activity' });
  const start = () => kiosk.send({ type: 'kiosk.start' });
  useBrowserInput(activity);
  useStayOnPage();
  useEffect(() => setUnreachableHandler(() => kiosk.send({ type: 'kiosk.unreachable' })), [kiosk]);
  // The operator's way out works from the first screen on (a failed fetch retries on first show).
  useEffect(() => void preloadKioskExit().catch(() => undefined), []);

  const mode = useMemo<KioskMode>(
    () => ({
      active: true,
      handoffShown: () => kiosk.send({ type: 'kiosk.handoffShown' }),
      handoffHidden: () => kiosk.send({ type: 'kiosk.handoffHidden' }),
      leave: () => {
        try {
          window.localStorage.removeItem(KIOSK_KEY);
        } catch {
          // Storage blocked: the flag was never kept either.
        }
        window.location.replace('/');
      },
      exitHoldMs: exitHoldMs(),
    }),
    [kiosk],
  );
  const crashed = useMemo(() => () => kiosk.send({ type: 'kiosk.crashed' }), [kiosk]);

  return (
    <KioskModeContext.Provider value={mode}>
      <PageCrashContext.Provider value={crashed}>
        <KioskTouch />
        {/* The attract, warning and calm screens sit outside the shop's providers: they need the shop's type and colours too. */}
        <GlobalStyles />
        {mounted ? (
          <div inert={unreachable || warning} aria-hidden={unreachable || undefined}>
            {/* Anything the pages' own boundaries miss also resets; the reset unmounts it, so it starts clean. */}
            <ErrorBoundary>
              <AppProviders openSocket={kioskSockets.open}>
                <MemoryRouter initialEntries={['/']}>
                  <ShopRoutes />
                </MemoryRouter>
              </AppProviders>
            </ErrorBoundary>
          </div>
        ) : null}
        {attract && !unreachable ? (
          <ErrorBoundary>
            <AttractScreen onStart={start} />
          </ErrorBoundary>
        ) : null}
        {warning && !unreachable ? <IdleWarning remaining={remaining} onContinue={activity} /> : null}
        {resetting ? <OneMomentScreen /> : null}
        {unreachable ? <RightBackScreen /> : null}
      </PageCrashContext.Provider>
    </KioskModeContext.Provider>
  );
}
