/**
 * `npm run backup` as a person runs it: a real process on a stopped embedded shop,
 * and beside a running one whose API is inside npm start's process (API_PROCESS=inline). The file it writes is readable by its owner only (it holds password hashes and addresses), and
 * what it prints at the end names the file with its size and the rows of each table.
 * And the backups npm start takes itself on BACKUP_EVERY_HOURS's schedule.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { runFilePath } from '../api/components/backup/run-file.ts';
import { verifyBackup } from '../api/db/backup/read.ts';
import { ensureTemplate } from '../api/db/empty-template.ts';
import { openPglite } from '../api/db/pglite.ts';
import { imageFileBytes } from '../api/testing/image-bytes.ts';
import { createPgliteTestDir } from '../api/testing/test-db.ts';
import { formatSize } from './backup-report.ts';
import { peakRssMb } from './testing/peak-rss.ts';
import { type NpmStart, builtFolder, npmStart } from './testing/npm-start.ts';
import { sample, scrapeMetrics } from '../tests/support/metrics-text.ts';

const BACKUP = fileURLToPath(new URL('./backup.ts', import.meta.url));
const RESTORE = fileURLToPath(new URL('./restore.ts', import.meta.url));
const PEAK_RSS = import.meta.resolve('./testing/peak-rss-preload.ts');
const TSX = import.meta.resolve('tsx');

const METRICS_TOKEN = 'backup-metrics-token-0123456789';
const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

/** The first backup of the default name in `backupsDir`, once there is one; throws if npm start ends first. */
const firstScheduled = async (backupsDir: string, start: NpmStart): Promise<string> => {
  for (;;) {
    const names = await readdir(backupsDir).catch(() => [] as string[]);
    const found = names.find((n) => /^statefront-\d{8}T\d{6}Z\.tar\.gz$/.test(n));
    if (found) return path.join(backupsDir, found);
    if (start.child.exitCode !== null)
      throw new Error(`npm start ended (${start.child.exitCode}) before a scheduled backup:\n${start.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

/** `npm run backup` (or, given its script, another command) as a real process; its exit code and output. */
const npmRunBackup = (env: Record<string, string>, args: string[] = [], script = BACKUP, preload: string[] = []) =>
  new Promise<{ code: number | null; out: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', TSX, ...preload.flatMap((p) => ['--import', p]), script, ...args], {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'development', LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('exit', (code) => resolve({ code, out }));
  });

describe('npm run backup', () => {
  it('when it backs up a stopped embedded shop, then the file of the default name is mode 600 and the summary gives its size and the rows of each table; npm run restore puts it into a new DATA_DIR within 400 MB', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'statefront-backup-cli-'));
    dirs.push(dir);
    const dataDir = path.join(dir, 'data');
    await createPgliteTestDir(dataDir);
    const db = await openPglite(path.join(dataDir, 'pglite'));
    try {
      await db.query(`insert into categories (name, description) values ('Maps', 'Paper'), ('Globes', 'Round')`);
      await db.query(`insert into products (name, description, price_cents, count, category) values ('Atlas', 'Maps', 2500, 3, 'Maps')`);
    } finally {
      await db.close();
    }
    await mkdir(path.join(dataDir, 'images'), { recursive: true });
    await writeFile(path.join(dataDir, 'images', 'atlas.webp'), imageFileBytes('webp', 'atlas', 2048));

    const { code, out } = await npmRunBackup({ DATA_DIR: dataDir });
    expect(code, out).toBe(0);
    const names = await readdir(path.join(dataDir, 'backups'));
    expect(names).toEqual([expect.stringMatching(/^statefront-\d{8}T\d{6}Z\.tar\.gz$/)]);
    const file = path.join(dataDir, 'backups', names[0]!);
    const { mode, size } = await stat(file);
    expect(mode & 0o777).toBe(0o600);
    expect(out).toContain(`Backed up the embedded database in ${dataDir}`);
    expect(out).toContain(`  file      ${file} (${formatSize(size)}, readable by its owner only)`);
    // The counts are the file's own (its manifest), every table that has rows, these among them.
    const manifest = await verifyBackup(file);
    const rows = manifest.tables.filter((t) => t.rows > 0);
    expect(rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'categories', rows: 2 }),
        expect.objectContaining({ name: 'products', rows: 1 }),
      ]),
    );
    const total = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
    expect(out).toContain(
      `  rows      ${total} in ${manifest.tables.length} tables: ${rows.map((t) => `${t.name} ${t.rows}`).join(', ')}\n`,
    );
    expect(out).toContain('  images    1 files, 2.0 KB');

    // The security audit's budget for a restore on a small server: under 400 MB. A restore made
    // its new database with PGlite's initdb (about 840 MB at its peak); it copies the empty one
    // `npm run build` made (api/db/empty-template.ts), made here as the build would.
    await ensureTemplate();
    const restoredDir = path.join(dir, 'restored');
    const restore = await npmRunBackup({ DATA_DIR: restoredDir }, [file], RESTORE, [PEAK_RSS]);
    expect(restore.code, restore.out).toBe(0);
    expect(restore.out).toContain(`Restored into the embedded database in ${restoredDir}`);
    const again = await openPglite(path.join(restoredDir, 'pglite'));
    try {
      const { rows: products } = await again.query<{ name: string }>('select name from products');
      expect(products).toEqual([{ name: 'Atlas' }]);
    } finally {
      await again.close();
    }
    expect(peakRssMb(restore.out)).toBeLessThan(400);
  }, 90_000);

  it('when npm start runs the API inside its own process (API_PROCESS=inline), then a backup beside it comes from the running shop and holds its rows, and a stop removes the run file', async () => {
    const dir = await builtFolder();
    dirs.push(dir);
    const dataDir = path.join(dir, 'data');
    const start = npmStart(dir, { API_PROCESS: 'inline' });
    try {
      const [, url] = await start.waitFor(/Statefront is open at (http:\/\/\S+)/);
      const register = await fetch(`${url}/api/users/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf': '1' },
        body: JSON.stringify({ name: 'Ada', lastName: 'Inline', email: 'ada@inline.test', password: 'a-password-of-some-length' }),
      });
      expect(register.status).toBe(201);

      const file = path.join(dir, 'beside.tar.gz');
      const { code, out } = await npmRunBackup({ DATA_DIR: dataDir }, ['--out', file]);
      expect(code, out).toBe(0);
      expect(out).toContain(`Backed up the running shop (process ${start.child.pid})`);
      const manifest = await verifyBackup(file);
      expect(manifest.tables).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'users', rows: 1 })]));
      // The shop still answers: the backup borrowed nothing it keeps.
      expect((await fetch(`${url}/healthz`)).status).toBe(200);

      start.child.kill('SIGTERM');
      expect(await start.exited, start.output()).toBe(0);
      expect(existsSync(runFilePath(dataDir))).toBe(false);
    } finally {
      if (start.child.exitCode === null) start.child.kill('SIGKILL');
    }
  }, 120_000);
});

describe('scheduled backups', () => {
  it('when npm start runs the API inside its own process (API_PROCESS=inline) with BACKUP_EVERY_HOURS and METRICS_TOKEN set, then a backup of the default name lands in DATA_DIR/backups on that schedule, /metrics gives its time and duration with each side labelled, and SIGTERM still stops the shop cleanly', async () => {
    const dir = await builtFolder();
    dirs.push(dir);
    // 0.0003 hours: the first tick about a second after the start.
    const start = npmStart(dir, { API_PROCESS: 'inline', BACKUP_EVERY_HOURS: '0.0003', METRICS_TOKEN });
    try {
      const [, url] = await start.waitFor(/Statefront is open at (http:\/\/\S+)/);
      const file = await firstScheduled(path.join(dir, 'data', 'backups'), start);
      // Renamed into place once whole: a backup that restores.
      expect((await verifyBackup(file)).tables.length).toBeGreaterThan(0);

      // /metrics says when the newest backup was taken (the time in its name) and how long one took;
      // its duration is set just after the file is renamed into place, so the scrape waits for it.
      expect((await fetch(`${url}/api/categories`)).status).toBe(200);
      let metrics = await scrapeMetrics(url!, METRICS_TOKEN);
      while (sample(metrics, 'statefront_backup_duration_seconds') === undefined) metrics = await scrapeMetrics(url!, METRICS_TOKEN);
      const [, y, mo, d, h, mi, sec] = /statefront-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z/.exec(file)!.map(Number);
      expect(sample(metrics, 'statefront_backup_last_success_timestamp_seconds', { process: 'api' })).toBe(
        Date.UTC(y!, mo! - 1, d, h, mi, sec) / 1000,
      );
      expect(sample(metrics, 'statefront_backup_duration_seconds', { process: 'api' })).toBeGreaterThan(0);
      expect(sample(metrics, 'statefront_backup_period_seconds', { process: 'api' })).toBeCloseTo(0.0003 * 3600);
      // One process runs both sides: each side's answer carries its own label, the Node.js metrics the BFF's.
      for (const process of ['bff', 'api'])
        expect(sample(metrics, 'statefront_http_request_duration_seconds_count', { process, route: '/api/categories' })).toBe(1);
      expect(sample(metrics, 'process_resident_memory_bytes', { process: 'bff' })).toBeGreaterThan(0);
      expect(sample(metrics, 'process_resident_memory_bytes', { process: 'api' })).toBeUndefined();
      start.child.kill('SIGTERM');
      expect(await start.exited, start.output()).toBe(0);
    } finally {
      if (start.child.exitCode === null) start.child.kill('SIGKILL');
    }
  }, 120_000);
});
