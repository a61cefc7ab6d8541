import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDIS_SERVER_BINARY, type RedisServer, startRedisServer } from '../../tests/support/redis-server.ts';
import { createLogger } from '#server/logger.ts';
import { keyedWindows } from './rate-limit.ts';
import { type HubRedis, openHubRedis } from './redis-client.ts';
import { redisWindows } from './redis-limits.ts';

const logger = createLogger('silent');

describe.skipIf(!existsSync(REDIS_SERVER_BINARY))('per-address windows in redis', () => {
  let server: RedisServer;
  const clients: HubRedis[] = [];
  beforeAll(async () => {
    server = await startRedisServer();
  });
  afterAll(async () => {
    for (const c of clients) if (c.isOpen) await c.close();
    await server?.stop();
  });

  /** One API instance's counter: its own connection, its own local fallback. */
  const instance = async (prefix: string) => {
    const redis = openHubRedis(server.url, logger);
    clients.push(redis);
    while (!redis.isReady) await new Promise((r) => setTimeout(r, 10));
    return { redis, hit: redisWindows(redis, { prefix, max: 4, windowMs: 60_000, local: keyedWindows(4, 60_000), logger }) };
  };

  it('when one address sends through two instances, then they count together and the fifth is refused on either; another address is not', async () => {
    const [a, b] = [await instance('t1'), await instance('t1')];
    const answers = [await a.hit('10.0.0.1'), await b.hit('10.0.0.1'), await a.hit('10.0.0.1'), await b.hit('10.0.0.1')];
    expect(answers).toEqual([true, true, true, true]);
    expect(await a.hit('10.0.0.1')).toBe(false);
    expect(await b.hit('10.0.0.1')).toBe(false);
    expect(await b.hit('10.0.0.2')).toBe(true);
    expect(await a.redis.pTTL('t1:10.0.0.1')).toBeGreaterThan(55_000);
  });

  it('when redis is gone, then the instance counts alone instead of waiting or letting everything through', async () => {
    const a = await instance('t2');
    await a.redis.close();
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => a.hit('10.0.0.3')));
    expect(answers).toEqual([true, true, true, true, false]);
  });
});
