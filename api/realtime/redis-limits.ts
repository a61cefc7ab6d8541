import type { Logger } from 'pino';
import type { HubRedis } from './redis-client.ts';

export type KeyedLimit = (key: string) => Promise<boolean>;

/** Counts a hit; the first one opens the window (the key lives `windowMs`). Atomic, so no key is left without its expiry. */
const HIT = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return n
`;

export type RedisWindowsOptions = { prefix: string; max: number; windowMs: number; local: (key: string) => boolean; logger: Logger };

/**
 * `keyedWindows` counted in Redis, so every API instance counts the same messages and
 * conversations of an address: one script call per hit. While Redis is away this instance
 * counts alone (`local`), rather than waiting in node-redis's offline queue or letting
 * everything through.
 */
export const redisWindows = (redis: HubRedis, { prefix, max, windowMs, local, logger }: RedisWindowsOptions): KeyedLimit => {
  return async (key) => {
    if (!redis.isReady) return local(key);
    try {
      const count = await redis.eval(HIT, { keys: [`${prefix}:${key}`], arguments: [String(windowMs)] });
      return Number(count) <= max;
    } catch (err) {
      logger.warn({ err }, 'chat limit counter failed in redis; counting on this instance meanwhile');
      return local(key);
    }
  };
};
