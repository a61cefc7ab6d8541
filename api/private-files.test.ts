import { chmod, lstat, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { settleDataDir, settledLine } from './private-files.ts';

let dir = '';
afterEach(() => rm(dir, { recursive: true, force: true }));

const modeOf = async (relative: string) => (await lstat(path.join(dir, relative))).mode & 0o777;

describe('DATA_DIR left open by an older version', () => {
  it('when folders and files are open to others, then only their bits for others change; images stay readable and DATA_DIR passable', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'statefront-private-'));
    await mkdir(path.join(dir, 'pglite', 'pg_wal'), { recursive: true });
    await mkdir(path.join(dir, 'images'), { recursive: true });
    await writeFile(path.join(dir, 'pglite', 'pg_wal', '000000010000000000000001'), '$argon2id$');
    await writeFile(path.join(dir, 'tool.sh'), '#!/bin/sh');
    await writeFile(path.join(dir, 'images', 'lamp.jpg'), 'jpeg');
    await symlink('/etc/hostname', path.join(dir, 'link'));
    for (const [relative, mode] of [
      ['', 0o777],
      ['pglite', 0o755],
      ['pglite/pg_wal', 0o777],
      ['pglite/pg_wal/000000010000000000000001', 0o666],
      ['tool.sh', 0o775],
      ['images', 0o700],
      ['images/lamp.jpg', 0o600],
    ] as const)
      await chmod(path.join(dir, relative), mode);

    const closed = await settleDataDir(dir);

    expect(closed).toBe(5);
    expect(settledLine(dir, closed)).toMatch(/^Closed 5 files and folders in .* that other users of this machine could read/);
    expect(settledLine(dir, 0)).toBeNull();
    expect(await modeOf('')).toBe(0o711);
    expect(await modeOf('pglite')).toBe(0o700);
    expect(await modeOf('pglite/pg_wal')).toBe(0o700);
    expect(await modeOf('pglite/pg_wal/000000010000000000000001')).toBe(0o600);
    expect(await modeOf('tool.sh')).toBe(0o700);
    expect(await modeOf('images')).toBe(0o755);
    expect(await modeOf('images/lamp.jpg')).toBe(0o644);
    expect(await settleDataDir(dir)).toBe(0);
  });
});
