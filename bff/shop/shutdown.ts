/**
 * Stops the program gracefully on SIGTERM / SIGINT: `stop` drains in-flight requests and
 * closes the database; a second signal, or a drain that hangs, ends the process at once.
 */
export const stopOnSignals = (stop: () => Promise<void>, { say = console.error, limitMs = 15_000 } = {}): void => {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      say(`${signal} again: exiting now.`);
      process.exit(1);
    }
    stopping = true;
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
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
};
