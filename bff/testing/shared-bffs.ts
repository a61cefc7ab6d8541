import { type RedisServer, startRedisServer } from '../../tests/support/redis-server.ts';
import type { BffConfig } from '../config.ts';
import { type TestBff, startTestBff } from './bff-harness.ts';
import { type FakeApi, startFakeApi } from './fake-api.ts';

export type SharedBffs = { redis: RedisServer; upstream: FakeApi; first: TestBff; second: TestBff; stop: () => Promise<void> };

/**
 * Two BFF instances sharing one Redis in front of one fake API: what a limit "shared across
 * instances" is tested against. `config` is each instance's, REDIS_URL added.
 */
export const startSharedBffs = async (config: Partial<BffConfig>): Promise<SharedBffs> => {
  const redis = await startRedisServer();
  const upstream = await startFakeApi();
  const shared = { ...config, REDIS_URL: redis.url };
  const first = await startTestBff({ apiUrl: upstream.url, config: shared });
  const second = await startTestBff({ apiUrl: upstream.url, config: shared });
  return {
    redis,
    upstream,
    first,
    second,
    stop: async () => {
      await first.stop();
      await second.stop();
      await upstream.stop();
      await redis.stop();
    },
  };
};
