/// <reference types="vite/client" />
import type { EventLog } from '../../machines/shared/event-log.ts';

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

export type EventLogHandle = { toJSON: () => string; download: () => void; clear: () => void };

/**
 * Puts the log within reach of the console as `statefrontEvents`: `statefrontEvents.download()`
 * saves the events the app's machines received as JSON, secrets and personal data redacted, for a
 * bug report or for replaying the session in a test (machines/shared/event-log.ts).
 */
export const exposeEventLog = (log: EventLog, target: { statefrontEvents?: EventLogHandle }): EventLogHandle => {
  const handle: EventLogHandle = {
    toJSON: log.toJSON,
    clear: log.clear,
    download: () => {
      const url = URL.createObjectURL(new Blob([log.toJSON()], { type: 'application/json' }));
      const a = Object.assign(document.createElement('a'), { href: url, download: `statefront-events-${Date.now()}.json` });
      a.click();
      URL.revokeObjectURL(url);
    },
  };
  target.statefrontEvents = handle;
  return handle;
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
  const { createEventLog } = await import('../../machines/shared/event-log.ts');
  devEventLog ??= createEventLog();
  exposeEventLog(devEventLog, window as { statefrontEvents?: EventLogHandle });
};
