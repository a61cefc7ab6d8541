import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { firstOpenApart, isNewDataDir } from './first-open.ts';
import { openDb } from './index.ts';

describe('embedded database on disk', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('when a new DATA_DIR is opened, then its database is made in a process that has ended (decision 014); when the shop stops and starts again, then what was written before is still there and migrations are not rerun', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'statefront-persist-'));
    dirs.push(dataDir);
    expect(isNewDataDir(dataDir)).toBe(true);
    const made = await firstOpenApart({ dataDir, seed: false, production: false });
    expect(made).toMatchObject({ seeded: null });
    expect(made!.pid).not.toBe(process.pid);
    expect(() => process.kill(made!.pid, 0)).toThrow();
    expect(isNewDataDir(dataDir)).toBe(false);

    const first = await openDb({ dataDir });
    await first.query(`insert into categories (name, description) values ('Kept', 'survives a restart')`);
    const { rows: before } = await first.query<{ n: number }>('select count(*)::int as n from schema_migrations');
    await first.close();

    const second = await openDb({ dataDir });
    try {
      const { rows } = await second.query<{ description: string }>(`select description from categories where name = 'Kept'`);
      expect(rows).toEqual([{ description: 'survives a restart' }]);
      const { rows: after } = await second.query<{ n: number }>('select count(*)::int as n from schema_migrations');
      expect(after).toEqual(before);
      // Sized for a small server (decision 014), not PostgreSQL's 128 MB of shared buffers.
      const { rows: settings } = await second.query<{ name: string; setting: string }>(
        `select name, current_setting(name) as setting from pg_settings where name in ('shared_buffers', 'work_mem', 'maintenance_work_mem') order by name`,
      );
      expect(settings).toEqual([
        { name: 'maintenance_work_mem', setting: '16MB' },
        { name: 'shared_buffers', setting: '16MB' },
        { name: 'work_mem', setting: '2MB' },
      ]);
    } finally {
      await second.close();
    }
  });
});
