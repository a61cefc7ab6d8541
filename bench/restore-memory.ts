/**
 * One restore in a process of its own, so its peak resident memory is the restore's alone (the
 * backup bench seeds and serves a shop in its own process): prints `{"ms", "peakRssMb"}` as its
 * last line. Goal: a restore of the 100k × 100k backup under 400 MB (the archive streams, a batch
 * of rows at a time; see api/db/backup/read.ts), from the empty database `npm run build` leaves
 * (made here first if missing: that process's peak, about 840 MB, is the first restore's without
 * a build, decision 016).
 * Run: npx tsx bench/restore-memory.ts FILE DATA_DIR [DATABASE_URL]
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { restoreBackup } from '../api/db/backup/restore.ts';
import { ensureTemplate } from '../api/db/empty-template.ts';
import { ownPeakRssMb } from '../scripts/testing/peak-rss.ts';
import { isEntry } from './support/figures.ts';

export type RestoreMeasure = { ms: number; peakRssMb: number };

/** Runs this file as a child on `file` into `target`; its time and peak RSS. */
export const measureRestore = async (file: string, target: { dataDir: string; databaseUrl?: string }): Promise<RestoreMeasure> => {
  await ensureTemplate();
  return new Promise((resolve, reject) => {
    const args = [
      '--import',
      'tsx',
      fileURLToPath(import.meta.url),
      file,
      target.dataDir,
      ...(target.databaseUrl ? [target.databaseUrl] : []),
    ];
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => {
      const last = out.trim().split('\n').at(-1) ?? '';
      if (code === 0) resolve(JSON.parse(last) as RestoreMeasure);
      else reject(new Error(`the restore failed (exit ${code}): ${out.slice(-2000)}`));
    });
  });
};

if (isEntry(import.meta.url)) {
  const [file, dataDir, databaseUrl] = process.argv.slice(2);
  if (!file || !dataDir) throw new Error('Usage: npx tsx bench/restore-memory.ts FILE DATA_DIR [DATABASE_URL]');
  const started = performance.now();
  await restoreBackup({ file, target: { dataDir, databaseUrl }, onProgress: (line) => console.error(line) });
  const ms = performance.now() - started;
  console.log(JSON.stringify({ ms, peakRssMb: ownPeakRssMb() }));
}
