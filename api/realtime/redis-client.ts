import type { Logger } from 'pino';
import { createClient } from 'redis';
import { HUNG_SOCKET_TIMEOUT_MS, REDIS_COMMAND_TIMEOUT_MS, reconnectBackoff, watchForHang } from '#server/redis-watchdog.ts';

/**
 * The hub's Redis connection. Connecting starts at once and commands issued meanwhile wait in
 * node-redis's queue (at most REDIS_COMMAND_TIMEOUT_MS), which lets the hub attach
 * synchronously like the in-memory one. Errors are logged and node-redis keeps reconnecting
 * (with its backoff) instead of crashing the API; a Redis that hangs is dropped and reconnected
 * by the watchdog (`stopWatching` on close). socket.io's adapter gets it through
 * `adapterRedis` (shared-state.ts).
 */
export const openHubRedis = (url: string, logger: Logger) => {
  const client = createClient({
    url,
    commandOptions: { timeout: REDIS_COMMAND_TIMEOUT_MS },
    socket: { socketTimeout: HUNG_SOCKET_TIMEOUT_MS, reconnectStrategy: reconnectBackoff },
  });
  client.on('error', (err: unknown) => logger.error({ err }, 'chat redis connection failed'));
  client.connect().catch((err: unknown) => logger.error({ err }, 'chat redis did not connect'));
  const stopWatching = watchForHang(client, {
    onHung: () => logger.warn('chat redis does not answer: reconnecting; chat limits count on this instance meanwhile'),
  });
  return Object.assign(client, { stopWatching });
};

export type HubRedis = ReturnType<typeof openHubRedis>;
