/**
 * Preloaded into a command a test runs (`node --import tsx --import ./peak-rss.ts …`): prints the
 * process's peak resident memory as its last line on stderr, so a test can hold a command to a
 * memory budget a small server has (decision 015).
 */
export const PEAK_RSS_PREFIX = 'peak-rss-mb ';

process.on('exit', () => process.stderr.write(`\n${PEAK_RSS_PREFIX}${Math.round(process.resourceUsage().maxRSS / 1024)}\n`));

/** The figure in a command's output, or null when it printed none. */
export const peakRssMb = (output: string): number | null => {
  const line = output.split('\n').findLast((l) => l.startsWith(PEAK_RSS_PREFIX));
  return line ? Number(line.slice(PEAK_RSS_PREFIX.length)) : null;
};
