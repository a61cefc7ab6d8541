import { Suspense, type ReactNode } from 'react';
import { lazyNamed } from '../../../lib/lazy.ts';
import { useKioskMode } from '../kiosk-mode.ts';
import type { livePinPadMachine } from './live-pin-pad.ts';

// The pad is kiosk-only: its own chunk, kept out of the shop's first load.
const ExitPress = lazyNamed(() => import('./exit-press.tsx'), 'ExitPress');

/**
 * Fetches the pad's code ahead (the kiosk shell does, under its attract screen), so the logo
 * takes a press from the moment the shop shows: a press while the code still loaded was lost.
 */
export const preloadKioskExit = (): Promise<unknown> => ExitPress.preload();

export type KioskExitPressProps = {
  children: ReactNode;
  /** The PIN pad's logic; tests give it other calls. */
  logic?: typeof livePinPadMachine;
};

/**
 * The way out of kiosk mode: a press on what it wraps (the logo) held for the kiosk mode's
 * `exitHoldMs` (KIOSK_EXIT_HOLD_SECONDS, 5 s by default) opens the PIN pad, and a right PIN
 * calls the kiosk mode's `leave`. Outside kiosk mode, and while the pad's code loads, it is
 * only the logo.
 */
export function KioskExitPress({ children, logic }: KioskExitPressProps) {
  const kiosk = useKioskMode();
  if (!kiosk.active) return <>{children}</>;
  return (
    <Suspense fallback={children}>
      <ExitPress logic={logic} holdMs={kiosk.exitHoldMs} leave={kiosk.leave} report={kiosk.reportProblem}>
        {children}
      </ExitPress>
    </Suspense>
  );
}
