export type Periodic = { stop(): Promise<void>; /** Runs a round now unless one is under way. */ nudge(): void };

/**
 * Runs `round` at start and then every `intervalMs` (the expiry sweep, the mail worker). One
 * round at a time per instance, so a slow database does not pile them up; a failed round is
 * given to `onError` (not after stop) and the next one tries again; stop waits for a round under
 * way, so the database can be closed right after.
 */
export const startPeriodic = (intervalMs: number, round: () => Promise<void>, onError: (error: unknown) => void): Periodic => {
  let stopped = false;
  let running: Promise<void> | null = null;
  const run = () => {
    if (stopped || running) return;
    running = round()
      .catch((error: unknown) => {
        if (!stopped) onError(error);
      })
      .finally(() => {
        running = null;
      });
  };
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return {
    nudge: run,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
};
