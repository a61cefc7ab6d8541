import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * What npm start's two processes load only when a setting asks for it (decision 014): node-redis
 * and socket.io's Streams adapter with REDIS_URL, the PostgreSQL driver with DATABASE_URL, the
 * embedded database and the image library when they are opened or used, prom-client with METRICS_TOKEN. Each is tens of MB a
 * small shop would hold for nothing. Checked by importing what scripts/start-api.ts and
 * scripts/start.ts import, in a node of its own, with a resolve hook that lists every package reached.
 */
const LAZY = ['redis', '@redis/client', '@socket.io/redis-streams-adapter', 'pg', '@electric-sql/pglite', 'sharp', 'prom-client'];

const HOOK = `import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  if (result.url.includes('/node_modules/')) appendFileSync(process.env.LOADED_LOG, result.url + '\\n');
  return result;
}
`;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'statefront-lazy-'));
  await writeFile(path.join(dir, 'hook.mjs'), HOOK);
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

const packagesLoadedBy = async (script: string): Promise<Set<string>> => {
  const log = path.join(dir, `${Math.random().toString(36).slice(2)}.log`);
  await writeFile(log, '');
  const register = `data:text/javascript,import{register}from"node:module";register(${JSON.stringify(`file://${dir}/hook.mjs`)})`;
  await promisify(execFile)(process.execPath, ['--import', 'tsx', '--import', register, '--input-type=module', '-e', script], {
    env: { ...process.env, LOADED_LOG: log },
  });
  const urls = (await readFile(log, 'utf8')).split('\n').filter(Boolean);
  return new Set(urls.map((url) => /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url)?.[1] ?? url));
};

describe('npm start loads what a setting asks for only when it is set (decision 014)', () => {
  it('when the API and the BFF are imported as npm start imports them, then no Redis, PostgreSQL, embedded-database or image package is loaded', async () => {
    const loaded = await packagesLoadedBy("await import('./api/index.ts'); await import('./bff/index.ts');");
    // The check sees packages at all: the servers' own frameworks are there.
    expect(loaded).toContain('express');
    expect(loaded).toContain('socket.io');
    expect(LAZY.filter((name) => loaded.has(name))).toEqual([]);
  });
});
