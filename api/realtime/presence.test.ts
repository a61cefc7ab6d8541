import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { REDIS_SERVER_BINARY, type RedisServer, startRedisServer } from '../../tests/support/redis-server.ts';
import { createLogger } from '../logger.ts';
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
  it.runIf(runs)('when conversations start, then each goes to the connected admin holding the fewest', async () => {
    const p = create();
    await p.add('a', 'user-a');
    await p.add('b', 'user-b');
    const picks = [await p.claim(), await p.claim(), await p.claim(), await p.claim()].map((x) => x?.socketId);
    expect(picks.filter((s) => s === 'a')).toHaveLength(2);
    expect(picks.filter((s) => s === 'b')).toHaveLength(2);
    await p.release('a');
    await p.release('a');
    expect((await p.claim())?.socketId).toBe('a');
  });

  it.runIf(runs)(
    'when an admin is between connections, then new conversations go to a connected one, and to no one if none is connected',
    async () => {
      const p = create();
      await p.add('a', 'user-a');
      await p.add('b', 'user-b');
      await p.claim();
      await p.claim();
      await p.setConnected('a', false);
      expect((await p.claim())?.socketId).toBe('b');
      await p.remove('b');
      expect(await p.claim()).toBeUndefined();
      await p.setConnected('a', true);
      expect((await p.claim())?.socketId).toBe('a');
    },
  );

  it.runIf(runs)('when an admin comes back on a new socket, then their customers are offered to them first', async () => {
    const p = create();
    await p.add('b', 'user-b');
    await p.add('a2', 'user-a');
    await p.claim();
    expect(await p.claim('user-a')).toEqual({ socketId: 'a2', userId: 'user-a' });
  });
});

describe.skipIf(!hasRedis)('admin presence in Redis across instances', () => {
  it('when an admin is on another instance, then this one sees them and can hand them a conversation', async () => {
    const instance = redisDeployment();
    const here = instance('here');
    const there = instance('there');
    await there.add('s1', 'user-1');
    expect(await here.has('s1')).toBe(true);
    expect(await here.claim()).toEqual({ socketId: 's1', userId: 'user-1' });
  });

  it('when an instance shuts down, then its admins are gone at once and the others stay', async () => {
    const instance = redisDeployment();
    const leaving = instance('leaving');
    const staying = instance('staying');
    await leaving.add('gone', 'user-1');
    await staying.add('kept', 'user-2');
    await leaving.close();
    expect(await staying.has('gone')).toBe(false);
    expect(await staying.claim()).toEqual({ socketId: 'kept', userId: 'user-2' });
    expect(await staying.claim()).toEqual({ socketId: 'kept', userId: 'user-2' });
  });

  it('when Redis loses everything (a restart), then an instance writes its connected admins again with its next heartbeat', async () => {
    const prefix = `test:${randomUUID()}`;
    const p = redisDeployment(prefix)('survivor', 150);
    await p.add('s1', 'user-1');
    await p.add('s2', 'user-2');
    await p.setConnected('s2', false);
    await redis!.del([`${prefix}:admins`, `${prefix}:load`, `${prefix}:offline`, `${prefix}:instance:survivor`]);
    expect(await p.has('s1')).toBe(false);

    await vi.waitFor(async () => expect(await p.has('s1')).toBe(true), { timeout: 10_000, interval: 20 });
    // One inside its recovery window may come back elsewhere: only its new instance writes it.
    expect(await p.has('s2')).toBe(false);
  });
});
