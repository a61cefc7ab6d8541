/**
 * What escapes as an uncaught error or rejection while a fault is injected: a test asserts
 * none, since in production either would end the process. Call `stop()` in a finally.
 */
export const recordCrashes = (): { crashes: unknown[]; stop(): void } => {
  const crashes: unknown[] = [];
  const onCrash = (error: unknown) => crashes.push(error);
  process.on('uncaughtException', onCrash);
  process.on('unhandledRejection', onCrash);
  return {
    crashes,
    stop() {
      process.off('uncaughtException', onCrash);
      process.off('unhandledRejection', onCrash);
    },
  };
};
