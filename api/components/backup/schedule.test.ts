import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadApiConfig } from '../../config.ts';
import type { Db } from '../../db/index.ts';
import { createTestDb } from '../../testing/test-db.ts';
import { verifyBackup } from '../../db/backup/read.ts';
import { scheduleBackups, scheduledBackup } from './schedule.ts';

const logger = pino({ level: 'silent' });
const schedule = { everyHours: 1, keep: 2 };
const at = (iso: string) => new Date(iso);

describe('scheduled backups', () => {
  let db: Db;
  let dataDir: string;
  beforeAll(async () => {
    db = await createTestDb();
    dataDir = await mkdtemp(path.join(tmpdir(), 'statefront-schedule-'));
  });
  afterAll(async () => {
    await db.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('when ticks come an hour apart, then each takes one backup of the default name and only the last BACKUP_KEEP of them are kept, nothing else deleted', async () => {
    await mkdir(path.join(dataDir, 'backups'), { recursive: true });
    await writeFile(path.join(dataDir, 'backups', 'before-the-upgrade.tar.gz'), 'mine');
    for (const hour of ['01', '02', '03']) await scheduledBackup(db, dataDir, schedule, logger, at(`2026-11-27T${hour}:00:00Z`));
    expect((await readdir(path.join(dataDir, 'backups'))).sort()).toEqual([
      'before-the-upgrade.tar.gz',
      'statefront-20261127T020000Z.tar.gz',
      'statefront-20261127T030000Z.tar.gz',
    ]);
  });

  it('when a second instance ticks within the same period, then it takes none (one backup a period)', async () => {
    expect(await scheduledBackup(db, dataDir, schedule, logger, at('2026-11-27T03:10:00Z'))).toBeUndefined();
  });

  it('when the shop stops while a scheduled backup is under way, then the stop waits for it and its file is whole', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'statefront-schedule-stop-'));
    const errors: unknown[] = [];
    const watching = pino({ level: 'error' }, { write: (line: string) => void errors.push(line) });
    // The database holds every call of the backup until the test has asked the schedule to stop.
    let started!: () => void;
    const backupStarted = new Promise<void>((resolve) => (started = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const held = new Proxy(db, {
      get(target, name, receiver) {
        const value: unknown = Reflect.get(target, name, receiver);
        if (typeof value !== 'function' || name === 'close') return value;
        return async (...args: unknown[]) => {
          started();
          await released;
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
    try {
      // A tick every 36 ms: the first one starts a backup.
      const stop = scheduleBackups(held, dir, { everyHours: 0.00001, keep: 2 }, watching);
      await backupStarted;
      const stopped = stop(60_000);
      release();
      await stopped;
      const files = await readdir(path.join(dir, 'backups'));
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/^statefront-\d{8}T\d{6}Z\.tar\.gz$/);
      expect((await verifyBackup(path.join(dir, 'backups', files[0]!))).source.kind).toBe(db.kind);
      expect(errors).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('when BACKUP_EVERY_HOURS is not a positive number or 0, then the configuration is refused with a sentence', async () => {
    const secrets = { TOKEN_SECRET: 'x'.repeat(32), INTERNAL_SECRET: 'y'.repeat(32) };
    expect((await loadApiConfig({ ...secrets, BACKUP_EVERY_HOURS: '0.5' })).BACKUP_EVERY_HOURS).toBe(0.5);
    expect((await loadApiConfig({ ...secrets })).BACKUP_EVERY_HOURS).toBe(0);
    await expect(loadApiConfig({ ...secrets, BACKUP_EVERY_HOURS: 'daily' })).rejects.toThrow(
      /BACKUP_EVERY_HOURS: must be a number of hours/,
    );
    await expect(loadApiConfig({ ...secrets, BACKUP_EVERY_HOURS: '-1' })).rejects.toThrow(/BACKUP_EVERY_HOURS/);
  });
});
