/// <reference types="vite/client" />
import type { EventLog } from '#machines/shared/event-log.ts';

const FLAG = 'statefront:event-log';

/** On in `vite` development, or in any build once `localStorage['statefront:event-log'] = 'on'`. */
const enabled = (): boolean => {
  if (import.meta.env.MODE === 'development') return true;
  try {
    return window.localStorage.getItem(FLAG) === 'on';
  } catch {
    return false;
  }
};

/**
 * The app's one event log, or undefined when recording is off (every shopper, unless asked).
 * A live binding: set once by startEventLog(), before the first render.
 */
export let devEventLog: EventLog | undefined;

/**
 * Loads the recorder when recording is on: main.tsx awaits it before the app renders, so the
 * log sees every actor start. When it is off (the shop as shoppers get it), nothing loads:
 * the recorder is a chunk of its own, not part of every first load.
 */
export const startEventLog = async (): Promise<void> => {
  if (devEventLog || typeof window === 'undefined' || !enabled()) return;
  const { recordEvents } = await import('./event-log-recorder.ts');
  devEventLog ??= recordEvents(window as Parameters<typeof recordEvents>[0]);
};
