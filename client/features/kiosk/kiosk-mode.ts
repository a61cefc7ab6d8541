import { createContext, useContext } from 'react';

/**
 * What the rest of the shop needs to know about kiosk mode, and the two signals it gives the
 * kiosk session. The kiosk shell provides it; everywhere else (the plain shop, tests) it is off.
 */
export type KioskMode = {
  /** The storefront runs on an in-store terminal: touch-first, no card wallet, idle reset. */
  active: boolean;
  /** The hand-off QR is on screen: the idle time is KIOSK_HANDOFF_SECONDS while it shows. */
  handoffShown: () => void;
  /** The hand-off QR is gone: the normal idle time again. */
  handoffHidden: () => void;
  /** The phone claimed the hand-off: the kiosk thanks the shopper and resets for the next one. */
  handoffClaimed?: () => void;
  /** Where phones reach this shop (PUBLIC_ORIGIN); unset, the page's own origin. */
  publicOrigin?: string;
  /** The PIN was right: leave kiosk mode on this device. */
  leave: () => void;
  /** Staff asked for `Report a problem` on the PIN pad and the PIN was right: the kiosk opens the report dialog. Unset, the pad offers no report. */
  reportProblem?: () => void;
  /** How long the logo is held before the PIN pad opens (KIOSK_EXIT_HOLD_SECONDS); unset, the pad's own 5 s. */
  exitHoldMs?: number;
  /** The name staff know this kiosk by (KIOSK_NAME, or `/kiosk?name=…`): a shared screen carries it. */
  name?: string;
  /** The accessibility mode's choices a phone takes over with the hand-off (decision 029); unset, none. */
  handoffDisplay?: { largerText: boolean; highContrast: boolean };
};

const off: KioskMode = {
  active: false,
  handoffShown: () => {},
  handoffHidden: () => {},
  handoffClaimed: () => {},
  leave: () => {},
};

export const KioskModeContext = createContext<KioskMode>(off);

/** Kiosk mode as the shell provides it; off outside a kiosk. */
export const useKioskMode = (): KioskMode => useContext(KioskModeContext);
