import { createContext, useContext } from 'react';
import { ACCESS_OFF, type Access, type AccessSwitch } from '#machines/kiosk/access.ts';

/** The kiosk machine's accessibility mode as the screens read and change it; off outside a kiosk. */
export type KioskAccess = {
  access: Access;
  toggle: (setting: AccessSwitch) => void;
  setVolume: (volume: number) => void;
};

export const KioskAccessContext = createContext<KioskAccess>({ access: ACCESS_OFF, toggle: () => {}, setVolume: () => {} });

export const useKioskAccess = (): KioskAccess => useContext(KioskAccessContext);
