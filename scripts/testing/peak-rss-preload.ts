/**
 * Preloaded into a command a test runs (`node --import tsx --import ./peak-rss-preload.ts …`):
 * prints the process's peak resident memory as its last line on stderr (peak-rss.ts reads it).
 */
import { ownPeakRssMb, PEAK_RSS_PREFIX } from './peak-rss.ts';

process.on('exit', () => process.stderr.write(`\n${PEAK_RSS_PREFIX}${ownPeakRssMb()}\n`));
