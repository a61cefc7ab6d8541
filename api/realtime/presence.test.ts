import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { REDIS_SERVER_BINARY, type RedisServer, startRedisServer } from '../../tests/support/redis-server.ts';
import { createLogger } from '#server/logger.ts';
import { type AdminPresence, createMemoryPresence } from './presence.ts';
import { type HubRedis, openHubRedis } from './redis-client.ts';
import { createRedisPresence, type RedisPresence } from './redis-presence.ts';

const hasRedis = existsSync(REDIS_SERVER_BINARY);
const logger = createLogger('silent');
let server: RedisServer | undefined;
let redis: HubRedis | undefined;
const made: RedisPresence[] = [];

beforeAll(async () => {
  if (!hasRedis) return;
  server = await startRedisServer();
  redis = openHubRedis(server.url, logger);
});
afterAll(async () => {
  for (const p of made) p.abandon();
  await redis?.close();
  await server?.stop();
});

/** Instances of one deployment share a prefix; each test gets its own deployment. */
const redisDeployment = (prefix = `test:${randomUUID()}`) => {
  return (instanceId = 'one', ttlMs = 60_000) => {
    const p = createRedisPresence(redis!, { instanceId, ttlMs, prefix, logger });
    made.push(p);
    return p;
  };
};

const stores: Array<[string, () => AdminPresence, boolean]> = [
  ['in memory', createMemoryPresence, true],
  ['in Redis', () => redisDeployment()(), hasRedis],
];

describe.each(stores)('admin presence %s', (_name, create, runs) => {
  it.runIf(runs)('when admins come, drop and leave, then someone is online only while a connected admin is there', async () => {
    const p = create();
    expect(await p.online()).toBe(false);
    await p.add('a', 'user-a');
    await p.add('b', 'user-b');
    expect(await p.online()).toBe(true);
    await p.setConnected('a', false);
    expect(await p.online()).toBe(true);
    await p.remove('b');
    // Inside its recovery window an admin is still an admin, but nobody reads the customer now.
    expect(await p.has('a')).toBe(true);
    expect(await p.online()).toBe(false);
    await p.setConnected('a', true);
    expect(await p.online()).toBe(true);
  });
});

describe.skipIf(!hasRedis)('admin presence in Redis across instances', () => {
  it('when an admin is on another instance, then this one sees them online', async () => {
    const instance = redisDeployment();
    const here = instance('here');
    const there = instance('there');
    await there.add('s1', 'user-1');
    expect(await here.has('s1')).toBe(true);
    expect(await here.online()).toBe(true);
  });

  it('when an instance shuts down, then its admins are gone at once and the others stay', async () => {
    const instance = redisDeployment();
    const leaving = instance('leaving');
    const staying = instance('staying');
    await leaving.add('gone', 'user-1');
    await staying.add('kept', 'user-2');
    await leaving.close();
    expect(await staying.has('gone')).toBe(false);
    expect(await staying.has('kept')).toBe(true);
    expect(await staying.online()).toBe(true);
    await staying.remove('kept');
    expect(await staying.online()).toBe(false);
  });

  it('when Redis loses everything (a restart), then an instance writes its connected admins again with its next heartbeat', async () => {
    const prefix = `test:${randomUUID()}`;
    const p = redisDeployment(prefix)('survivor', 150);
    await p.add('s1', 'user-1');
    await p.add('s2', 'user-2');
    await p.setConnected('s2', false);
    await redis!.del([`${prefix}:admins`, `${prefix}:offline`, `${prefix}:instance:survivor`]);
    expect(await p.has('s1')).toBe(false);

    await vi.waitFor(async () => expect(await p.has('s1')).toBe(true), { timeout: 10_000, interval: 20 });
    // One inside its recovery window may come back elsewhere: only its new instance writes it.
    expect(await p.has('s2')).toBe(false);
  });
});
