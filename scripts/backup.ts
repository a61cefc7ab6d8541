/**
 * npm run backup [-- --out FILE]: the shop's database and every file under DATA_DIR/images in
 * one tar.gz (default DATA_DIR/backups/statefront-YYYYMMDDTHHMMSSZ.tar.gz, mode 600: it holds
 * password hashes and addresses). Works beside a running shop: on PostgreSQL over a connection
 * of its own, on the embedded database by asking the shop that owns it (DATA_DIR/run/api.json).
 */
import './owner-only.ts';
import { parseArgs } from 'node:util';
import { defaultBackupPath, loadApiConfig, takeBackup } from '../api/index.ts';
import { describeManifest, formatSize } from './backup-report.ts';

const main = async () => {
  const { values } = parseArgs({ options: { out: { type: 'string' } }, allowPositionals: false });
  const config = await loadApiConfig(process.env);
  const file = values.out ?? defaultBackupPath(config.DATA_DIR);
  const started = performance.now();
  const taken = await takeBackup({
    file,
    dataDir: config.DATA_DIR,
    databaseUrl: config.DATABASE_URL,
    internalSecret: config.INTERNAL_SECRET,
    say: (line) => console.log(line),
  });
  console.log(`Backed up ${taken.from} in ${((performance.now() - started) / 1000).toFixed(1)} s:`);
  console.log(`  file      ${taken.file} (${formatSize(taken.bytes)}, readable by its owner only)`);
  for (const line of describeManifest(taken.manifest)) console.log(line);
};

main().catch((error: unknown) => {
  console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
