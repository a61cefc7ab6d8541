import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../contracts/env.ts';
import { loadBffConfig } from './config.ts';

const dirs: string[] = [];
const tempDir = async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'statefront-bff-config-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

describe('loadBffConfig', () => {
  it('when nothing is set, then the shop serves on 3000 with a secret kept under DATA_DIR', async () => {
    const dir = await tempDir();
    const config = await loadBffConfig({ DATA_DIR: dir });
    expect(config.PORT).toBe(3000);
    expect(config.API_URL).toBeUndefined();
    expect(config.SESSION_SECRET).toBe((await readFile(path.join(dir, 'session-secret'), 'utf8')).trim());
    expect((await loadBffConfig({ DATA_DIR: dir })).SESSION_SECRET).toBe(config.SESSION_SECRET);
  });

  it('when production has no SESSION_SECRET, then start-up stops naming the variable', async () => {
    await expect(loadBffConfig({ NODE_ENV: 'production', DATA_DIR: await tempDir() })).rejects.toThrow(/SESSION_SECRET: is required in production/);
  });

  it('when PARTNER_ORIGINS lists sites, then they become origins', async () => {
    const config = await loadBffConfig({ DATA_DIR: await tempDir(), PARTNER_ORIGINS: 'https://a.example/, https://b.example:8443' });
    expect(config.PARTNER_ORIGINS).toEqual(['https://a.example', 'https://b.example:8443']);
  });

  it('when values are malformed, then every bad variable is named at once', async () => {
    const error = await loadBffConfig({ PORT: 'abc', API_URL: 'ftp://x', PARTNER_ORIGINS: 'not a url', SESSION_SECRET: 'short' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigError);
    for (const name of ['PORT', 'API_URL', 'PARTNER_ORIGINS', 'SESSION_SECRET']) expect((error as Error).message).toContain(`- ${name}`);
  });
});
