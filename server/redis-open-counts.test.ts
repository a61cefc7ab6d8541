import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDIS_SERVER_BINARY, type RedisServer, startRedisServer } from '../tests/support/redis-server.ts';
import { createLogger } from './logger.ts';
import type { OpenCap } from './open-counts.ts';
import { type HubRedis, openHubRedis } from '../api/realtime/redis-client.ts';
import { type SharedOpenCounts, type Taken, sharedOpenCounts } from './redis-open-counts.ts';

const logger = createLogger('silent');
const TTL_MS = 300;

describe.skipIf(!existsSync(REDIS_SERVER_BINARY))('open sockets counted across instances in redis', () => {
  let server: RedisServer;
  const clients: HubRedis[] = [];
  const counters: SharedOpenCounts[] = [];
  beforeAll(async () => {
    server = await startRedisServer();
  });
  afterAll(async () => {
    for (const c of counters) c.abandon();
    for (const c of clients) if (c.isOpen) await c.close();
    await server?.stop();
  });

  /** One instance's counter: its own connection, its own id and heartbeat. */
  const instance = async () => {
    const redis = openHubRedis(server.url, logger);
    clients.push(redis);
    while (!redis.isReady) await new Promise((r) => setTimeout(r, 10));
    const counts = sharedOpenCounts(redis, {
      prefix: 'test:open',
      logger,
      ttlMs: TTL_MS,
    });
    counters.push(counts);
    return { redis, counts };
  };
  const admitted = (answers: Taken[]) => answers.filter((t) => 'release' in t);
  const address = (ip: string, max = 3): OpenCap[] => [{ key: `address:${ip}`, max }];

  it('when one address opens sockets on two instances, then they count together up to the cap, and a socket closed on one makes room on the other', async () => {
    const a = await instance();
    const b = await instance();
    const answers = await Promise.all([a, b, a, b, a, b].map((i) => i.counts.take(address('10.1.0.1'))));
    expect(admitted(answers)).toHaveLength(3);
    expect(await b.counts.take(address('10.1.0.1'))).toEqual({
      full: address('10.1.0.1')[0],
    });
    expect('release' in (await b.counts.take(address('10.1.0.2')))).toBe(true);

    const onA = answers.findIndex((t, n) => n % 2 === 0 && 'release' in t);
    (answers[onA] as { release: () => void }).release();
    await expect.poll(async () => 'release' in (await b.counts.take(address('10.1.0.1')))).toBe(true);
  });

  it('when a socket counts against its address and its session, then the first full key is named and nothing is counted', async () => {
    const a = await instance();
    const b = await instance();
    const both = (ip: string): OpenCap[] => [...address(ip, 5), { key: 'session:s-1', max: 2 }];
    expect(admitted([await a.counts.take(both('10.2.0.1')), await b.counts.take(both('10.2.0.2'))])).toHaveLength(2);
    expect(await a.counts.take(both('10.2.0.3'))).toEqual({
      full: { key: 'session:s-1', max: 2 },
    });
    // The refused socket took nothing from its address: five more fit there.
    expect(admitted(await Promise.all([1, 2, 3, 4, 5, 6].map(() => b.counts.take(address('10.2.0.3', 5)))))).toHaveLength(5);
  });

  it('when an instance dies without a goodbye, then its sockets stop counting once its heartbeat expires; a graceful stop frees them at once', async () => {
    const a = await instance();
    const b = await instance();
    expect(admitted(await Promise.all([1, 2, 3].map(() => a.counts.take(address('10.3.0.1')))))).toHaveLength(3);
    a.counts.abandon();
    expect('full' in (await b.counts.take(address('10.3.0.1')))).toBe(true);
    // A refused take counts nothing: asking again until one is let in waits for the heartbeat to expire.
    await expect.poll(async () => 'release' in (await b.counts.take(address('10.3.0.1'))), { timeout: TTL_MS * 10 }).toBe(true);

    const c = await instance();
    expect(admitted(await Promise.all([1, 2, 3].map(() => c.counts.take(address('10.3.0.2')))))).toHaveLength(3);
    await c.counts.close();
    expect('release' in (await b.counts.take(address('10.3.0.2')))).toBe(true);
  });

  it('when redis is unreachable, then an instance counts alone against the same cap, and once redis is back its sockets count for every instance', async () => {
    const redis = openHubRedis(server.url, logger);
    clients.push(redis);
    while (!redis.isReady) await new Promise((r) => setTimeout(r, 10));
    let reachable = false;
    // The connection as the counter sees it: "not ready" is what a lost connection looks like.
    const link = {
      get isReady() {
        return reachable && redis.isReady;
      },
      sendCommand: (args: string[]) => redis.sendCommand(args),
    };
    const a = sharedOpenCounts(link, {
      prefix: 'test:open',
      logger,
      ttlMs: TTL_MS,
    });
    counters.push(a);
    const b = await instance();

    expect(admitted(await Promise.all([1, 2, 3, 4].map(() => a.take(address('10.4.0.1')))))).toHaveLength(3);
    expect('release' in (await b.counts.take(address('10.4.0.1')))).toBe(true);

    reachable = true;
    await expect.poll(async () => 'full' in (await b.counts.take(address('10.4.0.1'))), { timeout: TTL_MS * 10 }).toBe(true);
  });
});
