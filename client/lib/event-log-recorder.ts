import type { TransitionCount } from '#contracts/machine-count-rules.ts';
import { createEventLog, type EventLog } from '#machines/shared/event-log.ts';
import { createTransitionCounter } from '#machines/shared/transition-counts.ts';

// The recorder's chunk, loaded by event-log.ts before the app renders; the counts' sender rides in it.
export { machineCountsOn, sendMachineCounts } from './machine-counts.ts';

export type EventLogHandle = { toJSON: () => string; download: () => void; clear: () => void };

/** The app's log, and how many of its oldest entries were let go to bound its memory. */
export type RecordedLog = EventLog & {
  forgotten: () => number;
  /** The transitions the app's machines took since the last call (labels only), for the shop's counts (machine-counts.ts). */
  takeCounts: () => TransitionCount[];
};

/**
 * Every tab records, and a tab may stay open for days (an admin's chats): past this many
 * entries the oldest fifth goes at once (not one by one on every event). A report holds at most 1 MB, a few thousand entries.
 */
export const MAX_ENTRIES = 10_000;

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

/** A new log of the app's events, bounded to MAX_ENTRIES, within reach of the console. */
export const recordEvents = (target: { statefrontEvents?: EventLogHandle }, max = MAX_ENTRIES): RecordedLog => {
  const log = createEventLog();
  const counter = createTransitionCounter();
  let forgotten = 0;
  const bounded: RecordedLog = {
    ...log,
    inspect: (name, options) => {
      const inspect = log.inspect(name, options);
      return (inspection) => {
        inspect(inspection);
        counter.inspect(inspection);
        if (log.entries.length <= max) return;
        const gone = Math.max(1, Math.floor(max / 5));
        log.entries.splice(0, gone);
        forgotten += gone;
      };
    },
    forgotten: () => forgotten,
    takeCounts: counter.take,
  };
  exposeEventLog(bounded, target);
  return bounded;
};
