import { useActorRef, useSelector } from '@xstate/react';
import { Suspense, useEffect, useMemo, useRef, useState } from 'react';
import type { ServerData } from '#contracts/server-render.ts';
import { setUnreachableHandler } from '../lib/api.ts';
import { KIOSK_KEY } from '../lib/kiosk-entry.ts';
import { AppProviders } from './providers.tsx';
import { KIOSK_BAR_PX, KioskBar } from './kiosk-bar.tsx';
import { KioskRouter } from './kiosk-router.tsx';
import { ShopRoutes } from './shop-routes.tsx';
import { ErrorBoundary, PageCrashContext } from '../ui/error-boundary.tsx';
import { GlobalStyles } from '../ui/global-styles.tsx';
import { KioskModeContext, type KioskMode } from '../features/kiosk/kiosk-mode.ts';
import { preloadKioskExit } from '../features/kiosk/pin/kiosk-exit.tsx';
import { AttractScreen, IdleWarning, OneMomentScreen, RightBackScreen, ThanksScreen } from '../features/kiosk/kiosk-screens.tsx';
import {
  exitHoldMs,
  heartbeatSettings,
  kioskInput,
  kioskName,
  kioskSockets,
  liveKioskMachine,
  publicOrigin,
} from '../features/kiosk/live-kiosk.ts';
import { startHeartbeat } from '../features/kiosk/heartbeat.ts';
import { KioskTouch } from '../features/kiosk/touch/kiosk-touch.tsx';
import { takeEarlyTouch } from '../features/kiosk/early-touch.ts';
import { ServerDataProvider } from '../lib/server-data.tsx';
import { devEventLog } from '../lib/event-log.ts';
import { lazyNamed } from '../lib/lazy.ts';
import { useBrowserInput, useStayOnPage } from '../features/kiosk/use-browser.ts';
import { ACCESS_BUTTON_ROOM_PX, AccessControls } from '../features/kiosk/access/access-controls.tsx';
import { KioskAccessContext } from '../features/kiosk/access/access-context.ts';
import { PAGE_ATTRIBUTE } from '../features/kiosk/access/access-styles.ts';
import { EscapeGoesBack } from '../features/kiosk/access/escape-goes-back.tsx';
import { browserSpeech } from '../features/kiosk/access/speech.ts';
import { useKioskAccessMode } from '../features/kiosk/access/use-access.ts';

/**
 * Kiosk mode: the kiosk machine decides what shows. Between shoppers the attract screen; while
 * a shopper is there, the shop in a memory router (the browser's history never grows, so Back
 * goes nowhere), mounted fresh for each shopper, so the reset leaves no page, history or form
 * behind; over it the warning or the calm unreachable screen.
 */
const NONE: ServerData = {};

// Staff open it behind the PIN: its own chunk, as in the shop's footer.
const ProblemReportDialog = lazyNamed(() => import('../features/problem-reports/report-dialog.tsx'), 'ProblemReportDialog');

export function KioskShell({ serverData = NONE, servedToGuest = false }: { serverData?: ServerData; servedToGuest?: boolean }) {
  const kiosk = useActorRef(liveKioskMachine, { input: { ...kioskInput(), servedToGuest }, inspect: devEventLog?.inspect('kiosk') });
  const attract = useSelector(kiosk, (s) => s.hasTag('attract'));
  const warning = useSelector(kiosk, (s) => s.hasTag('warning'));
  const unreachable = useSelector(kiosk, (s) => s.hasTag('unreachable'));
  const resetting = useSelector(kiosk, (s) => s.hasTag('resetting'));
  const thanks = useSelector(kiosk, (s) => s.hasTag('thanks'));
  const mounted = useSelector(kiosk, (s) => s.context.mounted && !s.hasTag('reloading'));
  const remaining = useSelector(kiosk, (s) => s.context.remaining);
  // Only the first shopper's restore may trust how the page was served: the machine forgets it at the reset.
  const guestPage = useSelector(kiosk, (s) => s.context.servedToGuest);
  const speech = useMemo(() => browserSpeech(), []);
  const access = useKioskAccessMode(kiosk, speech);
  // `Report a problem`, which staff reach behind the PIN pad: it sends this tab's log, the kiosk's own included.
  const [reporting, setReporting] = useState(false);
  const { largerText, highContrast } = access.access;

  // The bestsellers the server rendered the first attract screen with; later ones ask the API.
  const firstData = useRef(serverData);
  const activity = () => kiosk.send({ type: 'kiosk.activity' });
  const start = () => {
    firstData.current = NONE;
    kiosk.send({ type: 'kiosk.start' });
  };
  // A touch on the server's attract screen before the scripts ran: the session starts now (before useStayOnPage copies the address).
  useEffect(() => {
    if (takeEarlyTouch()) start();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, at the first mount
  }, []);
  // A named kiosk tells the shop its state (/admin/kiosks); staff's Reset now and Reload come back in the replies.
  const beats = useRef<{ input(): void } | null>(null);
  useEffect(() => {
    const name = kioskName();
    if (!name) return;
    const heartbeat = startHeartbeat(kiosk, { name, ...heartbeatSettings() });
    beats.current = heartbeat;
    return heartbeat.stop;
  }, [kiosk]);
  useBrowserInput(() => {
    beats.current?.input();
    activity();
  });
  useStayOnPage();
  useEffect(() => setUnreachableHandler(() => kiosk.send({ type: 'kiosk.unreachable' })), [kiosk]);
  // The operator's way out works from the first screen on (a failed fetch retries on first show).
  useEffect(() => void preloadKioskExit().catch(() => undefined), []);

  const mode = useMemo<KioskMode>(
    () => ({
      active: true,
      handoffShown: () => kiosk.send({ type: 'kiosk.handoffShown' }),
      handoffHidden: () => kiosk.send({ type: 'kiosk.handoffHidden' }),
      handoffClaimed: () => kiosk.send({ type: 'kiosk.handoffClaimed' }),
      publicOrigin: publicOrigin(),
      leave: () => {
        try {
          window.localStorage.removeItem(KIOSK_KEY);
        } catch {
          // Storage blocked: the flag was never kept either.
        }
        window.location.replace('/');
      },
      exitHoldMs: exitHoldMs(),
      ...(kioskName() ? { name: kioskName() } : {}),
      reportProblem: () => setReporting(true),
      handoffDisplay: { largerText, highContrast },
    }),
    [kiosk, largerText, highContrast],
  );
  const crashed = useMemo(() => () => kiosk.send({ type: 'kiosk.crashed' }), [kiosk]);

  return (
    <KioskModeContext.Provider value={mode}>
      <KioskAccessContext.Provider value={access}>
        <PageCrashContext.Provider value={crashed}>
          <KioskTouch />
          {/* The attract, warning and calm screens sit outside the shop's providers: they need the shop's type and colours too. */}
          <GlobalStyles />
          {mounted ? (
            <div
              inert={unreachable || warning}
              aria-hidden={unreachable || undefined}
              css={{ paddingBottom: KIOSK_BAR_PX + ACCESS_BUTTON_ROOM_PX }}
              {...{ [PAGE_ATTRIBUTE]: '' }}
            >
              {/* Anything the pages' own boundaries miss also resets; the reset unmounts it, so it starts clean. */}
              <ErrorBoundary>
                <AppProviders openSocket={kioskSockets.open} servedToGuest={guestPage}>
                  <KioskRouter>
                    <ShopRoutes />
                    <KioskBar />
                    <EscapeGoesBack />
                  </KioskRouter>
                </AppProviders>
              </ErrorBoundary>
            </div>
          ) : null}
          {attract && !unreachable ? (
            <ErrorBoundary>
              <ServerDataProvider value={firstData.current}>
                <AttractScreen onStart={start} />
              </ServerDataProvider>
            </ErrorBoundary>
          ) : null}
          {warning && !unreachable ? <IdleWarning remaining={remaining} onContinue={activity} /> : null}
          {thanks ? <ThanksScreen /> : null}
          {resetting ? <OneMomentScreen /> : null}
          {unreachable ? <RightBackScreen /> : null}
          {/* Over every screen; a new one for each shopper, so no panel is left open at the reset. */}
          <AccessControls key={String(mounted)} hasVoice={speech.hasVoice} />
          {reporting ? (
            <Suspense fallback={null}>
              <ProblemReportDialog onClose={() => setReporting(false)} />
            </Suspense>
          ) : null}
        </PageCrashContext.Provider>
      </KioskAccessContext.Provider>
    </KioskModeContext.Provider>
  );
}
