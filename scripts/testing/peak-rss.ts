/**
 * A process's peak resident memory, for a test that holds a command to a memory budget a small
 * server has (decision 016, with peak-rss-preload.ts) and for bench/restore-memory.ts.
 */
import { readFileSync } from 'node:fs';

export const PEAK_RSS_PREFIX = 'peak-rss-mb ';

/**
 * This process's peak resident memory in MB: Linux's VmHWM, which starts again at exec. Not
 * getrusage's maxRSS: Linux carries it across fork and exec, so a child started by a large
 * process reports at least the parent's size at the fork (a bench holding a seeded 100k shop
 * made a 369 MB restore read 786 MB).
 */
export const ownPeakRssMb = (): number => {
  try {
    const hwm = /^VmHWM:\s+(\d+) kB/m.exec(readFileSync('/proc/self/status', 'utf8'));
    if (hwm) return Math.round(Number(hwm[1]) / 1024);
  } catch {
    // Not Linux: getrusage is the figure there is.
  }
  return Math.round(process.resourceUsage().maxRSS / 1024);
};

/** The figure peak-rss-preload.ts printed in a command's output, or null when it printed none. */
export const peakRssMb = (output: string): number | null => {
  const line = output.split('\n').findLast((l) => l.startsWith(PEAK_RSS_PREFIX));
  return line ? Number(line.slice(PEAK_RSS_PREFIX.length)) : null;
};
