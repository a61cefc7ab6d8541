import type { ReactNode } from 'react';

export type KioskExitPressProps = { children: ReactNode };

/**
 * The way out of kiosk mode: a 5 s press on what it wraps (the logo) opens the PIN pad, and a
 * right PIN calls the kiosk mode's `leave`. A placeholder until the PIN pad lands.
 */
export function KioskExitPress({ children }: KioskExitPressProps) {
  return <>{children}</>;
}
