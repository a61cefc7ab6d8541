import { randomUUID } from 'node:crypto';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import type { Logger } from 'pino';
import { type HubRedis, openHubRedis } from './redis-client.ts';
import { createRedisPresence, type RedisPresence } from './redis-presence.ts';
import { openScreenBus, type ScreenBus } from './screen-bus.ts';
import { closeRedis, reconnectBackoff, withHandledCommands } from '#server/redis-watchdog.ts';

export type SharedState = {
  /** The socket.io adapter factory (Redis Streams: broadcasts and recovery across instances). */
  adapter: ReturnType<typeof createAdapter>;
  presence: RedisPresence;
  /** The connection itself, for per-address chat limits every instance counts together. */
  redis: HubRedis;
  /** Shared screens between instances, by pub/sub: kept nowhere (decision 022). */
  screens: ScreenBus;
  /** Takes this instance's admins out of presence: first thing on shutdown, so no new conversation comes here. */
  leave(): Promise<void>;
  /** Closes the connection, once socket.io has closed (it persists sessions on the way out). */
  close(): Promise<void>;
};

export type SharedStateOptions = { presenceTtlMs: number; logger: Logger };

/**
 * What several API instances share through one Redis: socket.io's adapter (the Streams one,
 * since the classic pub/sub adapter loses what a dropped socket missed) and admin presence.
 * Conversations are in the shop's database, which every instance shares too (decision 018). Each hub is one instance, with its own id in presence entries.
 */
export const openSharedState = (url: string, { presenceTtlMs, logger }: SharedStateOptions): SharedState => {
  const redis = openHubRedis(url, logger);
  // Its duplicates (a blocking reader, a subscriber) are quiet for seconds: no socket timeout there.
  const adapter = createAdapter(withHandledCommands(redis, { socket: { reconnectStrategy: reconnectBackoff } }), {
    streamName: 'sf:chat:stream',
    channelPrefix: 'sf:chat:io',
    sessionKeyPrefix: 'sf:chat:session:',
  });
  const presence = createRedisPresence(redis, { instanceId: randomUUID(), ttlMs: presenceTtlMs, logger });
  const screens = openScreenBus(redis, logger);
  return {
    adapter,
    presence,
    redis,
    screens,
    async leave() {
      // Without a connection the command would wait in the queue forever; the heartbeat's TTL does it instead.
      if (!redis.isReady) return presence.abandon();
      try {
        await presence.close();
      } catch (err) {
        logger.error({ err }, 'could not remove this instance from chat presence; its entries expire with the heartbeat');
      }
    },
    async close() {
      redis.stopWatching();
      await screens.close();
      await closeRedis(redis);
    },
  };
};
