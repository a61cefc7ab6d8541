/**
 * npm run restore -- FILE [--replace] [--dry-run]: restores a backup into what the
 * configuration points at (DATABASE_URL, else the embedded database under DATA_DIR), with its
 * images. Checks the whole file first; refuses a target that holds a shop unless --replace, a
 * target a shop runs on, a backup newer than the code. --dry-run checks and prints only.
 */
import './owner-only.ts';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { restoreBackup, runningApi } from '../api/index.ts';
import { describeManifest } from './backup-report.ts';

const usage = 'Usage: npm run restore -- FILE [--replace] [--dry-run]';

const main = async () => {
  const { values, positionals } = parseArgs({
    options: { replace: { type: 'boolean', default: false }, 'dry-run': { type: 'boolean', default: false } },
    allowPositionals: true,
  });
  const file = positionals[0];
  if (!file || positionals.length > 1) throw new Error(usage);
  const dataDir = process.env.DATA_DIR?.trim() || './data';
  const databaseUrl = process.env.DATABASE_URL?.trim() || undefined;
  if (!databaseUrl && !values['dry-run']) {
    const running = await runningApi(dataDir);
    if (running) throw new Error(`A shop is running on ${path.resolve(dataDir)} (process ${running.pid}, ${running.url}): stop it first.`);
  }
  const target = databaseUrl ? 'the database at DATABASE_URL' : `the embedded database in ${path.resolve(dataDir)}`;
  const started = performance.now();
  const result = await restoreBackup({
    file,
    target: { dataDir, databaseUrl },
    replace: values.replace,
    dryRun: values['dry-run'],
    onProgress: (line) => console.log(line),
  });
  if (!result.restored) {
    console.log(`${file} passes every check the restore makes of a file (entries, checksums, rows); nothing was restored (--dry-run):`);
    for (const line of describeManifest(result.manifest)) console.log(line);
    return;
  }
  console.log(`Restored into ${target} in ${((performance.now() - started) / 1000).toFixed(1)} s:`);
  for (const line of describeManifest(result.manifest)) console.log(line);
  if (result.migrated.length) console.log(`  migrated  ${result.migrated.join(', ')} (the backup was older than the code)`);
  console.log(
    'Start the shop as usual; it is not seeded with demo data. Secrets are not in a backup: sessions made elsewhere end (customers log in again).',
  );
};

main().catch((error: unknown) => {
  console.error(`Restore refused: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
