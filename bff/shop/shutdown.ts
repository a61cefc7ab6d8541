/**
 * Stops the program gracefully on SIGTERM / SIGINT: `stop` drains in-flight requests and
 * closes the database; a second press (not the same one relayed by npm), or a drain that hangs,
 * ends the process at once.
 */

/**
 * Ctrl+C sends SIGINT to the terminal's whole foreground group, and npm (`npm start`) forwards
 * the signals it gets to its script: the same press then arrives twice within milliseconds.
 * The same signal again within this window is that relay, not a second press.
 */
export const RELAY_WINDOW_MS = 1_000;

export type Press = 'first' | 'again';

/** Tells a stop signal's arrival apart: the first press, a second one, or (undefined) a relay of the last. */
export const signalPresses = (windowMs = RELAY_WINDOW_MS, now: () => number = Date.now) => {
  let last: { signal: NodeJS.Signals; at: number } | undefined;
  return (signal: NodeJS.Signals): Press | undefined => {
    const at = now();
    if (last && last.signal === signal && at - last.at < windowMs) return undefined;
    const press = last ? 'again' : 'first';
    last = { signal, at };
    return press;
  };
};

/** Calls `first` on the first SIGINT or SIGTERM and `again` on each later press (relays skipped); returns a function removing the listeners. */
export const onStopSignals = (first: (signal: NodeJS.Signals) => void, again: (signal: NodeJS.Signals) => void): (() => void) => {
  const pressOf = signalPresses();
  const onSignal = (signal: NodeJS.Signals) => {
    const press = pressOf(signal);
    if (press === 'first') first(signal);
    if (press === 'again') again(signal);
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
  return () => {
    process.off('SIGTERM', onSignal);
    process.off('SIGINT', onSignal);
  };
};

export const stopOnSignals = (stop: () => Promise<void>, { say = console.error, limitMs = 15_000 } = {}): void => {
  onStopSignals(
    (signal) => {
      say(`${signal}: finishing open requests, then stopping …`);
      const timer = setTimeout(() => {
        say('Shutdown took too long: exiting.');
        process.exit(1);
      }, limitMs);
      timer.unref();
      stop().then(
        () => {
          clearTimeout(timer);
          // Everything is closed; exiting here also ends stray timers of libraries.
          process.exit(process.exitCode ?? 0);
        },
        (error: unknown) => {
          say(`Shutdown failed: ${error instanceof Error ? error.message : String(error)}`);
          process.exit(1);
        },
      );
    },
    (signal) => {
      say(`${signal} again: exiting now.`);
      process.exit(1);
    },
  );
};
