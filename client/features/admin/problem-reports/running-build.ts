import { readPageSettings } from '../../../lib/kiosk-entry.ts';

/** The build this page runs (the BFF's `build` setting), or undefined where none is served (development). */
export const runningBuild = (): string | undefined => {
  const build = (readPageSettings() as { build?: unknown } | undefined)?.build;
  return typeof build === 'string' ? build : undefined;
};

/** Whether a report came from another build than the one running: its events may not replay here. */
export const isOlderBuild = (build: string, running = runningBuild()): boolean => running !== undefined && build !== running;
