import { useSyncExternalStore } from 'react';

/*
 * Where the kiosk's `Call staff` and the chat panel meet: the bar is the app's, the panel a
 * feature's lazy chunk, so neither imports the other. A call waits here until the panel takes it
 * (opening with sharing offered up front); the panel says here whether the screen is shared, so
 * the bar can show `Staff can see this screen`.
 */
export type StaffCall = { waiting: boolean; sharing: boolean };

/** The kiosk bar's words (decision 028): here, so the kiosk's shell loads none of the shared screen's code. */
export const STAFF_TEXTS = { callStaff: 'Call staff', staffSees: 'Staff can see this screen' } as const;

let state: StaffCall = { waiting: false, sharing: false };
const listeners = new Set<() => void>();
const set = (next: Partial<StaffCall>) => {
  state = { ...state, ...next };
  listeners.forEach((listener) => listener());
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** The kiosk's bar: the shopper calls staff. */
export const callStaff = (): void => set({ waiting: true });
/** The chat panel answers the call (it is open now). */
export const takeStaffCall = (): void => set({ waiting: false });
/** The chat panel's sharing, for the kiosk's bar; false when the panel goes (the kiosk's reset). */
export const screenShared = (sharing: boolean): void => {
  if (state.sharing !== sharing) set({ sharing });
};

export const useStaffCall = (): StaffCall =>
  useSyncExternalStore(
    subscribe,
    () => state,
    () => state,
  );
