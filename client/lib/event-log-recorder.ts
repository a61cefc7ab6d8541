import { createEventLog, type EventLog } from '#machines/shared/event-log.ts';

// The recorder's chunk, loaded by event-log.ts only when recording is on.

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

/** A new log of the app's events, within reach of the console. */
export const recordEvents = (target: { statefrontEvents?: EventLogHandle }): EventLog => {
  const log = createEventLog();
  exposeEventLog(log, target);
  return log;
};
