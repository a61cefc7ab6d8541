/// <reference types="vite/client" />
import type { RecordedLog } from './event-log-recorder.ts';

const FLAG = 'statefront:event-log';

/**
 * On in every tab: a problem report sends this tab's log since the page loaded (masked, as the
 * console's export is), so the log must have seen every actor start. Off only where someone set
 * `localStorage['statefront:event-log'] = 'off'` (a report then carries no events).
 */
const enabled = (): boolean => {
  if (import.meta.env.MODE === 'development') return true;
  try {
    return window.localStorage.getItem(FLAG) !== 'off';
  } catch {
    return true;
  }
};

/**
 * The app's one event log, or undefined when recording is off.
 * A live binding: set once by startEventLog(), before the first render.
 */
export let devEventLog: RecordedLog | undefined;

/**
 * Loads the recorder (a chunk of its own, 1.8 KB, fetched beside the entry): main.tsx awaits it
 * before the app renders, so the log sees every actor start.
 */
export const startEventLog = async (): Promise<void> => {
  if (devEventLog || typeof window === 'undefined' || !enabled()) return;
  const { recordEvents, machineCountsOn, sendMachineCounts } = await import('./event-log-recorder.ts');
  if (devEventLog) return;
  devEventLog = recordEvents(window as Parameters<typeof recordEvents>[0]);
  // The same inspection counts which transitions the machines take, for the shop's coverage report.
  if (machineCountsOn()) sendMachineCounts(devEventLog.takeCounts);
};
