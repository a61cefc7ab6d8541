/**
 * `npm run backup` as a person runs it (issue [Data]): a real process on a stopped embedded shop.
 * The file it writes is readable by its owner only (it holds password hashes and addresses), and
 * what it prints at the end names the file with its size and the rows of each table.
 */
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { verifyBackup } from '../api/db/backup/read.ts';
import { openPglite } from '../api/db/pglite.ts';
import { createPgliteTestDir } from '../api/testing/test-db.ts';
import { formatSize } from './backup-report.ts';

const BACKUP = fileURLToPath(new URL('./backup.ts', import.meta.url));
const TSX = import.meta.resolve('tsx');

let dir = '';
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

const npmRunBackup = (env: Record<string, string>) =>
  new Promise<{ code: number | null; out: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', TSX, BACKUP], {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'development', LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('exit', (code) => resolve({ code, out }));
  });

describe('npm run backup', () => {
  it('when it backs up a stopped embedded shop, then the file of the default name is mode 600 and the summary gives its size and the rows of each table', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'statefront-backup-cli-'));
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
    await writeFile(path.join(dataDir, 'images', 'atlas.webp'), Buffer.alloc(2048, 1));

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
  }, 60_000);
});
