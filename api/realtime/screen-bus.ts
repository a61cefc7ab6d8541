import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { parseSharedScreen, type ScreenToAdmin } from '#contracts/shared-screen.ts';
import { closeRedis, reconnectBackoff } from '#server/redis-watchdog.ts';
import type { HubRedis } from './redis-client.ts';

/** Redis pub/sub: a message reaches the instances listening now and is kept nowhere. */
const CHANNEL = 'sf:chat:screens';

export type ScreenBus = {
  /** To every other instance: a screen shown, or `screen: null` when it stopped. */
  publish(shown: ScreenToAdmin): void;
  /** What the other instances publish. */
  listen(onShown: (shown: ScreenToAdmin) => void): void;
  close(): Promise<void>;
};

const parse = (message: string, self: string): ScreenToAdmin | undefined => {
  try {
    const { from, user, screen } = JSON.parse(message) as { from?: unknown; user?: unknown; screen?: unknown };
    if (from === self || typeof user !== 'string') return undefined;
    if (screen === null) return { user, screen: null };
    const parsed = parseSharedScreen(screen);
    return parsed ? { user, screen: parsed } : undefined;
  } catch {
    return undefined;
  }
};

/**
 * Shared screens between API instances (decision 022). Not through socket.io's adapter: the
 * Streams adapter writes every broadcast into a Redis stream, kept until the stream is trimmed,
 * and the rule is that nothing of a screen outlives its share. Pub/sub keeps nothing; a
 * screen missed while Redis is away is made good by the next update, or by the admin page's
 * `screen list` on its reconnect.
 */
export const openScreenBus = (redis: HubRedis, logger: Logger): ScreenBus => {
  const self = randomUUID();
  // Quiet for as long as nobody shares: no socket timeout on this connection, only reconnection.
  const subscriber = redis.duplicate({ socket: { reconnectStrategy: reconnectBackoff } });
  subscriber.on('error', (err: unknown) => logger.error({ err }, 'shared screen subscription failed'));
  const connected = subscriber.connect().catch((err: unknown) => logger.error({ err }, 'shared screen subscription did not connect'));
  return {
    publish(shown) {
      redis
        .publish(CHANNEL, JSON.stringify({ from: self, ...shown }))
        .catch((err: unknown) => logger.warn({ err }, 'a shared screen did not reach the other instances'));
    },
    listen(onShown) {
      void connected
        .then(() =>
          subscriber.subscribe(CHANNEL, (message: string) => {
            const shown = parse(message, self);
            if (shown) onShown(shown);
          }),
        )
        .catch((err: unknown) => logger.error({ err }, 'shared screen subscription failed'));
    },
    async close() {
      await connected;
      await closeRedis(subscriber);
    },
  };
};
