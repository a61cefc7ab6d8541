import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError } from '#server/env.ts';
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
    await expect(loadBffConfig({ NODE_ENV: 'production', DATA_DIR: await tempDir() })).rejects.toThrow(
      /SESSION_SECRET: is required in production/,
    );
  });

  it('when PARTNER_ORIGINS lists sites, then they become origins', async () => {
    const config = await loadBffConfig({ DATA_DIR: await tempDir(), PARTNER_ORIGINS: 'https://a.example/, https://b.example:8443' });
    expect(config.PARTNER_ORIGINS).toEqual(['https://a.example', 'https://b.example:8443']);
  });

  it('when values are malformed, then every bad variable is named at once', async () => {
    const error = await loadBffConfig({ PORT: 'abc', API_URL: 'ftp://x', PARTNER_ORIGINS: 'not a url', SESSION_SECRET: 'short' }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ConfigError);
    for (const name of ['PORT', 'API_URL', 'PARTNER_ORIGINS', 'SESSION_SECRET']) expect((error as Error).message).toContain(`- ${name}`);
  });

  it('when no limit or proxy is set, then no proxy is trusted and the limits have their documented defaults', async () => {
    const config = await loadBffConfig({ DATA_DIR: await tempDir() });
    expect(config.TRUST_PROXY).toBe(false);
    expect(config).toMatchObject({
      API_LIMIT_PER_MINUTE: 600,
      API_GUEST_LIMIT_PER_MINUTE: 1200,
      LOGIN_FAILURES_PER_ACCOUNT: 10,
      LOGIN_FAILURES_PER_ADDRESS: 50,
      LOGIN_FAILURE_WINDOW_MINUTES: 15,
    });
  });

  it('when TRUST_PROXY is a hop count or a list, then it becomes what `trust proxy` takes', async () => {
    const dir = await tempDir();
    expect((await loadBffConfig({ DATA_DIR: dir, TRUST_PROXY: '2' })).TRUST_PROXY).toBe(2);
    expect((await loadBffConfig({ DATA_DIR: dir, TRUST_PROXY: 'loopback, 10.0.0.0/8,2001:db8::/32' })).TRUST_PROXY).toEqual([
      'loopback',
      '10.0.0.0/8',
      '2001:db8::/32',
    ]);
    expect((await loadBffConfig({ DATA_DIR: dir, API_GUEST_LIMIT_PER_MINUTE: '5000' })).API_GUEST_LIMIT_PER_MINUTE).toBe(5000);
  });

  it('when TRUST_PROXY would trust everyone or names no address, or a limit is not a positive whole number, then start-up stops naming each', async () => {
    for (const value of ['true', '10.0.0.999', 'proxy.example']) {
      await expect(loadBffConfig({ DATA_DIR: await tempDir(), TRUST_PROXY: value })).rejects.toThrow(/- TRUST_PROXY: must be a hop count/);
    }
    const error = (await loadBffConfig({ DATA_DIR: await tempDir(), API_LIMIT_PER_MINUTE: '0', LOGIN_FAILURES_PER_ADDRESS: 'many' }).catch(
      (e: unknown) => e,
    )) as Error;
    expect(error.message).toContain('- API_LIMIT_PER_MINUTE');
    expect(error.message).toContain('- LOGIN_FAILURES_PER_ADDRESS');
  });
});
