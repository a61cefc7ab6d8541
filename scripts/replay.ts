/**
 * `npm run replay FILE`: replays an event log exported from the browser
 * (`statefrontEvents.download()`), or a problem report the admin downloaded, on fresh machines and prints, per actor, each event and the
 * state it leads to. Exits non-zero at the first event a machine cannot take, or takes where
 * the browser's did not, or at a state other than the one the log recorded: a bug report with
 * its log is a reproducible test.
 */
import { readFileSync } from 'node:fs';
import { replayLog } from '#machines/testing/replay.ts';
import { readBuildStamp } from './build-stamp.ts';
import { readReplayInput } from './replay-input.ts';

const file = process.argv[2];
if (!file) {
  console.error(
    'Usage: npm run replay FILE   (a log saved with statefrontEvents.download() in the browser, or a downloaded problem report)',
  );
  process.exit(2);
}
// The build a report is compared with: this checkout's last `npm run build` (the shop's pages name it alike).
const running = (await readBuildStamp(process.cwd()))?.hash.slice(0, 12);
let entries, header;
try {
  ({ entries, header } = readReplayInput(readFileSync(file, 'utf8'), running));
} catch (error) {
  console.error(`${file}: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(2);
}
for (const line of header) console.log(line);
const { lines, problem } = replayLog(entries);
for (const line of lines) console.log(line);
console.log(problem ? `replay: diverges at ${problem}` : `replay: ${entries.length} entries replayed as recorded`);
process.exit(problem ? 1 : 0);
