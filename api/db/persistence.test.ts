import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDb } from './index.ts';

describe('embedded database on disk', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('when the shop stops and starts again, then what was written before is still there and migrations are not rerun', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'statefront-persist-'));
    dirs.push(dataDir);
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
    } finally {
      await second.close();
    }
  });
});
