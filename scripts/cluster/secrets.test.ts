import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clusterSecrets, SECRET_NAMES } from './secrets.ts';

describe("the cluster's secrets", () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'statefront-secrets-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('when the cluster starts the first time, then each secret is made, long and random, in a file only its owner reads', async () => {
    const secrets = await clusterSecrets(dir);
    for (const name of SECRET_NAMES) expect(secrets[name].length).toBeGreaterThanOrEqual(32);
    expect(new Set(Object.values(secrets)).size).toBe(SECRET_NAMES.length);
    expect((await stat(path.join(dir, 'secrets.json'))).mode & 0o777).toBe(0o600);
  });

  it('when it starts again (or two launchers race), then every instance gets the same secrets as before', async () => {
    const [a, b] = await Promise.all([clusterSecrets(dir), clusterSecrets(dir)]);
    expect(b).toEqual(a);
    expect(await clusterSecrets(dir)).toEqual(a);
  });

  it('when the file lost a secret, then the start stops with a sentence naming the file, instead of making sessions nobody can read', async () => {
    await writeFile(path.join(dir, 'secrets.json'), JSON.stringify({ TOKEN_SECRET: 'short' }), { mode: 0o600 });
    await expect(clusterSecrets(dir)).rejects.toThrow(/secrets\.json lacks one of TOKEN_SECRET/);
    expect(await readFile(path.join(dir, 'secrets.json'), 'utf8')).toContain('short');
  });
});
